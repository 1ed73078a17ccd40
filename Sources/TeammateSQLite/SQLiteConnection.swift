import CSQLite
import Foundation

/// One open SQLite database handle, closed when the value goes away.
///
/// Deliberately not `Sendable`: a connection lives inside one serial owner (the store actor).
final class SQLiteConnection {
  let handle: OpaquePointer

  /// Opens (or, with `create`, creates) the database at `path`; `:memory:` for a private one.
  init(path: String, create: Bool = true) throws(SQLiteError) {
    var handle: OpaquePointer?
    var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    if create { flags |= SQLITE_OPEN_CREATE }
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      // NB: even a failed open may allocate a handle, which must still be closed.
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: message)
    }
    self.handle = handle
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit { sqlite3_close_v2(handle) }

  /// The last error on this handle, as a typed error.
  func lastError(code: Int32, sql: String? = nil) -> SQLiteError {
    SQLiteError(
      code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
      sql: sql)
  }

  /// Runs SQL without parameters (schema, pragmas, transaction control); rows are ignored.
  func execute(_ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw lastError(code: code, sql: sql) }
  }

  /// A prepared statement with its values bound; user text only ever travels as a binding.
  func prepare(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteStatement {
    let statement = try SQLiteStatement(connection: self, sql: sql)
    try statement.bind(values)
    return statement
  }

  /// Runs one statement to completion.
  func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
    let statement = try prepare(sql, values)
    while try statement.step() {}
  }

  /// Every row of a query, mapped.
  func rows<T>(
    _ sql: String, _ values: [SQLiteValue] = [], _ map: (SQLiteStatement) throws -> T
  ) throws -> [T] {
    let statement = try prepare(sql, values)
    var result: [T] = []
    while try statement.step() { result.append(try map(statement)) }
    return result
  }

  /// Runs `body` in a transaction that takes the write lock at once, so it cannot deadlock
  /// on a lock upgrade; rolls back on any error.
  func writeTransaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Rows changed by the last statement.
  var changes: Int { Int(sqlite3_changes64(handle)) }
}
