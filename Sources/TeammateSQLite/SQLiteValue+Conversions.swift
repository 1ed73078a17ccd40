import CSQLite
import Foundation
import TeammateKit

extension SQLiteValue {
  static func date(_ date: Date?) -> SQLiteValue {
    date.map { .real($0.timeIntervalSinceReferenceDate) } ?? .null
  }

  static func text(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }

  static func id<Tag>(_ id: Identifier<Tag>?) -> SQLiteValue { text(id?.rawValue) }

  static func int(_ number: Int?) -> SQLiteValue { number.map { .integer(Int64($0)) } ?? .null }

  static func bool(_ flag: Bool) -> SQLiteValue { .integer(flag ? 1 : 0) }
}

extension SQLiteStatement {
  /// The times a store may hold: from 1970 to the end of 9999. Anything else (a huge number,
  /// infinity, NaN, text) was not written by this program, and reading it on would crash the
  /// arithmetic of whoever shows it.
  static let storableTimes: ClosedRange<Double> = -978_307_200...252_423_993_599

  func date(_ column: Int32) throws(SQLiteError) -> Date {
    let value = double(column)
    guard type(column) == SQLITE_FLOAT || type(column) == SQLITE_INTEGER,
      Self.storableTimes.contains(value)
    else {
      // NB: what a person reads names no SQL (AC-INPUT-04).
      throw .unreadable("a stored time is out of range")
    }
    return Date(timeIntervalSinceReferenceDate: value)
  }

  func optionalDate(_ column: Int32) throws(SQLiteError) -> Date? {
    isNull(column) ? nil : try date(column)
  }

  func id<Tag>(_ column: Int32) -> Identifier<Tag> { Identifier(text(column)) }

  func optionalID<Tag>(_ column: Int32) -> Identifier<Tag>? {
    isNull(column) ? nil : Identifier(text(column))
  }

  func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

  func bool(_ column: Int32) -> Bool { int64(column) != 0 }
}

/// The same reads by column name, for a row read once (a loop over many rows finds its
/// columns first, as `CardRow.Columns` does).
extension SQLiteStatement {
  func text(named name: String) throws(SQLiteError) -> String { text(try column(name)) }
  func optionalText(named name: String) throws(SQLiteError) -> String? {
    optionalText(try column(name))
  }
  func int(named name: String) throws(SQLiteError) -> Int { int(try column(name)) }
  func int64(named name: String) throws(SQLiteError) -> Int64 { int64(try column(name)) }
  func bool(named name: String) throws(SQLiteError) -> Bool { bool(try column(name)) }
  func isNull(named name: String) throws(SQLiteError) -> Bool { isNull(try column(name)) }
  func isEmptyText(named name: String) throws(SQLiteError) -> Bool {
    isEmptyText(try column(name))
  }
  func id<Tag>(named name: String) throws(SQLiteError) -> Identifier<Tag> { id(try column(name)) }
  func optionalID<Tag>(named name: String) throws(SQLiteError) -> Identifier<Tag>? {
    optionalID(try column(name))
  }
  func date(named name: String) throws(SQLiteError) -> Date { try date(try column(name)) }
  func optionalDate(named name: String) throws(SQLiteError) -> Date? {
    try optionalDate(try column(name))
  }
}
