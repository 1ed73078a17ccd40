import CSQLite

/// A failed SQLite call: the extended result code, SQLite's own message and the SQL.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// SQLite's result code.
  public var code: Int32
  /// SQLite's message.
  public var message: String
  /// The statement that failed, if one did.
  public var sql: String?

  /// An error with SQLite's code and message.
  public init(code: Int32, message: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`…) without the extended bits.
  public var primaryCode: Int32 { code & 0xFF }

  static let rangeCode = SQLITE_RANGE

  /// A value read back from the store that no version of this program writes: the store is
  /// damaged, whatever SQLite itself says of the file.
  static func unreadable(_ what: String) -> SQLiteError {
    SQLiteError(code: SQLITE_CORRUPT, message: what)
  }

  public var description: String {
    "SQLite error \(code): \(message)" + (sql.map { " (in \($0))" } ?? "")
  }
}
