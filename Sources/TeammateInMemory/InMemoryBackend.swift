import Foundation
import TeammateKit

/// The cloud in memory: many households, shared by several `Device`s to simulate two phones.
///
/// Every call runs in one actor turn, so it is atomic; rules and access checks come from
/// `BackendOperations`, timestamps from the injected clock. For simulations it can push
/// changes to listeners, hold and reorder or duplicate deliveries, and take an account's
/// device offline.
///
/// ```swift
/// let cloud = InMemoryBackend(clock: ManualWallClock(start), random: SeededRandomNumberGenerator(seed: 1))
/// let alice = Device(account: "alice", backend: cloud, clock: aliceClock, scheduler: aliceCentre)
/// ```
public actor InMemoryBackend: TeammateBackend {
  var storage = InMemoryStorage()
  private let clock: any WallClock
  private var random: AnyRandomNumberGenerator
  private let joinLimit: JoinAttemptLimit
  var delivery = PushDelivery()

  public init(
    clock: any WallClock,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    joinLimit: JoinAttemptLimit = .standard
  ) {
    self.clock = clock
    self.random = AnyRandomNumberGenerator(random)
    self.joinLimit = joinLimit
  }

  // MARK: Accounts and households

  public func householdID(of account: AccountID, as actor: AccountID) throws -> HouseholdID? {
    try reachable(actor)
    return try BackendOperations.householdID(of: account, actor: actor, storage: storage)
  }

  public func linkCredential(_ credential: Credential, as actor: AccountID) throws {
    try write(actor) { storage, _ in
      try BackendOperations.linkCredential(credential, actor: actor, storage: &storage)
    }
  }

  public func createHousehold(
    name: String, timeZone: String, displayName: String, as actor: AccountID
  ) throws -> HouseholdCreation {
    try write(actor) { storage, now in
      try BackendOperations.createHousehold(
        name: name, timeZone: timeZone, displayName: displayName, actor: actor,
        storage: &storage, now: now, random: &random)
    }
  }

  public func household(_ id: HouseholdID, as actor: AccountID) throws -> Household {
    try reachable(actor)
    return try BackendOperations.household(id, actor: actor, storage: storage)
  }

  public func updateHousehold(
    _ id: HouseholdID, name: String?, timeZone: String?, as actor: AccountID
  ) throws -> Household {
    try write(actor) { storage, now in
      try BackendOperations.updateHousehold(
        id, name: name, timeZone: timeZone, actor: actor, storage: &storage, now: now)
    }
  }

  public func updateMember(
    in id: HouseholdID, displayName: String?, settings: NotificationSettings?,
    as actor: AccountID
  ) throws -> Household {
    try write(actor) { storage, now in
      try BackendOperations.updateMember(
        in: id, displayName: displayName, settings: settings, actor: actor, storage: &storage,
        now: now)
    }
  }

  public func leaveHousehold(_ id: HouseholdID, as actor: AccountID) throws {
    try write(actor) { storage, now in
      try BackendOperations.leaveHousehold(id, actor: actor, storage: &storage, now: now)
    }
  }

  // MARK: Invites

  public func issueInvite(for household: HouseholdID, as actor: AccountID) throws -> Invite {
    try write(actor) { storage, now in
      try BackendOperations.issueInvite(
        for: household, actor: actor, storage: &storage, now: now, random: &random)
    }
  }

  public func liveInvite(for household: HouseholdID, as actor: AccountID) throws -> Invite? {
    try reachable(actor)
    return try BackendOperations.liveInvite(
      for: household, actor: actor, storage: storage, now: clock.now())
  }

  public func invite(code: String, as actor: AccountID) throws -> Invite {
    try write(actor) { storage, now in
      try BackendOperations.invite(
        code: code, actor: actor, storage: &storage, now: now, limit: joinLimit)
    }.get()
  }

  public func join(code: String, displayName: String, as actor: AccountID) throws -> Household {
    try write(actor) { storage, now in
      try BackendOperations.join(
        code: code, displayName: displayName, actor: actor, storage: &storage, now: now,
        limit: joinLimit)
    }.get()
  }

  // MARK: Cards

  public func addCard(
    _ draft: CardDraft, to household: HouseholdID, as actor: AccountID
  ) throws -> Card {
    try write(actor) { storage, now in
      try BackendOperations.addCard(
        draft, to: household, actor: actor, storage: &storage, now: now, random: &random)
    }
  }

  public func addCards(
    _ drafts: [CardDraft], to household: HouseholdID, as actor: AccountID
  ) throws -> [Card] {
    try write(actor) { storage, now in
      try BackendOperations.addCards(
        drafts, to: household, actor: actor, storage: &storage, now: now, random: &random)
    }
  }

  public func editCard(
    _ id: CardID, _ edit: CardEdit, as actor: AccountID
  ) throws -> CardRules.EditOutcome {
    try write(actor) { storage, now in
      try BackendOperations.editCard(id, edit, actor: actor, storage: &storage, now: now)
    }
  }

  public func acknowledgeCard(_ id: CardID, revision: Int, as actor: AccountID) throws -> Card {
    try write(actor) { storage, now in
      try BackendOperations.acknowledgeCard(
        id, revision: revision, actor: actor, storage: &storage, now: now)
    }
  }

  public func acknowledgeCards(_ seen: [CardRevision], as actor: AccountID) throws -> [Card] {
    try write(actor) { storage, now in
      try BackendOperations.acknowledgeCards(seen, actor: actor, storage: &storage, now: now)
    }
  }

  public func setCardDone(_ id: CardID, done: Bool, as actor: AccountID) throws -> Card {
    try write(actor) { storage, now in
      try BackendOperations.setCardDone(id, done: done, actor: actor, storage: &storage, now: now)
    }
  }

  public func deleteCard(_ id: CardID, as actor: AccountID) throws -> Card {
    try write(actor) { storage, now in
      try BackendOperations.deleteCard(id, actor: actor, storage: &storage, now: now)
    }
  }

  public func card(_ id: CardID, as actor: AccountID) throws -> Card {
    try reachable(actor)
    return try BackendOperations.card(id, actor: actor, storage: storage)
  }

  public func cards(in household: HouseholdID, as actor: AccountID) throws -> [Card] {
    try reachable(actor)
    return try BackendOperations.cards(in: household, actor: actor, storage: storage)
  }

  public func changes(
    in household: HouseholdID, after cursor: Int64, limit: Int, as actor: AccountID
  ) throws -> [Change] {
    try reachable(actor)
    return try BackendOperations.changes(
      in: household, after: cursor, limit: limit, actor: actor, storage: storage)
  }

  // MARK: Atomic writes

  /// Runs one write at server time, then pushes whatever it appended to the feed.
  private func write<T>(
    _ actor: AccountID, _ body: (inout InMemoryStorage, Date) throws -> T
  ) throws -> T {
    try reachable(actor)
    defer { publish() }
    return try body(&storage, clock.now())
  }

  private func reachable(_ actor: AccountID) throws(TeammateError) {
    if delivery.offline.contains(actor) { throw .unavailable }
  }
}
