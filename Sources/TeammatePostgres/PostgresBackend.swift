import Foundation
import TeammateKit

/// The backend on a PostgreSQL server: many households, many machines.
///
/// Each call is one transaction around `BackendOperations`: a write locks its household first,
/// so that writers of one household take turns and different households never meet (ADR
/// 0009); what still loses a race runs again after a pause. Timestamps come from the injected
/// clock; no call waits on the server longer than its `PostgresWaits`.
///
/// ```swift
/// let server = try PostgresBackend(url: "postgresql:///teammate?host=/run/postgresql", clock: SystemWallClock())
/// ```
public actor PostgresBackend: TransactionalBackend {
  /// The thread every call runs on: waiting for the server never holds a shared thread.
  nonisolated let thread = StoreThread(name: "teammate.postgres")

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    thread.asUnownedSerialExecutor()
  }

  deinit {
    thread.stop()
    listener?.stop()
  }

  let address: PostgresAddress
  let waits: PostgresWaits
  /// Listens for the households followed through this backend (`pushes`), on a session of
  /// its own: nil through a transaction pooler with no direct URL to listen on.
  let listener: PostgresListener?
  var connection: PostgresConnection
  let clock: any WallClock
  var random: AnyRandomNumberGenerator
  /// Spreads the pauses between tries; not `random`, so that retries never change the codes a
  /// seeded backend makes.
  var jitter = SystemRandomNumberGenerator()
  public let joinLimit: JoinAttemptLimit
  /// The account the connection's role signs in as (ADR 0014), or nil for a role of the
  /// service, which names the actor of each call itself.
  public nonisolated let signedIn: AccountID?
  /// The store's secret, read by the service (nil for a device): its keys and channels in
  /// plain SQL (ADR 0019).
  let secret: StoreSecret?
  /// How often a transaction that lost a race is tried again.
  static let attempts = 20

  /// Connects to the server at `url` (a `postgresql://` URL), making or migrating the store's
  /// schema; `clock` gives server time for the rules, and `waits` how long a server that
  /// does not answer holds a call.
  ///
  /// A `url` with `pooler=transaction` goes through a pooler in transaction mode (PgBouncer):
  /// nothing is kept in the session, and pushes, which need one (`LISTEN`), listen on
  /// `listeningAt`, a direct URL to the same server and store.
  public init(
    url: String, clock: any WallClock,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    joinLimit: JoinAttemptLimit = .standard, waits: PostgresWaits = .standard,
    listeningAt listenURL: String? = nil
  ) throws(PostgresError) {
    let opened = try Opened(url: url, waits: waits, listeningAt: listenURL)
    (address, listener, connection) = (opened.address, opened.listener, opened.connection)
    (signedIn, secret) = (opened.signedIn, opened.secret)
    (self.waits, self.clock, self.joinLimit) = (waits, clock, joinLimit)
    self.random = AnyRandomNumberGenerator(random)
  }

  /// The 2.0 initialiser, kept as it was so that 2.x code compiles unchanged: `memory` is
  /// ignored, since a backend keeps nothing of households between calls (ADR 0026).
  @available(*, deprecated, message: "a household memory keeps nothing (ADR 0026): drop it")
  public init(
    url: String, clock: any WallClock,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    joinLimit: JoinAttemptLimit = .standard, waits: PostgresWaits = .standard,
    listeningAt listenURL: String? = nil,
    memory: PostgresHouseholdMemory = PostgresHouseholdMemory(
      bytes: PostgresHouseholdMemory.standardBytes / 16)
  ) throws(PostgresError) {
    let opened = try Opened(url: url, waits: waits, listeningAt: listenURL)
    (address, listener, connection) = (opened.address, opened.listener, opened.connection)
    (signedIn, secret) = (opened.signedIn, opened.secret)
    (self.waits, self.clock, self.joinLimit) = (waits, clock, joinLimit)
    self.random = AnyRandomNumberGenerator(random)
  }

  /// A backend's session as it opens: its address, its listener (for a direct URL, or the
  /// one given to listen on), its connection settled in the store, and who it signs in as.
  struct Opened {
    let address: PostgresAddress
    let listener: PostgresListener?
    let connection: PostgresConnection
    let signedIn: AccountID?
    let secret: StoreSecret?

    init(url: String, waits: PostgresWaits, listeningAt listenURL: String?)
      throws(PostgresError)
    {
      address = try PostgresAddress(url)
      let direct = listenURL ?? (address.pooled ? nil : url)
      listener = direct.map { PostgresListener(url: $0, waits: waits) }
      connection = try PostgresConnection(address, waits: waits)
      let prepared = try PostgresBackend.prepare(connection, searchPath: address.searchPath)
      (signedIn, secret) = (prepared.signedIn, prepared.secret)
      try PostgresBackend.settle(connection, at: address, signedIn: prepared.signedIn)
    }
  }

  /// Makes a direct connection of the service the app's role for its whole session (AC-PG-28),
  /// once its store is ready: no transaction then changes its role. A device's role is its
  /// account already; a pooled session is lent to others, so each transaction takes the role.
  static func settle(
    _ connection: PostgresConnection, at address: PostgresAddress, signedIn: AccountID?
  ) throws(PostgresError) {
    guard signedIn == nil, !address.pooled else { return }
    try connection.execute("SET ROLE teammate_app")
  }

  /// The schema this build writes.
  public static var schemaVersion: Int { PostgresSchema.version }

  /// A device's write. Its receipt, and the cards its rules will ask for, come in the
  /// transaction's first round trip: a write sent again is answered without another.
  public func submit(_ entry: OutboxEntry, as actor: AccountID) throws -> WriteOutcome {
    let home = entry.householdID
    // NB: an id no device makes is refused before anything is read (AC-OFF-11).
    let known = (1...OutboxEntry.idLimit).contains(entry.id.rawValue.count)
    let receipt = PostgresStorage.receiptQuery(for: entry.id, of: actor, in: home)
    let (cards, everyCard) = try Self.cardsRead(by: entry.write, in: home)
    let reads = known ? [receipt] + (cards.map { [$0] } ?? []) : []
    return try transaction(as: actor, reading: false, also: reads) { storage, rows in
      if let answer = rows.first {
        try storage.know(receipt: answer, for: entry.id, of: actor, in: home)
      }
      if rows.count > 1 { try storage.know(cards: rows[1], everyCardOf: everyCard ? home : nil) }
      return try BackendOperations.submit(
        entry, actor: actor, storage: &storage, now: clock.now(), random: &random)
    }
  }

  /// The statement that reads, in a write's opening, the cards its rules will read: an
  /// acknowledgement of what is pending reads every card of the household (`everyCard`), a
  /// write about cards reads those; nil for a write about none, or a new one.
  private static func cardsRead(by write: DeviceWrite, in household: HouseholdID) throws -> (
    PostgresQuery?, everyCard: Bool
  ) {
    switch write.kind.reads {
    case .none: (nil, false)
    case .named(let ids): (try PostgresStorage.cardsQuery(named: ids, in: household), false)
    case .every: (PostgresStorage.cardsQuery(in: household), true)
    }
  }

  /// A pull, its changes read in the transaction's first round trip, which commits it: the
  /// kit's access check still runs on what that round trip found, and the row-level policies
  /// held the rows to the actor's household meanwhile. One round trip in all.
  public func changes(
    in household: HouseholdID, after cursor: Int64, limit: Int, as actor: AccountID
  ) throws -> [Change] {
    let feed = PostgresStorage.changesQuery(in: household, after: cursor, limit: limit)
    return try followingMoves(as: actor) {
      try transaction(as: actor, reading: true, also: [feed], closing: true) { storage, rows in
        storage.know(changes: rows[0], in: household, after: cursor, limit: limit)
        return try BackendOperations.changes(
          in: household, after: cursor, limit: limit, actor: actor, storage: storage)
      }
    }
  }

  /// Has the database count a well-formed code as `actor`'s guess, in a transaction of its
  /// own, before any lookup of it: committed first, so that no guess goes uncounted (ADR
  /// 0014). Past the database's own budget (`teammate_join_guard`, in server time and looser
  /// than `joinLimit`, which the rules apply first) the guess is refused in the rules' words.
  public func countCode(_ text: String, as actor: AccountID) throws {
    guard let code = InviteCode(rawValue: text.trimmingCharacters(in: .whitespaces)) else {
      return
    }
    do {
      _ = try transaction(as: actor, reading: false) { storage, _ in
        try storage.connection.query("SELECT teammate_guess(\(code.rawValue))")
      }
    } catch let error as PostgresError where error.state == .tooManyGuesses {
      throw TeammateError.tooManyJoinAttempts(retryAfter: clock.now() + joinLimit.window)
    } catch let error as PostgresError where error.state == .joiningPaused {
      throw TeammateError.joiningPaused(retryAfter: clock.now() + joinLimit.window)
    }
  }

  public func write<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (inout PostgresStorage, Date, inout AnyRandomNumberGenerator) throws -> T
  ) throws -> T {
    try transaction(as: actor, reading: false) { storage, _ in
      try body(&storage, clock.now(), &random)
    }
  }

  public func read<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (PostgresStorage, Date) throws -> T
  ) throws
    -> T
  {
    try transaction(as: actor, reading: true) { storage, _ in try body(storage, clock.now()) }
  }

}
