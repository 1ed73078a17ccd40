import Foundation

/// A backend that runs each call as one unit of work over its `BackendStorage`: an actor turn
/// in memory, a transaction in SQLite.
///
/// A conforming actor supplies only `read`, `write` and `joinLimit`; every call of
/// `TeammateBackend` comes from this extension, through `BackendOperations`, so that all
/// backends share one implementation of every rule.
///
/// ```swift
/// actor MyBackend: TransactionalBackend {
///   func write<T>(
///     _ checked: borrowing AccessChecked, as actor: AccountID,
///     _ body: (inout MyStorage, Date, inout AnyRandomNumberGenerator) throws -> T
///   ) throws -> T
///   func read<T>(
///     _ checked: borrowing AccessChecked, as actor: AccountID, _ body: (MyStorage, Date) throws -> T
///   ) throws -> T
/// }
/// ```
public protocol TransactionalBackend: PortableBackend, Actor {
  /// The backend's storage, reached only inside `read` and `write`.
  associatedtype Storage: BackendStorage

  /// How many wrong invite codes an account may try.
  var joinLimit: JoinAttemptLimit { get }

  /// Runs `body` as one atomic write at server time, with the backend's random source.
  func write<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (inout Storage, Date, inout AnyRandomNumberGenerator) throws -> T
  ) throws -> T

  /// Runs `body` as one consistent read at server time.
  func read<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID, _ body: (Storage, Date) throws -> T
  ) throws -> T

  /// Called before an invite code is looked up (`invite(code:as:)`, `join`), outside the
  /// lookup's own write: a backend whose storage keeps its own count of guessed codes (a
  /// server's, ADR 0014) counts the code here, so that no lookup goes uncounted. By default
  /// it does nothing.
  func countCode(_ code: String, as actor: AccountID) throws
}

extension TransactionalBackend {
  public func countCode(_ code: String, as actor: AccountID) throws {}

  public func householdID(of account: AccountID, as actor: AccountID) throws -> HouseholdID? {
    try checkedRead(as: actor) { storage, _ in
      try BackendOperations.householdID(of: account, actor: actor, storage: storage)
    }
  }

  public func linkCredential(_ credential: Credential, as actor: AccountID) throws {
    try checkedWrite(as: actor) { storage, _, _ in
      try BackendOperations.linkCredential(credential, actor: actor, storage: &storage)
    }
  }

  public func createHousehold(
    name: String, timeZone: String, displayName: String, as actor: AccountID
  ) throws -> HouseholdCreation {
    try checkedWrite(as: actor) { storage, now, random in
      try BackendOperations.createHousehold(
        name: name, timeZone: timeZone, displayName: displayName, actor: actor,
        storage: &storage, now: now, random: &random)
    }
  }

  public func household(_ id: HouseholdID, as actor: AccountID) throws -> Household {
    try followingMoves(as: actor) {
      try checkedRead(as: actor) { storage, _ in
        try BackendOperations.household(id, actor: actor, storage: storage)
      }
    }
  }

  public func leaveHousehold(
    _ id: HouseholdID, deletingHousehold: Bool, as actor: AccountID
  ) throws {
    try checkedWrite(as: actor) { storage, now, _ in
      try BackendOperations.leaveHousehold(
        id, deletingHousehold: deletingHousehold, actor: actor, storage: &storage, now: now)
    }
  }

  public func eraseAccount(deletingHousehold: Bool, as actor: AccountID) throws {
    try checkedWrite(as: actor) { storage, now, _ in
      try BackendOperations.eraseAccount(
        deletingHousehold: deletingHousehold, actor: actor, storage: &storage, now: now)
    }
  }

  public func issueInvite(for household: HouseholdID, as actor: AccountID) throws -> Invite {
    try checkedWrite(as: actor) { storage, now, random in
      try BackendOperations.issueInvite(
        for: household, actor: actor, storage: &storage, now: now, random: &random)
    }
  }

  public func liveInvite(for household: HouseholdID, as actor: AccountID) throws -> Invite? {
    try checkedRead(as: actor) { storage, now in
      try BackendOperations.liveInvite(for: household, actor: actor, storage: storage, now: now)
    }
  }

  public func invite(code: String, as actor: AccountID) throws -> Invite {
    try countCode(code, as: actor)
    let limit = joinLimit
    return try checkedWrite(as: actor) { storage, now, _ in
      try BackendOperations.invite(
        code: code, actor: actor, storage: &storage, now: now, limit: limit)
    }.get()
  }

  public func join(code: String, displayName: String, as actor: AccountID) throws -> Household {
    try countCode(code, as: actor)
    let limit = joinLimit
    return try checkedWrite(as: actor) { storage, now, _ in
      try BackendOperations.join(
        code: code, displayName: displayName, actor: actor, storage: &storage, now: now,
        limit: limit)
    }.get()
  }

  // MARK: Beyond the seam

  /// Adds several cards in one step: all of them, or none when any is refused. For filling a
  /// store at once (benchmarks, imports); a device adds cards one write at a time.
  public func addCardsAtOnce(
    _ drafts: [CardDraft], to household: HouseholdID, as actor: AccountID
  ) throws -> [Card] {
    try checkedWrite(as: actor) { storage, now, random in
      try BackendOperations.addCards(
        drafts, to: household, actor: actor, storage: &storage, now: now, random: &random)
    }
  }

  /// One card of the actor's household.
  public func oneCard(_ id: CardID, as actor: AccountID) throws -> Card {
    try checkedRead(as: actor) { storage, _ in
      try BackendOperations.card(id, actor: actor, storage: storage)
    }
  }

  /// The cards pending for the actor (`AcknowledgementRules.pending`), which a store may
  /// narrow before decoding them all.
  public func narrowedPendingCards(in household: HouseholdID, as actor: AccountID) throws
    -> [Card]
  {
    try checkedRead(as: actor) { storage, _ in
      try BackendOperations.pendingCards(in: household, actor: actor, storage: storage)
    }
  }

  // MARK: Reads and writes

  public func cards(in household: HouseholdID, as actor: AccountID) throws -> [Card] {
    try followingMoves(as: actor) {
      try checkedRead(as: actor) { storage, _ in
        try BackendOperations.cards(in: household, actor: actor, storage: storage)
      }
    }
  }

  /// NB: a write to a household that moved is refused saying where by
  /// `BackendOperations.submit` itself, inside the write, which then touches nothing.
  public func submit(_ entry: OutboxEntry, as actor: AccountID) throws -> WriteOutcome {
    try checkedWrite(as: actor) { storage, now, random in
      try BackendOperations.submit(
        entry, actor: actor, storage: &storage, now: now, random: &random)
    }
  }

  /// `body`, a refusal of a household that has moved since the actor was its member told as
  /// where it went (AC-PORT-12). Only a refusal costs the read.
  public func followingMoves<T>(as actor: AccountID, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch TeammateError.accessDenied(.notAMember(let id)) {
      let refusal = TeammateError.accessDenied(.notAMember(id))
      throw try checkedRead(as: actor) { storage, _ in
        BackendOperations.householdMoved(refusing: refusal, actor: actor, storage: storage)
      } ?? refusal
    }
  }

  public func receipt(for write: WriteID, in household: HouseholdID, as actor: AccountID) throws
    -> WriteOutcome?
  {
    try checkedRead(as: actor) { storage, _ in
      try BackendOperations.receipt(for: write, of: actor, in: household, storage: storage)
    }
  }

  public func changes(
    in household: HouseholdID, after cursor: Int64, limit: Int, as actor: AccountID
  ) throws -> [Change] {
    try followingMoves(as: actor) {
      try checkedRead(as: actor) { storage, _ in
        try BackendOperations.changes(
          in: household, after: cursor, limit: limit, actor: actor, storage: storage)
      }
    }
  }

  // MARK: A household whole

  public func exportHousehold(_ id: HouseholdID, as actor: AccountID) throws -> HouseholdDocument {
    try checkedRead(as: actor) { storage, _ in
      try BackendOperations.exportHousehold(id, actor: actor, storage: storage)
    }
  }

  public func importHousehold(_ document: HouseholdDocument, as actor: AccountID) throws {
    try checkedWrite(as: actor) { storage, _, _ in
      try BackendOperations.importHousehold(document, actor: actor, storage: &storage)
    }
  }

  public func markMoved(_ id: HouseholdID, to location: String, as actor: AccountID) throws {
    try checkedWrite(as: actor) { storage, _, _ in
      try BackendOperations.markMoved(id, to: location, actor: actor, storage: &storage)
    }
  }
}
