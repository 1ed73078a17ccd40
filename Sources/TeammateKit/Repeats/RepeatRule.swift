import Foundation

/// How a task or event repeats: the RFC 5545 `RRULE` subset the product speaks
/// (`FREQ=DAILY|WEEKLY|MONTHLY`, `INTERVAL`, `BYDAY` for weekly, `BYMONTHDAY` for monthly,
/// `-1` for the last day, and `UNTIL` or `COUNT`).
///
/// ```swift
/// let trash = try RepeatRule(parsing: "FREQ=WEEKLY;BYDAY=TU")
/// trash.next(after: now, from: firstTuesday, in: zone)
/// ```
public struct RepeatRule: Sendable, Hashable {
  /// The unit a rule repeats by.
  public enum Frequency: String, Sendable, Codable, CaseIterable {
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
  }

  /// A day of the week, as `BYDAY` writes it; in RFC 5545's order from Monday.
  public enum Weekday: String, Sendable, Codable, CaseIterable, Comparable {
    case monday = "MO"
    case tuesday = "TU"
    case wednesday = "WE"
    case thursday = "TH"
    case friday = "FR"
    case saturday = "SA"
    case sunday = "SU"

    /// Days after Monday.
    public var offset: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  /// How a rule ends: never, after an instant (inclusive), or after a number of occurrences.
  public enum End: Sendable, Codable, Hashable {
    case never
    case until(Date)
    case count(Int)
  }

  /// The unit it repeats by.
  public var frequency: Frequency
  /// Every how many units: 2 with weekly is every other week.
  public var interval: Int
  /// For a weekly rule, the days it falls on; empty: the first occurrence's day.
  public var weekdays: [Weekday]
  /// For a monthly rule, the days of the month (1…31, or -1 for the last); empty: the first
  /// occurrence's day.
  public var monthDays: [Int]
  /// When the series ends: never, on a date, or after a count.
  public var end: End

  /// A rule; `RepeatRules` checks it before a card may carry it.
  public init(
    frequency: Frequency, interval: Int = 1, weekdays: [Weekday] = [], monthDays: [Int] = [],
    end: End = .never
  ) {
    self.frequency = frequency
    self.interval = interval
    self.weekdays = Array(Set(weekdays)).sorted()
    self.monthDays = Array(Set(monthDays)).sorted {
      Self.monthDayOrder($0) < Self.monthDayOrder($1)
    }
    self.end = end
  }

  // MARK: Text

  /// Reads `RRULE` text (the part after `RRULE:`); parts in any order, names in any case.
  public init(parsing text: String) throws(TeammateError) {
    func refuse(_ reason: String) -> TeammateError { .invalidRepeatRule(text, reason: reason) }
    var parts: [String: String] = [:]
    for part in text.split(separator: ";", omittingEmptySubsequences: false) {
      let pair = part.split(separator: "=", maxSplits: 1).map { $0.uppercased() }
      guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty, parts[pair[0]] == nil else {
        throw refuse("malformed: write NAME=VALUE parts joined by ';'")
      }
      parts[pair[0]] = pair[1]
    }
    let known: Set = ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "UNTIL", "COUNT"]
    if let other = parts.keys.sorted().first(where: { !known.contains($0) }) {
      throw refuse("\(other) is not part of the rules a card may have")
    }
    guard let frequency = parts["FREQ"].flatMap(Frequency.init(rawValue:)) else {
      throw refuse("FREQ must be DAILY, WEEKLY or MONTHLY")
    }
    var interval = 1
    if let value = parts["INTERVAL"] {
      guard let number = Int(value), number >= 1 else { throw refuse("INTERVAL must be 1 or more") }
      interval = number
    }
    var weekdays: [Weekday] = []
    if let value = parts["BYDAY"] {
      guard frequency == .weekly else { throw refuse("BYDAY goes with FREQ=WEEKLY only") }
      for day in value.split(separator: ",", omittingEmptySubsequences: false) {
        guard let weekday = Weekday(rawValue: String(day)) else {
          throw refuse("BYDAY takes MO, TU, WE, TH, FR, SA or SU")
        }
        weekdays.append(weekday)
      }
    }
    var monthDays: [Int] = []
    if let value = parts["BYMONTHDAY"] {
      guard frequency == .monthly else { throw refuse("BYMONTHDAY goes with FREQ=MONTHLY only") }
      for day in value.split(separator: ",", omittingEmptySubsequences: false) {
        guard let number = Int(day), (1...31).contains(number) || number == -1 else {
          throw refuse("BYMONTHDAY takes 1 to 31, or -1 for the last day")
        }
        monthDays.append(number)
      }
    }
    var end = End.never
    switch (parts["UNTIL"], parts["COUNT"]) {
    case (_?, _?): throw refuse("UNTIL and COUNT cannot both end a rule")
    case (let until?, nil):
      guard let date = Self.untilDate(until) else {
        throw refuse("UNTIL must be a UTC time such as 20270101T000000Z")
      }
      end = .until(date)
    case (nil, let count?):
      guard let number = Int(count), number >= 1 else { throw refuse("COUNT must be 1 or more") }
      end = .count(number)
    case (nil, nil): break
    }
    self.init(
      frequency: frequency, interval: interval, weekdays: weekdays, monthDays: monthDays,
      end: end)
  }

  /// The rule as `RRULE` text, its parts in one order.
  public var text: String {
    var parts = ["FREQ=\(frequency.rawValue)"]
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    if !weekdays.isEmpty {
      parts.append("BYDAY=" + weekdays.map(\.rawValue).joined(separator: ","))
    }
    if !monthDays.isEmpty {
      parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ","))
    }
    switch end {
    case .never: break
    case .until(let date): parts.append("UNTIL=\(Self.untilText(date))")
    case .count(let count): parts.append("COUNT=\(count)")
    }
    return parts.joined(separator: ";")
  }

  /// `-1` (the last day) after every numbered day.
  private static func monthDayOrder(_ day: Int) -> Int { day == -1 ? 32 : day }

  private static func untilDate(_ text: String) -> Date? {
    let digits = text.filter(\.isNumber)
    guard text.count == 16, text.hasSuffix("Z"), text.dropFirst(8).first == "T",
      digits.count == 14
    else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
    let number = { (from: Int, length: Int) -> Int in
      Int(digits.dropFirst(from).prefix(length)) ?? -1
    }
    let components = DateComponents(
      year: number(0, 4), month: number(4, 2), day: number(6, 2), hour: number(8, 2),
      minute: number(10, 2), second: number(12, 2))
    guard let date = calendar.date(from: components),
      calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        == components
    else { return nil }
    return date
  }

  private static func untilText(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "T"
      + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
  }
}
