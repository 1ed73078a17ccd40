import Foundation

/// A day as the household lives it: a local date in the household's zone. A meal belongs to
/// one, and which one is worked out from the backend's time and the household's zone alone,
/// never from a phone's clock or zone.
public struct MealDay: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
  /// The year, 1 to 9999.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, from 1.
  public let day: Int

  /// The date given, or nil when no calendar has it (the 31st of April).
  public init?(year: Int, month: Int, day: Int) {
    let calendar = Self.calendar(in: Self.utc)
    let components = DateComponents(year: year, month: month, day: day)
    guard (1...9999).contains(year), components.isValidDate(in: calendar) else { return nil }
    (self.year, self.month, self.day) = (year, month, day)
  }

  /// The household's day at `instant`: what its members' walls say, in `zone`.
  public init(containing instant: Date, in zone: TimeZone) {
    let parts = Self.calendar(in: zone).dateComponents([.year, .month, .day], from: instant)
    (year, month, day) = (parts.year ?? 1, parts.month ?? 1, parts.day ?? 1)
  }

  /// `2026-12-03`, or nil for anything else.
  public init?(text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      let valid = MealDay(year: year, month: month, day: day)
    else { return nil }
    self = valid
  }

  /// `2026-12-03`.
  public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

  /// The day `count` days later (earlier when negative).
  public func adding(days count: Int) -> MealDay {
    let calendar = Self.calendar(in: Self.utc)
    let moved = calendar.date(byAdding: .day, value: count, to: noon(calendar)) ?? noon(calendar)
    return MealDay(containing: moved, in: calendar.timeZone)
  }

  /// Whole days from this day to `other`.
  public func days(to other: MealDay) -> Int {
    let calendar = Self.calendar(in: Self.utc)
    return calendar.dateComponents([.day], from: noon(calendar), to: other.noon(calendar)).day
      ?? 0
  }

  /// The instant this day's wall clocks in `zone` show `time`; a time the day skips (a
  /// spring-forward gap) is moved forward by the gap, as a repeating card's is.
  public func instant(at time: TimeOfDay, in zone: TimeZone) -> Date {
    let calendar = Self.calendar(in: zone)
    let moment = DateComponents(
      year: year, month: month, day: day, hour: time.hour, minute: time.minute)
    return calendar.date(from: moment) ?? noon(calendar)
  }

  public static func < (lhs: MealDay, rhs: MealDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private func noon(_ calendar: Calendar) -> Date {
    calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
      ?? Date(timeIntervalSinceReferenceDate: 0)
  }

  /// The zone day arithmetic runs in: only the date matters there.
  private static let utc = TimeZone.gmt

  private static func calendar(in zone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let day = MealDay(text: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a day"))
    }
    self = day
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
