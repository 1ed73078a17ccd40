import CSQLite
import Foundation

/// A value bound to, or read from, a statement.
enum SQLiteValue: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)
}

/// A prepared statement, finalised when the value goes away.
final class SQLiteStatement {
  private let handle: OpaquePointer
  private unowned let connection: SQLiteConnection
  let sql: String

  init(connection: SQLiteConnection, sql: String) throws(SQLiteError) {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v2(connection.handle, sql, -1, &handle, nil)
    guard code == SQLITE_OK, let handle else {
      throw connection.lastError(code: code, sql: sql)
    }
    self.handle = handle
    self.connection = connection
    self.sql = sql
  }

  deinit { sqlite3_finalize(handle) }

  /// The statement's result columns by name, read once: a prepared statement's are fixed.
  private lazy var columnNumbers: [String: Int32] = {
    var numbers: [String: Int32] = [:]
    for column in 0..<sqlite3_column_count(handle) {
      if let name = sqlite3_column_name(handle, column) { numbers[String(cString: name)] = column }
    }
    return numbers
  }()

  /// The card columns of this statement's result, once per prefix (see `CardRow.Columns`).
  var cardColumns: [String: CardRow.Columns] = [:]

  /// The number of the result column `name`; a name the statement does not return is a
  /// mistake of ours, said as one.
  func column(_ name: String) throws(SQLiteError) -> Int32 {
    guard let number = columnNumbers[name] else {
      throw .unreadable("the statement returns no column '\(name)': \(sql)")
    }
    return number
  }

  func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    let parameters = Int(sqlite3_bind_parameter_count(handle))
    guard parameters == values.count else {
      throw SQLiteError(
        code: SQLITE_RANGE,
        message: "\(values.count) value(s) given for \(parameters) parameter(s)", sql: sql)
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
      case .real(let number): code = sqlite3_bind_double(handle, index, number)
      case .text(let text):
        // NB: the byte count, not -1, so that text with an inner NUL is kept whole.
        let bytes = text.utf8CString
        code = bytes.withUnsafeBufferPointer { buffer in
          sqlite3_bind_text64(
            handle, index, buffer.baseAddress, sqlite3_uint64(buffer.count - 1), sqliteTransient,
            UInt8(SQLITE_UTF8))
        }
      case .blob(let data):
        code = data.withUnsafeBytes { bytes in
          sqlite3_bind_blob64(
            handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), sqliteTransient)
        }
      }
      guard code == SQLITE_OK else { throw connection.lastError(code: code, sql: sql) }
    }
  }

  /// Makes the statement ready to run again, releasing any read lock it held.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Advances to the next row; false when the statement is done.
  func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw connection.lastError(code: code, sql: sql)
    }
  }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

  /// The storage class of a column's value (`SQLITE_INTEGER`, `SQLITE_TEXT`…).
  func type(_ column: Int32) -> Int32 { sqlite3_column_type(handle, column) }

  func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

  func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

  func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

  func text(_ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

  /// Whether a column holds no text at all (NULL or empty), without making a string.
  func isEmptyText(_ column: Int32) -> Bool { sqlite3_column_bytes(handle, column) == 0 }

  func blob(_ column: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return Data() }
    return Data(bytes: bytes, count: count)
  }
}

/// SQLite copies the bound bytes before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
