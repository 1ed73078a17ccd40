import Foundation
import TeammateKit

/// Any backend behind a network that fails on purpose: unreachable for a while, or losing
/// the reply to a write the backend did apply. Every backend kind gets the same faults.
///
/// ```swift
/// let network = FaultyBackend(cloud)
/// network.loseReplies(1)          // the next write lands, but its answer never comes back
/// ```
public final class FaultyBackend: PushingBackend, @unchecked Sendable {
  /// What a broken backend would answer instead of the truth, for proving that a check
  /// catches it: each closure rewrites one kind of answer.
  public struct Distortion: Sendable {
    /// Rewrites a household read.
    public var household: (@Sendable (Household) -> Household)?
    /// Rewrites a page of the feed.
    public var changes: (@Sendable ([Change]) -> [Change])?
    /// Rewrites a write's receipt.
    public var receipt: (@Sendable (WriteOutcome?) -> WriteOutcome?)?
    /// Reads another household's cards as this member instead of refusing.
    public var readsForStrangersAs: AccountID?
    /// Never lets a write from an outbox through: each one fails as if the network dropped it.
    public var swallowsWrites = false
    /// Fails every read of the feed past its start with an error no backend gives.
    public var breaksFeed = false

    /// No distortion: every answer true.
    public init() {}
  }

  /// The backend behind the network.
  public let base: any TeammateBackend
  private let lock = NSLock()
  private var unreachable = false
  private var repliesToLose = 0
  private var answers: [WriteID: WriteOutcome] = [:]
  private let distortion: Distortion

  /// `base` behind a network that works until told otherwise.
  public init(_ base: any TeammateBackend, distortion: Distortion = Distortion()) {
    self.base = base
    self.distortion = distortion
  }

  /// Every call fails with `unavailable` until this is set back to false.
  public func setUnreachable(_ value: Bool) { lock.withLock { unreachable = value } }

  /// The next `count` writes from an outbox are applied, and then answered with a failure.
  public func loseReplies(_ count: Int) { lock.withLock { repliesToLose = count } }

  /// What the backend answered a write sent through here, whether or not the reply was
  /// then lost: a check's record once the backend has forgotten the receipt.
  public func answer(to write: WriteID) -> WriteOutcome? { lock.withLock { answers[write] } }

  private func reach() throws {
    if lock.withLock({ unreachable }) { throw TeammateError.unavailable }
  }

  private func call<T>(_ body: () async throws -> T) async throws -> T {
    try reach()
    return try await body()
  }

  /// The error a broken feed fails with: not a rule's refusal, not an unreachable server.
  public struct Broken: Error, CustomStringConvertible {
    public var description: String { "the feed came back garbled" }
  }

  public func submit(_ entry: OutboxEntry, as actor: AccountID) async throws -> WriteOutcome {
    if distortion.swallowsWrites { throw TeammateError.unavailable }
    let outcome = try await call { try await base.submit(entry, as: actor) }
    lock.withLock { answers[entry.id] = outcome }
    let lose = lock.withLock {
      defer { repliesToLose = max(0, repliesToLose - 1) }
      return repliesToLose > 0
    }
    if lose { throw TeammateError.unavailable }
    return outcome
  }

  public func receipt(for write: WriteID, in household: HouseholdID, as actor: AccountID)
    async throws -> WriteOutcome?
  {
    let answer = try await call { try await base.receipt(for: write, in: household, as: actor) }
    return distortion.receipt.map { $0(answer) } ?? answer
  }

  public func householdID(of account: AccountID, as actor: AccountID) async throws
    -> HouseholdID?
  { try await call { try await base.householdID(of: account, as: actor) } }

  public func linkCredential(_ credential: Credential, as actor: AccountID) async throws {
    try await call { try await base.linkCredential(credential, as: actor) }
  }

  public func createHousehold(
    name: String, timeZone: String, displayName: String, as actor: AccountID
  ) async throws -> HouseholdCreation {
    try await call {
      try await base.createHousehold(
        name: name, timeZone: timeZone, displayName: displayName, as: actor)
    }
  }

  public func household(_ id: HouseholdID, as actor: AccountID) async throws -> Household {
    let household = try await call { try await base.household(id, as: actor) }
    return distortion.household.map { $0(household) } ?? household
  }

  public func leaveHousehold(
    _ id: HouseholdID, deletingHousehold: Bool, as actor: AccountID
  ) async throws {
    try await call {
      try await base.leaveHousehold(id, deletingHousehold: deletingHousehold, as: actor)
    }
  }

  public func eraseAccount(deletingHousehold: Bool, as actor: AccountID) async throws {
    try await call { try await base.eraseAccount(deletingHousehold: deletingHousehold, as: actor) }
  }

  public func issueInvite(for household: HouseholdID, as actor: AccountID) async throws -> Invite {
    try await call { try await base.issueInvite(for: household, as: actor) }
  }

  public func liveInvite(for household: HouseholdID, as actor: AccountID) async throws -> Invite? {
    try await call { try await base.liveInvite(for: household, as: actor) }
  }

  public func invite(code: String, as actor: AccountID) async throws -> Invite {
    try await call { try await base.invite(code: code, as: actor) }
  }

  public func join(code: String, displayName: String, as actor: AccountID) async throws
    -> Household
  { try await call { try await base.join(code: code, displayName: displayName, as: actor) } }

  public func cards(in household: HouseholdID, as actor: AccountID) async throws -> [Card] {
    do {
      return try await call { try await base.cards(in: household, as: actor) }
    } catch TeammateError.accessDenied where distortion.readsForStrangersAs != nil {
      let member = distortion.readsForStrangersAs ?? actor
      return try await base.cards(in: household, as: member)
    }
  }

  public func changes(
    in household: HouseholdID, after cursor: Int64, limit: Int, as actor: AccountID
  ) async throws -> [Change] {
    if distortion.breaksFeed, cursor > 0 { throw Broken() }
    let changes = try await call {
      try await base.changes(in: household, after: cursor, limit: limit, as: actor)
    }
    return distortion.changes.map { $0(changes) } ?? changes
  }

  /// The base's pushes, while the network is there; a base that cannot push gives a stream
  /// that ends at once, and the device pulls.
  public func pushes(for household: HouseholdID, as actor: AccountID) async throws
    -> AsyncStream<Int64>
  {
    try reach()
    guard let pushing = base as? any PushingBackend else { return AsyncStream { $0.finish() } }
    return try await pushing.pushes(for: household, as: actor)
  }
}

/// A household moves through the network as well (AC-PORT-33): each call fails as any other
/// when the network is down, and a backend that cannot move a household answers `unavailable`.
extension FaultyBackend: PortableBackend {
  private func portable() throws -> any PortableBackend {
    guard let portable = base as? any PortableBackend else { throw TeammateError.unavailable }
    return portable
  }

  public func exportHousehold(_ id: HouseholdID, as actor: AccountID) async throws
    -> HouseholdDocument
  {
    try await call { try await portable().exportHousehold(id, as: actor) }
  }

  public func importHousehold(_ document: HouseholdDocument, as actor: AccountID) async throws {
    try await call { try await portable().importHousehold(document, as: actor) }
  }

  public func markMoved(_ id: HouseholdID, to location: String, as actor: AccountID)
    async throws
  {
    try await call { try await portable().markMoved(id, to: location, as: actor) }
  }
}
