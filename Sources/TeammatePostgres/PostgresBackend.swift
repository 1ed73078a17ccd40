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

  private let address: PostgresAddress
  private let waits: PostgresWaits
  /// Listens for the households followed through this backend (`pushes`), on a session of
  /// its own: nil through a transaction pooler with no direct URL to listen on.
  private let listener: PostgresListener?
  private var connection: PostgresConnection
  private let clock: any WallClock
  /// Households' documents as the backends of this one's memory last decoded them
  /// (AC-PG-30).
  private let households: DecodedHouseholds
  /// The households' heads the writes of this one's memory left (AC-PG-32).
  private var heads: HouseholdHeads
  /// The writes this backend answered last: one sent again is not run on a head (ADR 0018).
  private var answered = RecentWrites()
  private var random: AnyRandomNumberGenerator
  /// Spreads the pauses between tries; not `random`, so that retries never change the codes a
  /// seeded backend makes.
  private var jitter = SystemRandomNumberGenerator()
  public let joinLimit: JoinAttemptLimit
  /// The account the connection's role signs in as (ADR 0014), or nil for a role of the
  /// service, which names the actor of each call itself.
  public nonisolated let signedIn: AccountID?
  /// The store's secret, read by the service (nil for a device): its keys and channels in
  /// plain SQL (ADR 0019).
  private let secret: StoreSecret?
  /// How often a transaction that lost a race is tried again.
  static let attempts = 20
  /// How many times a call of this backend ran again after losing a race (the benchmark
  /// counts them).
  package private(set) var retries = 0
  /// Run just before a write's commit, with the server process of the connection: a test
  /// cuts the connection there to see a server go away in the middle of a transaction.
  var beforeCommit: (@Sendable (String) throws -> Void)?

  /// Keeps households' heads in `kept` rather than its memory's, as another machine would
  /// (tests).
  package func keepHeads(in kept: HouseholdHeads) { heads = kept }

  /// Sets `beforeCommit` (tests only).
  func cutBeforeCommit(_ body: (@Sendable (String) throws -> Void)?) { beforeCommit = body }

  /// Connects to the server at `url` (a `postgresql://` URL), making or migrating the store's
  /// schema; `clock` gives server time for the rules, and `waits` how long a server that
  /// does not answer holds a call.
  ///
  /// A `url` with `pooler=transaction` goes through a pooler in transaction mode (PgBouncer):
  /// nothing is kept in the session, and pushes, which need one (`LISTEN`), listen on
  /// `listeningAt`, a direct URL to the same server and store.
  ///
  /// `memory` is what the backend learns of households, kept for its next calls; a service
  /// gives all its backends one, so that each reads what another learned (a backend given
  /// none keeps its own, of `PostgresHouseholdMemory.standardBytes / 16`).
  public init(
    url: String, clock: any WallClock,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    joinLimit: JoinAttemptLimit = .standard, waits: PostgresWaits = .standard,
    listeningAt listenURL: String? = nil,
    memory: PostgresHouseholdMemory = PostgresHouseholdMemory(
      bytes: PostgresHouseholdMemory.standardBytes / 16)
  ) throws(PostgresError) {
    households = memory.documents
    heads = memory.heads
    let address = try PostgresAddress(url)
    self.address = address
    self.waits = waits
    let direct = listenURL ?? (address.pooled ? nil : url)
    if let direct {
      listener = PostgresListener(url: direct, waits: waits)
    } else {
      listener = nil
    }
    let connection = try PostgresConnection(address, waits: waits)
    self.clock = clock
    self.random = AnyRandomNumberGenerator(random)
    self.joinLimit = joinLimit
    let prepared = try Self.prepare(connection, searchPath: address.searchPath)
    self.signedIn = prepared.signedIn
    self.secret = prepared.secret
    try Self.settle(connection, at: address, signedIn: prepared.signedIn)
    self.connection = connection
  }

  /// Makes a direct connection of the service the app's role for its whole session (AC-PG-28),
  /// once its store is ready: no transaction then changes its role. A device's role is its
  /// account already; a pooled session is lent to others, so each transaction takes the role.
  private static func settle(
    _ connection: PostgresConnection, at address: PostgresAddress, signedIn: AccountID?
  ) throws(PostgresError) {
    guard signedIn == nil, !address.pooled else { return }
    try connection.execute("SET ROLE teammate_app")
  }

  /// The schema this build writes.
  public static var schemaVersion: Int { PostgresSchema.version }

  /// Has the server process of this backend's connection put what it counted where every
  /// connection reads it (`pg_stat_database`), so that a test reads the server's own counts.
  package func flushStatistics() throws(PostgresError) {
    try connection.query("SELECT pg_stat_force_next_flush()")
  }

  /// The plan of each statement this backend's connection has prepared, as the server would
  /// run it for `actor` whatever the values (a generic plan, sequential scans ruled out, so
  /// that a plan scans without an index only when no index serves): the statement and its
  /// plan as JSON, for a test that reads how every statement finds its rows.
  package func preparedPlans(as actor: AccountID) throws(PostgresError) -> [(String, String)] {
    try connection.execute("BEGIN")
    defer { try? connection.execute("ROLLBACK") }
    _ = try connection.pipeline(acting(actor, locking: false))
    try connection.execute(
      "SET LOCAL plan_cache_mode = force_generic_plan; SET LOCAL enable_seqscan = off")
    let prepared = try connection.query(
      "SELECT name, statement, cardinality(parameter_types) AS count FROM pg_prepared_statements")
    var plans: [(String, String)] = []
    for row in 0..<prepared.count {
      let statement = try prepared.text(row, "statement")
      let verb = statement.prefix(while: { $0.isLetter }).uppercased()
      guard !["BEGIN", "COMMIT", "ROLLBACK"].contains(verb) else { continue }
      let values = Array(repeating: "NULL", count: Int(try prepared.integer(row, "count")))
      let call =
        try prepared.text(row, "name")
        + (values.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")")
      // NB: the name and the NULLs are this code's own text, never a value from outside.
      let plan = try connection.query(
        PostgresQuery(stringLiteral: "EXPLAIN (FORMAT JSON) EXECUTE \(call)"))
      plans.append((statement, try plan.text(0, "QUERY PLAN")))
    }
    return plans
  }

  /// How many round trips this backend's connection has made (tests count a call's).
  package var roundTrips: Int { connection.roundTrips }

  /// How many statements this backend's connection has sent (tests count a call's).
  package var statementsSent: Int { connection.statementsSent }

  /// How many documents this backend's connection has encoded (tests count a write's).
  package var documentsEncoded: Int { connection.documentsEncoded }

  /// How many waits for the server ran out on this backend's connection (tests count them).
  package var expiredWaits: Int { connection.expiredWaits }

  /// The role this backend's connection acts as between transactions, for tests.
  package func currentRole() throws -> String {
    try connection.query("SELECT current_user AS role").text(0, "role")
  }

  /// The role this backend's connection signed in as, for tests that check who connects.
  package func sessionRole() throws -> String {
    try connection.query("SELECT session_user AS role").text(0, "role")
  }

  /// The server process behind this backend's connection, for tests that cut it and the
  /// benchmark that reads its CPU.
  package func serverProcess() throws -> String {
    try connection.query("SELECT pg_backend_pid() AS pid").text(0, "pid")
  }

  /// Makes an empty database ours, or checks that it is ours and not newer and brings an
  /// older one up to this build's schema. Connections opening one store at once take turns
  /// (a lock on the schema's name), so that an empty store is made once. Answers the account
  /// the connection's role signs in as (ADR 0014), nil for a role of the service.
  @discardableResult
  static func prepare(_ connection: PostgresConnection, searchPath: String?)
    throws(PostgresError) -> (signedIn: AccountID?, secret: StoreSecret?)
  {
    try connection.execute("BEGIN")
    do {
      if let searchPath {
        try connection.query("SELECT set_config('search_path', \(searchPath), true)")
      }
      // NB: a store of this build's schema is only read: no lock, which a device may not take
      // (schema 13). Making or migrating one takes turns on the store's lock.
      if try currentVersion(connection) != PostgresSchema.version {
        try connection.query(
          "SELECT pg_advisory_xact_lock(hashtextextended('teammate.store ' || current_schema(), 0))"
        )
        try check(connection)
      }
      let signedIn = try connection.query("SELECT teammate_signed_in() AS account")
        .optionalText(0, "account").map { AccountID($0) }
      let secret =
        signedIn != nil
        ? nil
        : StoreSecret(
          value: try connection.query("SELECT value FROM teammate_secret").text(0, "value"))
      try connection.execute("COMMIT")
      return (signedIn, secret)
    } catch {
      try? connection.execute("ROLLBACK")
      throw error
    }
  }

  /// The schema's version the store is marked with, or nil for a database with no mark.
  private static func currentVersion(_ connection: PostgresConnection) throws(PostgresError)
    -> Int?
  {
    // NB: a table that is not there fails the statement that names it, as it is parsed.
    guard try isMarked(connection) else { return nil }
    let rows = try connection.query(
      "SELECT version FROM teammate_schema WHERE application = \(PostgresSchema.application)")
    guard rows.count == 1 else { return nil }
    return Int(try rows.text(0, "version"))
  }

  /// Whether the store's schema holds the mark `teammate_schema`. The catalogue is read as a
  /// table, not looked up by name: a session keeps a name it did not find in its cache until
  /// something makes it look again, and the lock `prepare` may take next does not, so another
  /// session's new table would stay unseen; and a session's temporary table of that name is
  /// no mark.
  private static func isMarked(_ connection: PostgresConnection) throws(PostgresError) -> Bool {
    try connection.query(
      """
      SELECT EXISTS (SELECT 1 FROM pg_class WHERE relname = 'teammate_schema'
        AND relnamespace = current_schema()::regnamespace) AS marked
      """
    ).text(0, "marked") == "t"
  }

  /// `prepare`, inside its transaction.
  private static func check(_ connection: PostgresConnection) throws(PostgresError) {
    if try isMarked(connection) {
      let rows = try connection.query("SELECT application, version FROM teammate_schema")
      guard rows.count == 1, try rows.text(0, "application") == PostgresSchema.application,
        let version = Int(try rows.text(0, "version"))
      else { throw PostgresError.client("the database is not a Teammate store") }
      guard version <= PostgresSchema.version else {
        throw PostgresError.client(
          "the database has schema \(version), newer than this build's \(PostgresSchema.version)")
      }
      if version < PostgresSchema.version { try migrate(connection, from: version) }
      return
    }
    // NB: the schema's tables found through what depends on it, on an index: a scan of
    // every relation of the database would grow with every store in it.
    let tables = try connection.query(
      """
      SELECT count(*) AS tables FROM pg_depend d JOIN pg_class c ON c.oid = d.objid
      WHERE d.refclassid = 'pg_namespace'::regclass
        AND d.refobjid = current_schema()::regnamespace
        AND d.classid = 'pg_class'::regclass AND c.relkind IN ('r', 'p')
      """
    ).integer(0, "tables")
    guard tables == 0 else {
      throw PostgresError.client("the database holds another application's tables")
    }
    // NB: the tables and the schema's mark go in at once, or not at all.
    try connection.execute(
      PostgresSchema.migrations.joined(separator: "\n")
        + " INSERT INTO teammate_schema VALUES ('\(PostgresSchema.application)', "
        + "\(PostgresSchema.version));")
  }

  /// Applies the migrations a store lacks, inside `prepare`'s transaction: the version was
  /// read under its lock, so two processes opening an old store migrate it once.
  private static func migrate(_ connection: PostgresConnection, from current: Int)
    throws(PostgresError)
  {
    try connection.execute(
      PostgresSchema.migrations[current...].joined(separator: "\n")
        + " UPDATE teammate_schema SET version = \(PostgresSchema.version)")
  }

  /// A device's write. Its receipt, and the cards its rules will ask for, come in the
  /// transaction's first round trip: a write sent again is answered without another.
  public func submit(_ entry: OutboxEntry, as actor: AccountID) throws -> WriteOutcome {
    let home = entry.householdID
    // NB: an id no device makes is refused before anything is read (AC-OFF-11).
    let known = (1...OutboxEntry.idLimit).contains(entry.id.rawValue.count)
    defer { answered.remember(entry.id) }
    if known, let outcome = try onHead(entry, as: actor) { return outcome }
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
    switch write {
    case .acknowledgePending:
      return (PostgresStorage.cardsQuery(in: household), true)
    case .acknowledge(let seen):
      return (try PostgresStorage.cardsQuery(named: seen.map(\.id), in: household), false)
    case .addCard:
      return (nil, false)
    default:
      return (
        try write.cardID.map { try PostgresStorage.cardsQuery(named: [$0], in: household) },
        false
      )
    }
  }

  /// A pull, its changes read in the transaction's first round trip, which commits it: the
  /// kit's access check still runs on what that round trip found, and the row-level policies
  /// held the rows to the actor's household meanwhile. One round trip in all.
  public func changes(
    in household: HouseholdID, after cursor: Int64, limit: Int, as actor: AccountID
  ) throws -> [Change] {
    let feed = PostgresStorage.changesQuery(in: household, after: cursor, limit: limit)
    return try transaction(as: actor, reading: true, also: [feed], closing: true) {
      storage, rows in
      storage.know(changes: rows[0], in: household, after: cursor, limit: limit)
      return try BackendOperations.changes(
        in: household, after: cursor, limit: limit, actor: actor, storage: storage)
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

  /// One transaction as `teammate_app` for `actor`, run again (after a pause) while it loses
  /// a race. A write is read committed and starts by locking what it may change: the acting
  /// account, then the household it belongs to, so that writers of one household take turns
  /// and writers of different households never meet (ADR 0009). A read sees one snapshot
  /// (repeatable read, read only) and locks nothing. The row-level policies see the actor;
  /// the kit's access checks run as well.
  ///
  /// `also` goes in the transaction's first round trip, and the body gets its rows, in order.
  /// A read `closing` commits in that round trip too: its body must need nothing more, and
  /// the connection refuses any statement until the body is done.
  private func transaction<T>(
    as actor: AccountID, reading: Bool, also extra: [PostgresQuery] = [], closing: Bool = false,
    _ body: (inout PostgresStorage, [PostgresRows]) throws -> T
  ) throws -> T {
    // NB: a device's role acts as its own account, never as another (ADR 0014).
    if let signedIn, actor != signedIn { throw TeammateError.accessDenied(.notYourAccount(actor)) }
    var pauses = RetryPauses()
    var attempt = 0
    var committing = false
    let claims = CardIDClaims()
    defer { connection.sealed = false }
    while true {
      attempt += 1
      // NB: a connection the server dropped (a restart, an idle timeout) is opened again.
      if !connection.isOpen {
        connection = try PostgresConnection(address, waits: waits)
        try Self.settle(connection, at: address, signedIn: signedIn)
      }
      claims.claimed = []
      // NB: an attempt that loses a race draws again what it drew (AC-PG-42): a seeded
      // backend makes the same ids whether or not a race was lost. An id found taken is
      // the exception: the next attempt must draw past it (AC-PG-26).
      let drawn = random
      var storage = PostgresStorage(
        connection: connection, households: households, claims: claims, secret: secret)
      var extraRows: [PostgresRows] = []
      committing = false
      do {
        // NB: one round trip opens the transaction, names its actor, takes its locks and
        // reads the actor's household (ADR 0009).
        if reading {
          let closed = closing && !extra.isEmpty
          // NB: a read that closes in its opening (a pull) needs the household's id alone.
          let finding =
            closed
            ? findingHousehold(of: actor)
            : acting(actor, locking: false)
              + [PostgresStorage.household(of: actor, locking: false)]
          let opened = try connection.pipeline(
            opening("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") + finding + extra
              + (closed ? ["COMMIT"] : []))
          let base = opened.count - extra.count - (closed ? 1 : 0)
          extraRows = Array(opened[base..<(base + extra.count)])
          if closed {
            try storage.begin(as: actor, found: opened[base - 1])
            connection.sealed = true
            return try body(&storage, extraRows)
          }
          try storage.begin(as: actor, writing: false, household: opened[base - 1], last: nil)
        } else {
          let opened = try connection.pipeline(
            opening("BEGIN ISOLATION LEVEL READ COMMITTED") + acting(actor, locking: true) + [
              PostgresStorage.household(of: actor, locking: true),
              PostgresStorage.lastSequence(of: actor),
            ] + extra)
          let base = opened.count - extra.count
          try storage.begin(
            as: actor, writing: true, household: opened[base - 2], last: opened[base - 1])
          extraRows = Array(opened[base...])
        }
        let tripsAtOpening = connection.roundTrips
        let result = try body(&storage, extraRows)
        if let beforeCommit, !reading {
          try beforeCommit(try connection.query("SELECT pg_backend_pid() AS pid").text(0, "pid"))
        }
        committing = true
        if connection.roundTrips == tripsAtOpening, !connection.hasDeferred {
          // NB: nothing was sent or queued since the opening, so nothing was written: the
          // commit's answer changes nothing the caller is told, and is read with the next call.
          connection.sendUnanswered("COMMIT")
        } else {
          // NB: the writes whose answers nothing reads go with the commit.
          try connection.query("COMMIT")
        }
        if let head = storage.head { heads.record(head) }
        return result
      } catch let error as PostgresError
        where error.state == .cardIDTaken && !claims.claimed.isEmpty && attempt < Self.attempts
      {
        // NB: a new card's id taken to be free was not: the write runs again at once, those
        // ids looked up first (the rules then draw others, or refuse a device's own).
        connection.rollBack()
        claims.lookUp.formUnion(claims.claimed)
      } catch let error as PostgresError where error.isRetryable {
        connection.rollBack()
        random = drawn
        guard attempt < Self.attempts, let pause = pauses.next(using: &jitter) else {
          throw error.afterPauses(pauses)
        }
        retries += 1
        Thread.sleep(forTimeInterval: Double(pause.microseconds) / 1e6)
      } catch let error as PostgresError
        where !connection.isOpen && !committing && attempt == 1 && !error.isUnanswered
      {
        // NB: the server went away before the commit was sent: nothing was written, so the
        // call runs again, once, on a new connection. A commit whose answer was lost is not
        // run again: whether it landed is unknown (an outbox write is safe to send again).
        // A server that stopped answering is not waited for a second time.
        random = drawn
      } catch {
        connection.rollBack()
        throw error
      }
    }
  }
}

extension PostgresBackend {
  /// An add from the outbox run on the head the process knows for its household, in one
  /// round trip that checks the head under the household's lock before it writes (ADR 0018).
  /// Nil when there is no head to run on, or the attempt failed and left nothing: the caller
  /// then runs the add as any write.
  private func onHead(_ entry: OutboxEntry, as actor: AccountID) throws -> WriteOutcome? {
    guard case .addCard(let draft) = entry.write, draft.meal == nil, beforeCommit == nil,
      connection.isOpen, !answered.contains(entry.id),
      signedIn == nil || signedIn == actor, let head = heads.head(of: entry.householdID)
    else { return nil }
    let drawn = random
    var storage = PostgresStorage(
      connection: connection, households: households, claims: CardIDClaims(), secret: secret)
    storage.begin(speculating: head, as: actor, write: entry.id)
    // NB: nothing may be sent while the rules run: a read would run outside any transaction.
    connection.sealed = true
    let ruled = Result {
      try BackendOperations.submit(
        entry, actor: actor, storage: &storage, now: clock.now(), random: &random)
    }
    connection.sealed = false
    guard case .success(let outcome) = ruled, case .applied = outcome else {
      connection.discardDeferred()
      random = drawn
      return nil
    }
    // NB: the actor's household, locked as in any write, checked against the head in the same
    // statement. Its row is read as the lock left it; the feed's last number is read as the
    // statement began, and one taken while it waited for the lock makes the change's number
    // collide with it, which fails the attempt all the same.
    let check: PostgresQuery = """
      SELECT teammate_expect_head(coalesce(bool_and(
        held.id = \(entry.householdID.rawValue) AND held.body = \(head.text)
        AND (SELECT coalesce(max(sequence), 0) FROM changes WHERE household_id = held.id)
          = \(head.last)), false))
      FROM (\(sql: PostgresStorage.household(of: actor, locking: true))) held
      """
    let writes = connection.takeDeferred()
    do {
      _ = try connection.pipeline(
        opening("BEGIN ISOLATION LEVEL READ COMMITTED") + acting(actor, locking: true) + [check]
          + writes + ["COMMIT"])
    } catch  where error.isUnanswered {
      // NB: its commit was sent: whether it landed is unknown, as for any write (AC-PG-14).
      connection.rollBack()
      throw error
    } catch {
      // NB: the head moved, or the write was answered before (its receipt's key is taken):
      // nothing of the attempt stays.
      connection.rollBack()
      heads.forget(entry.householdID)
      random = drawn
      return nil
    }
    if let after = storage.head { heads.record(after) }
    return outcome
  }

  /// The statements that name the transaction's actor for the policies (ADR 0015), a write
  /// (`locking`) taking the account's lock first (ADR 0009). For the service: the actor, then,
  /// once that lock is held, the household the actor's membership names (AC-PG-29), each set
  /// for the transaction, and through a pooler the role too (a direct connection is the role
  /// already, AC-PG-28). A device's role is its account already, and names nothing.
  private func acting(_ actor: AccountID, locking: Bool) -> [PostgresQuery] {
    // NB: the account's lock is keyed by the store's secret (schema 13): the service derives
    // it in plain SQL, a device takes it through a definer function, holding no lock of its
    // own choosing.
    let lock: PostgresQuery =
      !locking
      ? ""
      : secret.map { ", pg_advisory_xact_lock(\(sql: $0.lockKey("account", "\(actor.rawValue)")))" }
        ?? ", teammate_lock_account(\(actor.rawValue))"
    guard signedIn == nil else { return ["SELECT session_user\(sql: lock)"] }
    return [
      "SELECT \(sql: takingRole)\(sql: Self.naming(actor))\(sql: lock)",
      "SELECT \(sql: Self.namingHousehold(of: actor))",
    ]
  }

  /// Through a pooler, the app's role taken for the transaction, as SQL to select before what
  /// names the actor (a direct connection of the service is that role already, AC-PG-28).
  private var takingRole: PostgresQuery {
    address.pooled ? "set_config('role', 'teammate_app', true), " : ""
  }

  /// Sets `teammate.actor` to `actor` for the transaction, as SQL to select.
  private static func naming(_ actor: AccountID) -> PostgresQuery {
    "set_config('teammate.actor', \(actor.rawValue), true)"
  }

  /// Sets `teammate.household` for the transaction to the household `actor`'s membership
  /// names ('' for none), as SQL to select; its value is the id set.
  private static func namingHousehold(of actor: AccountID) -> PostgresQuery {
    """
    set_config('teammate.household',
      coalesce((\(sql: PostgresStorage.membership(of: actor))), ''), true)
    """
  }

  /// For a read that closes in its opening: the statements that name the actor and answer
  /// the id of the actor's household (a row `id`, NULL or none for no household), its document
  /// unread. The membership is looked up in a statement after the one naming the actor: the
  /// policies read the name, and PostgreSQL defines no order among a statement's expressions.
  private func findingHousehold(of actor: AccountID) -> [PostgresQuery] {
    guard signedIn == nil else {
      return acting(actor, locking: false) + [
        "SELECT (\(sql: PostgresStorage.membership(of: actor))) AS id"
      ]
    }
    return [
      "SELECT \(sql: takingRole)\(sql: Self.naming(actor))",
      "SELECT nullif(\(sql: Self.namingHousehold(of: actor)), '') AS id",
    ]
  }

  /// A transaction's first statements: `begin`, and through a pooler the URL's search path,
  /// which only a transaction can keep there.
  private func opening(_ begin: PostgresQuery) -> [PostgresQuery] {
    guard let path = address.searchPath else { return [begin] }
    return [begin, "SELECT set_config('search_path', \(path), true)"]
  }

  /// Runs `sql` (no parameters, no rows wanted) on a connection of its own to `url`: a test
  /// server's databases are made and dropped with it.
  package static func execute(_ sql: String, on url: String) throws(PostgresError) {
    try PostgresConnection(url: url).execute(sql)
  }

  /// Creates an empty schema `name` in the database `url` points at, and returns a URL that
  /// keeps a store there: many stores on one server, each in a schema of its own (the tests
  /// give every backend one).
  public static func createSchema(_ name: String, on url: String) throws(PostgresError)
    -> String
  {
    guard PostgresQuery.isPlainName(name),
      var components = URLComponents(string: url)
    else { throw PostgresError.client("'\(name)' cannot name a schema") }
    try PostgresConnection(url: url).execute("CREATE SCHEMA \(name)")
    var items = components.queryItems ?? []
    items.append(URLQueryItem(name: "options", value: "-csearch_path=\(name)"))
    components.queryItems = items
    // NB: URLComponents leaves `=` as it is in a value; libpq reads it as the key's end.
    return (components.string ?? url).replacingOccurrences(
      of: "search_path=\(name)", with: "search_path%3D\(name)")
  }
}

extension PostgresBackend: PushingBackend {
  /// Whether pushes can be followed: not through a pooler in transaction mode with no direct
  /// URL to listen on.
  package nonisolated var canFollowPushes: Bool { listener != nil }

  /// The household's feed sequences as writers on any machine commit them, by `LISTEN` on
  /// the household's channel; members only. The stream ends when the server goes away.
  public func pushes(for household: HouseholdID, as actor: AccountID) throws -> AsyncStream<Int64> {
    _ = try self.household(household, as: actor)
    guard let listener else { throw PostgresError.noSessionForPushes }
    let channel = try read(AccessChecked(), as: actor) { storage, _ in
      try storage.connection.query(
        "SELECT teammate_channel(\(household.rawValue)) AS channel"
      ).text(0, "channel")
    }
    return try listener.stream(on: channel)
  }
}
