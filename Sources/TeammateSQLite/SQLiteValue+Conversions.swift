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
  func date(_ column: Int32) -> Date { Date(timeIntervalSinceReferenceDate: double(column)) }

  func optionalDate(_ column: Int32) -> Date? { isNull(column) ? nil : date(column) }

  func id<Tag>(_ column: Int32) -> Identifier<Tag> { Identifier(text(column)) }

  func optionalID<Tag>(_ column: Int32) -> Identifier<Tag>? {
    isNull(column) ? nil : Identifier(text(column))
  }

  func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

  func bool(_ column: Int32) -> Bool { int64(column) != 0 }
}
