import Foundation

/// A whole household as one document: what a member takes away, backs up or moves to another
/// store (AC-PORT-01). Its format is versioned and documented in `docs/household-format.md`;
/// a kit reads every format it ever wrote, and refuses a newer one rather than guess.
///
/// ```swift
/// let document = try await backend.exportHousehold(home, as: "alice")
/// let bytes = try document.encoded()
/// // …later, into an empty store of any kind:
/// try await other.importHousehold(try HouseholdDocument(decoding: bytes), as: "alice")
/// ```
public struct HouseholdDocument: Sendable, Codable, Equatable {
  /// The format this kit writes, and the newest it reads.
  public static let currentFormat = 3

  /// The format the document was written in.
  public package(set) var format: Int
  /// The household: its members and their settings, its dishes and its meal settings.
  public package(set) var household: Household
  /// Every card, deleted ones too, each with its revision and who knows which revision;
  /// ordered by id.
  public package(set) var cards: [Card]
  /// Every list item, got and cleared ones too; ordered by id.
  public package(set) var items: [ShoppingItem]
  /// The household's feed in order, numbered from 1: its sequence in the store it came from
  /// is that store's business.
  public package(set) var feed: [Change]

  /// A document of the current format: the cards and items ordered by id, the feed numbered
  /// from 1 in its order.
  package init(household: Household, cards: [Card], items: [ShoppingItem], feed: [Change]) {
    format = Self.currentFormat
    self.household = household
    self.cards = cards.sorted { $0.id < $1.id }
    self.items = items.sorted { $0.id < $1.id }
    self.feed = feed.enumerated().map { offset, change in
      var numbered = change
      numbered.sequence = Int64(offset + 1)
      return numbered
    }
  }

  /// Reads a document, refusing a format newer than this kit's or bytes that are not one.
  public init(decoding data: Data) throws(HouseholdDocumentError) {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = Self.date(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "'\(text)' is not a time of the household format")
      }
      return date
    }
    // NB: the format first, so that a newer document is called newer, not broken.
    struct Head: Decodable { var format: Int }
    let head: Head
    do {
      head = try decoder.decode(Head.self, from: data)
    } catch {
      throw .unreadable(reason: Self.reason(error))
    }
    guard head.format <= Self.currentFormat, head.format >= 1 else {
      throw .formatTooNew(head.format, newest: Self.currentFormat)
    }
    do {
      self = try decoder.decode(Self.self, from: data)
    } catch {
      throw .unreadable(reason: Self.reason(error))
    }
  }

  /// The document's bytes: keys sorted, times in UTC to the millisecond, so that the same
  /// household always writes the same bytes.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(Self.text(date))
    }
    return try encoder.encode(self)
  }

  /// `2026-12-04T09:30:00.000Z`: a time to the millisecond (rounded), in UTC.
  static func text(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded())
    let (seconds, rest) = milliseconds.floorDivided(by: 1_000)
    let (days, second) = seconds.floorDivided(by: 86_400)
    let (year, month, day) = ISOTimestamp.civil(fromDays: Int(days))
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day, second / 3_600,
      second / 60 % 60, second % 60, rest)
  }

  /// The time `text(_:)` wrote, or nil for any other text.
  static func date(_ text: String) -> Date? {
    let parts = text.split(whereSeparator: { "-T:.Z".contains($0) }).map { Int($0) }
    guard text.count == 24, text.hasSuffix("Z"), parts.count == 7,
      let year = parts[0], let month = parts[1], let day = parts[2], let hour = parts[3],
      let minute = parts[4], let second = parts[5], let millisecond = parts[6],
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = Self.days(year: year, month: month, day: day)
    guard ISOTimestamp.civil(fromDays: days) == (year, month, day) else { return nil }
    let seconds = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
    return Date(timeIntervalSince1970: Double(seconds * 1_000 + Int64(millisecond)) / 1_000)
  }

  /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (the inverse of
  /// `ISOTimestamp.civil(fromDays:)`).
  static func days(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context),
      DecodingError.keyNotFound(_, let context),
      DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context):
      let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
      return (path.isEmpty ? "" : path.joined(separator: ".") + ": ") + context.debugDescription
    default:
      return "\(error)"
    }
  }
}

extension Int64 {
  /// The quotient rounded down and the remainder that goes with it (never negative).
  fileprivate func floorDivided(by divisor: Int64) -> (Int64, Int) {
    let rest = (self % divisor + divisor) % divisor
    return ((self - rest) / divisor, Int(rest))
  }
}
