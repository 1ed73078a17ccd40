import Foundation
import TeammateKit

/// What a test, the benchmark or an operator reads of a backend's session with SQL of its
/// own: the server's counts flushed, the plans of its statements, its roles and server
/// process, throwaway schemas. What is counted of a backend is heard by a
/// `PostgresObserver` (`TeammateTestHarness`), never kept here.
extension PostgresBackend {
  /// Has `observer` hear this backend's connection from now on (nil: nobody).
  package func observe(with observer: (any PostgresObserver)?) { connection.observer = observer }

  /// Who hears this backend's connection, if anyone.
  package var observer: (any PostgresObserver)? { connection.observer }

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

  /// Runs `sql` (no parameters, no rows wanted) on a connection of its own to `url`: a test
  /// server's databases are made and dropped with it.
  package static func execute(
    _ sql: String, on url: String, waits: PostgresWaits = .standard
  ) throws(PostgresError) {
    try PostgresConnection(url: url, waits: waits).execute(sql)
  }

  /// Creates an empty schema `name` in the database `url` points at, and returns a URL that
  /// keeps a store there: many stores on one server, each in a schema of its own (the tests
  /// give every backend one).
  package static func createSchema(
    _ name: String, on url: String, waits: PostgresWaits = .standard
  ) throws(PostgresError) -> String {
    guard PostgresQuery.isPlainName(name),
      var components = URLComponents(string: url)
    else { throw PostgresError.client("'\(name)' cannot name a schema") }
    try PostgresConnection(url: url, waits: waits).execute("CREATE SCHEMA \(name)")
    var items = components.queryItems ?? []
    items.append(URLQueryItem(name: "options", value: "-csearch_path=\(name)"))
    components.queryItems = items
    // NB: URLComponents leaves `=` as it is in a value; libpq reads it as the key's end.
    return (components.string ?? url).replacingOccurrences(
      of: "search_path=\(name)", with: "search_path%3D\(name)")
  }
}
