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
      throw .unreadable("a stored time is out of range in column \(column) of \(sql)")
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
