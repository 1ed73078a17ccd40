import Foundation
import TeammateKit
import TeammatePostgres
import TeammateTestSupport

/// A store on the test server reached the way devices reach it (ADR 0014): each seam call goes
/// to a backend signed in as the account the call names, that account's own role, made with
/// the store's service URL the first time the account is seen. The contract suite's checks
/// name their accounts already, so they run unchanged, as device roles and never as the
/// service.
public actor SignedInPostgresBackend: PushingBackend, AccountRoutedBackend {
  /// The thread every call runs on: signing an account in waits for the server, which must
  /// never hold one of Swift's few cooperative threads.
  nonisolated let thread = StoreThread(name: "teammate.signed-in")

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    thread.asUnownedSerialExecutor()
  }

  deinit { thread.stop() }

  /// Where a store is reached: the service URL roles are made with, and the base a device's
  /// URL is built on (a pooler's, for the pooled kind) with the direct one pushes listen on.
  public struct Store: Sendable {
    let service: String
    let devices: String
    let listening: String?

    /// A store reached directly.
    public init(direct url: String) { (service, devices, listening) = (url, url, nil) }

    /// A store reached through a pooler, pushes on a direct session.
    public init(pooled: String, direct: String) {
      (service, devices, listening) = (direct, pooled, direct)
    }
  }

  private let store: Store
  private let clock: any WallClock
  /// One stream of codes for every account's backend, as one backend would draw them.
  private let random: SharedRandomNumberGenerator
  private var backends: [AccountID: PostgresBackend] = [:]
  /// The roles made, kept apart from the backends: a role made whose backend could not
  /// connect is not made again.
  private var roles: [AccountID: PostgresAccounts.Provisioned] = [:]
  /// The operator's session that makes the roles.
  private let accounts: PostgresAccounts

  /// The store's schema is made first, as the service, so that roles can be made.
  public init(_ store: Store, clock: any WallClock, random: SeededRandomNumberGenerator) throws {
    accounts = try PostgresAccounts(url: store.service, waits: .patient)
    self.store = store
    self.clock = clock
    self.random = SharedRandomNumberGenerator(random)
  }

  public func backend(for account: AccountID) throws -> any TeammateBackend {
    try signedIn(account)
  }

  /// The backend signed in as `account`, provisioned on first use.
  public func signedIn(_ account: AccountID) throws -> PostgresBackend {
    if let backend = backends[account] { return backend }
    let role = try roles[account] ?? accounts.add(account)
    roles[account] = role
    let backend = try PostgresBackend(
      url: role.url(on: store.devices, password: true), clock: clock, random: random,
      waits: .patient, listeningAt: store.listening.map { role.url(on: $0, password: true) })
    backends[account] = backend
    return backend
  }

  public func householdID(of account: AccountID, as actor: AccountID) async throws
    -> HouseholdID?
  { try await signedIn(actor).householdID(of: account, as: actor) }

  public func linkCredential(_ credential: Credential, as actor: AccountID) async throws {
    try await signedIn(actor).linkCredential(credential, as: actor)
  }

  public func createHousehold(
    name: String, timeZone: String, displayName: String, as actor: AccountID
  ) async throws -> HouseholdCreation {
    try await signedIn(actor).createHousehold(
      name: name, timeZone: timeZone, displayName: displayName, as: actor)
  }

  public func household(_ id: HouseholdID, as actor: AccountID) async throws -> Household {
    try await signedIn(actor).household(id, as: actor)
  }

  public func leaveHousehold(_ id: HouseholdID, deletingHousehold: Bool, as actor: AccountID)
    async throws
  {
    try await signedIn(actor).leaveHousehold(id, deletingHousehold: deletingHousehold, as: actor)
  }

  public func eraseAccount(deletingHousehold: Bool, as actor: AccountID) async throws {
    try await signedIn(actor).eraseAccount(deletingHousehold: deletingHousehold, as: actor)
  }

  public func issueInvite(for household: HouseholdID, as actor: AccountID) async throws
    -> Invite
  { try await signedIn(actor).issueInvite(for: household, as: actor) }

  public func liveInvite(for household: HouseholdID, as actor: AccountID) async throws
    -> Invite?
  { try await signedIn(actor).liveInvite(for: household, as: actor) }

  public func invite(code: String, as actor: AccountID) async throws -> Invite {
    try await signedIn(actor).invite(code: code, as: actor)
  }

  public func join(code: String, displayName: String, as actor: AccountID) async throws
    -> Household
  { try await signedIn(actor).join(code: code, displayName: displayName, as: actor) }

  public func cards(in household: HouseholdID, as actor: AccountID) async throws -> [Card] {
    try await signedIn(actor).cards(in: household, as: actor)
  }

  public func changes(
    in household: HouseholdID, after cursor: Int64, limit: Int, as actor: AccountID
  ) async throws -> [Change] {
    try await signedIn(actor).changes(in: household, after: cursor, limit: limit, as: actor)
  }

  public func submit(_ entry: OutboxEntry, as actor: AccountID) async throws -> WriteOutcome {
    try await signedIn(actor).submit(entry, as: actor)
  }

  public func receipt(for write: WriteID, in household: HouseholdID, as actor: AccountID)
    async throws -> WriteOutcome?
  { try await signedIn(actor).receipt(for: write, in: household, as: actor) }

  public func pushes(for household: HouseholdID, as actor: AccountID) async throws
    -> AsyncStream<Int64>
  { try await signedIn(actor).pushes(for: household, as: actor) }
}

/// A seeded generator several backends draw from in turn, as if they were one.
final class SharedRandomNumberGenerator: RandomNumberGenerator, @unchecked Sendable {
  private let lock = NSLock()
  private var base: SeededRandomNumberGenerator

  init(_ base: SeededRandomNumberGenerator) { self.base = base }

  func next() -> UInt64 { lock.withLock { base.next() } }
}

/// A household leaves as its member reads it and arrives as the operator writes it (ADR 0021):
/// a device's role may write only its own rows, and an import writes every member's.
extension SignedInPostgresBackend: PortableBackend {
  public func exportHousehold(_ id: HouseholdID, as actor: AccountID) async throws
    -> HouseholdDocument
  { try await signedIn(actor).exportHousehold(id, as: actor) }

  public func markMoved(_ id: HouseholdID, to location: String, as actor: AccountID)
    async throws
  { try await signedIn(actor).markMoved(id, to: location, as: actor) }

  /// NB: as the operator, with the store's service URL: a device's role imports nothing.
  public func importHousehold(_ document: HouseholdDocument, as actor: AccountID) async throws {
    let service = try PostgresBackend(
      url: store.service, clock: clock, random: random, waits: .patient)
    try await service.importHousehold(document, as: actor)
  }
}
