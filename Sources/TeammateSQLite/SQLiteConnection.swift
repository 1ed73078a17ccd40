import CSQLite
import Foundation

/// One open SQLite database handle, closed when the value goes away.
///
/// Deliberately not `Sendable`: a connection lives inside one serial owner (the store actor).
final class SQLiteConnection {
  let handle: OpaquePointer
  private var cache: [String: SQLiteStatement] = [:]

  /// Opens (or, with `create`, creates) the database at `path`; `:memory:` for a private one.
  /// With `readOnly`, SQLite is asked never to write; with `uri`, `path` is a `file:` URI.
  init(
    path: String, create: Bool = true, readOnly: Bool = false, uri: Bool = false
  ) throws(SQLiteError) {
    var handle: OpaquePointer?
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    if uri { flags |= SQLITE_OPEN_URI }
    flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
    if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
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

  deinit {
    cache.removeAll()
    sqlite3_close_v2(handle)
  }

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
  ///
  /// Statements are prepared once per SQL text and reused.
  func prepare(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteStatement {
    let statement: SQLiteStatement
    if let cached = cache[sql] {
      cached.reset()
      statement = cached
    } else {
      statement = try SQLiteStatement(connection: self, sql: sql)
      cache[sql] = statement
    }
    do {
      try statement.bind(values)
    } catch {
      evict(sql)
      throw error
    }
    return statement
  }

  /// Drops a statement that failed from the cache, so it is prepared afresh next time.
  func evict(_ sql: String) { cache[sql] = nil }

  /// Runs one statement to completion.
  func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
    let statement = try prepare(sql, values)
    defer { statement.reset() }
    do {
      while try statement.step() {}
    } catch {
      evict(sql)
      throw error
    }
  }

  /// Every row of a query, mapped.
  func rows<T>(
    _ sql: String, _ values: [SQLiteValue] = [], _ map: (SQLiteStatement) throws -> T
  ) throws -> [T] {
    let statement = try prepare(sql, values)
    defer { statement.reset() }
    var result: [T] = []
    do {
      while try statement.step() { result.append(try map(statement)) }
    } catch {
      evict(sql)
      throw error
    }
    return result
  }

  /// The first row of a query, mapped, or nil when there is none.
  func first<T>(
    _ sql: String, _ values: [SQLiteValue] = [], _ map: (SQLiteStatement) throws -> T
  ) throws -> T? {
    let statement = try prepare(sql, values)
    defer { statement.reset() }
    do {
      return try statement.step() ? try map(statement) : nil
    } catch {
      evict(sql)
      throw error
    }
  }

  /// Runs `body` in a transaction that takes the write lock at once, so it cannot deadlock
  /// on a lock upgrade; rolls back on any error.
  func writeTransaction<T>(_ body: () throws -> T) throws -> T {
    try transaction("BEGIN IMMEDIATE", body)
  }

  /// Runs `body` in a read transaction: one consistent snapshot for several queries.
  func readTransaction<T>(_ body: () throws -> T) throws -> T {
    try transaction("BEGIN DEFERRED", body)
  }

  private func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
    try execute(begin)
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// The rowid of the last row inserted on this connection.
  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Rows changed by the last statement.
  var changes: Int { Int(sqlite3_changes64(handle)) }
}
