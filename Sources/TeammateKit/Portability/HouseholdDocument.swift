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
    // NB: JSON of another program (it has no format) is told so, not decoded on (AC-INPUT-05).
    struct Head: Decodable { var format: Int? }
    let format: Int
    do {
      guard let read = try decoder.decode(Head.self, from: data).format else {
        throw HouseholdDocumentError.unreadable(reason: "it has no format")
      }
      format = read
    } catch let error as HouseholdDocumentError {
      throw error
    } catch {
      throw .unreadable(reason: Self.reason(error))
    }
    guard format <= Self.currentFormat, format >= 1 else {
      throw .formatTooNew(format, newest: Self.currentFormat)
    }
    do {
      self = try decoder.decode(Self.self, from: data)
    } catch {
      throw .unreadable(reason: Self.reason(error))
    }
  }

  /// The document's bytes: keys sorted, times in UTC to the millisecond, so that the same
  /// household always writes the same bytes.
  ///
  /// NB: its parts (each half of the cards and of the feed, the household, the list) are
  /// written at once, each by its own `DocumentEncoder`, and put together in the order of
  /// their keys (docs/benchmarks.md: with the encoder, an export of 10,000 cards went from
  /// 8.4× the store's own dump to 2.4×). A field added to the document is added here too:
  /// AC-PORT-18's test, which compares the bytes with Foundation's, fails until it is.
  public func encoded() throws -> Data {
    let document = self
    let parts = try DocumentEncoder.inParallel(
      Self.halves(cards) + Self.halves(feed) + [
        { try DocumentEncoder().bytes(of: document.household, depth: 1) },
        { try DocumentEncoder().bytes(of: document.items, depth: 1) },
      ])
    var bytes: [UInt8] = []
    bytes.reserveCapacity(parts.reduce(64) { $0 + $1.count })
    bytes.append(contentsOf: "{\n  \"cards\" : ".utf8)
    bytes.append(contentsOf: DocumentEncoder.array(of: Array(parts[0..<2]), depth: 1))
    bytes.append(contentsOf: ",\n  \"feed\" : ".utf8)
    bytes.append(contentsOf: DocumentEncoder.array(of: Array(parts[2..<4]), depth: 1))
    bytes.append(contentsOf: ",\n  \"format\" : \(format),\n  \"household\" : ".utf8)
    bytes.append(contentsOf: parts[4])
    bytes.append(contentsOf: ",\n  \"items\" : ".utf8)
    bytes.append(contentsOf: parts[5])
    bytes.append(contentsOf: "\n}".utf8)
    return Data(bytes)
  }

  /// The writing of each half of `values`' elements, a part each.
  private static func halves<Element: Encodable & Sendable>(_ values: [Element])
    -> [DocumentEncoder.Part]
  {
    let middle = values.count / 2
    return [Array(values[..<middle]), Array(values[middle...])].map { half in
      { try DocumentEncoder().elements(of: half, depth: 1) }
    }
  }

  /// `2026-12-04T09:30:00.000Z`: a time to the millisecond (rounded), in UTC.
  ///
  /// NB: digit by digit as `ISOTimestamp` writes them: `String(format:)` was a third of an
  /// export's writing.
  static func text(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded())
    let (seconds, rest) = milliseconds.floorDivided(by: 1_000)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    ISOTimestamp.appendCivil(Int(seconds), to: &bytes)
    bytes.append(UInt8(ascii: "."))
    ISOTimestamp.digits(rest, 3, to: &bytes)
    bytes.append(UInt8(ascii: "Z"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The time `text(_:)` wrote, or nil for any other text.
  ///
  /// NB: read byte by byte: splitting the text was a tenth of an import.
  package static func date(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 24 else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    let separators: [(Int, Character)] = [
      (4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z"),
    ]
    guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      let millisecond = number(20..<23),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = Self.days(year: year, month: month, day: day)
    guard ISOTimestamp.civil(fromDays: days) == (year, month, day) else { return nil }
    let seconds = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
    let date = Date(timeIntervalSince1970: Double(seconds * 1_000 + Int64(millisecond)) / 1_000)
    // NB: a time no store reads back is not one of the format (AC-INPUT-01).
    return StoredTime.holds(date) ? date : nil
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
    case DecodingError.keyNotFound(let key, let context):
      let path = (context.codingPath + [key]).map { $0.intValue.map(String.init) ?? $0.stringValue }
      return path.joined(separator: ".") + " is missing"
    case DecodingError.dataCorrupted(let context),
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
