import Foundation
import TeammateKit

/// The backend on a PostgreSQL server: many households, many machines.
///
/// Each call is one serializable transaction around `BackendOperations`, run again (a few
/// times) when it loses a race with another writer; timestamps come from the injected clock.
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
    listener.stop()
  }

  private let url: String
  /// Listens for the households followed through this backend (`pushes`).
  private let listener: PostgresListener
  private var connection: PostgresConnection
  private let clock: any WallClock
  private var random: AnyRandomNumberGenerator
  public let joinLimit: JoinAttemptLimit
  /// How often a transaction that lost a race is tried again.
  static let attempts = 20
  /// Run just before a write's commit, with the server process of the connection: a test
  /// cuts the connection there to see a server go away in the middle of a transaction.
  var beforeCommit: (@Sendable (String) throws -> Void)?

  /// Sets `beforeCommit` (tests only).
  func cutBeforeCommit(_ body: (@Sendable (String) throws -> Void)?) { beforeCommit = body }

  /// Connects to the server at `url` (a `postgresql://` URL), making or migrating the store's
  /// schema; `clock` gives server time for the rules.
  public init(
    url: String, clock: any WallClock,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    joinLimit: JoinAttemptLimit = .standard
  ) throws(PostgresError) {
    self.url = url
    listener = PostgresListener(url: url)
    connection = try PostgresConnection(url: url)
    self.clock = clock
    self.random = AnyRandomNumberGenerator(random)
    self.joinLimit = joinLimit
    try Self.prepare(connection)
  }

  /// The schema this build writes.
  public static var schemaVersion: Int { PostgresSchema.version }

  /// The server process behind this backend's connection, for tests that cut it.
  func serverProcess() throws -> String {
    try connection.query("SELECT pg_backend_pid()").text(0, 0)
  }

  /// Makes an empty database ours, or checks that it is ours and not newer and brings an
  /// older one up to this build's schema.
  private static func prepare(_ connection: PostgresConnection) throws(PostgresError) {
    let marked =
      try connection.query(
        "SELECT to_regclass('teammate_schema') IS NOT NULL"
      ).text(0, 0) == "t"
    if marked {
      let rows = try connection.query("SELECT application, version FROM teammate_schema")
      guard rows.count == 1, rows.text(0, 0) == PostgresSchema.application,
        let version = Int(rows.text(0, 1))
      else { throw PostgresError(state: "", message: "the database is not a Teammate store") }
      guard version <= PostgresSchema.version else {
        throw PostgresError(
          state: "",
          message:
            "the database has schema \(version), newer than this build's \(PostgresSchema.version)")
      }
      if version < PostgresSchema.version { try migrate(connection) }
      return
    }
    let tables = try connection.query(
      "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
    ).text(0, 0)
    guard tables == "0" else {
      throw PostgresError(state: "", message: "the database holds another application's tables")
    }
    // NB: the tables and the schema's mark go in at once, or not at all.
    try connection.execute(
      "BEGIN; " + PostgresSchema.migrations.joined(separator: "\n")
        + " INSERT INTO teammate_schema VALUES ('\(PostgresSchema.application)', "
        + "\(PostgresSchema.version)); COMMIT;")
  }

  /// Applies the migrations a store lacks, all in one transaction; the version is read again
  /// under a lock, so that two processes opening an old store migrate it once.
  private static func migrate(_ connection: PostgresConnection) throws(PostgresError) {
    try connection.execute("BEGIN; LOCK TABLE teammate_schema IN EXCLUSIVE MODE")
    do {
      let current = Int(try connection.query("SELECT version FROM teammate_schema").text(0, 0)) ?? 0
      if current < PostgresSchema.version {
        try connection.execute(
          PostgresSchema.migrations[current...].joined(separator: "\n")
            + " UPDATE teammate_schema SET version = \(PostgresSchema.version)")
      }
      try connection.execute("COMMIT")
    } catch {
      try? connection.execute("ROLLBACK")
      throw error
    }
  }

  public func write<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (inout PostgresStorage, Date, inout AnyRandomNumberGenerator) throws -> T
  ) throws -> T {
    try transaction(as: actor, reading: false) { storage in
      try body(&storage, clock.now(), &random)
    }
  }

  public func read<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (PostgresStorage, Date) throws -> T
  ) throws
    -> T
  {
    try transaction(as: actor, reading: true) { storage in try body(storage, clock.now()) }
  }

  /// One transaction as `teammate_app` for `actor`, tried again while it loses races: a
  /// write is serializable, a read sees one snapshot (repeatable read, read only). The
  /// row-level policies see the actor; the kit's access checks run as well.
  private func transaction<T>(
    as actor: AccountID, reading: Bool, _ body: (inout PostgresStorage) throws -> T
  ) throws -> T {
    var attempt = 0
    var committing = false
    while true {
      attempt += 1
      // NB: a connection the server dropped (a restart, an idle timeout) is opened again.
      if !connection.isOpen { connection = try PostgresConnection(url: url) }
      var storage = PostgresStorage(connection: connection)
      committing = false
      do {
        try connection.execute(
          reading
            ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
            : "BEGIN ISOLATION LEVEL SERIALIZABLE")
        // NB: `role` set for the transaction is SET LOCAL ROLE; the actor is bound, not written.
        try connection.query(
          "SELECT set_config('role', 'teammate_app', true), set_config('teammate.actor', $1, true)",
          [actor.rawValue])
        let result = try body(&storage)
        if let beforeCommit, !reading {
          try beforeCommit(try connection.query("SELECT pg_backend_pid()").text(0, 0))
        }
        committing = true
        try connection.execute("COMMIT")
        return result
      } catch let error as PostgresError where error.isRetryable && attempt < Self.attempts {
        try? connection.execute("ROLLBACK")
      } catch is PostgresError where !connection.isOpen && !committing && attempt == 1 {
        // NB: the server went away before the commit was sent: nothing was written, so the
        // call runs again, once, on a new connection. A commit whose answer was lost is not
        // run again: whether it landed is unknown (an outbox write is safe to send again).
      } catch {
        try? connection.execute("ROLLBACK")
        throw error
      }
    }
  }
}

extension PostgresBackend {
  /// Creates an empty schema `name` in the database `url` points at, and returns a URL that
  /// keeps a store there: many stores on one server, each in a schema of its own (the tests
  /// give every backend one).
  public static func createSchema(_ name: String, on url: String) throws(PostgresError)
    -> String
  {
    guard !name.isEmpty,
      name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }),
      var components = URLComponents(string: url)
    else { throw PostgresError(state: "", message: "'\(name)' cannot name a schema") }
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
  /// The household's feed sequences as writers on any machine commit them, by `LISTEN` on
  /// the household's channel; members only. The stream ends when the server goes away.
  public func pushes(for household: HouseholdID, as actor: AccountID) throws -> AsyncStream<Int64> {
    _ = try self.household(household, as: actor)
    let channel = try read(AccessChecked(), as: actor) { storage, _ in
      try storage.connection.query(
        "SELECT \(PostgresListener.channel(of: "$1"))", [household.rawValue]
      ).text(0, 0)
    }
    return try listener.stream(on: channel)
  }
}
