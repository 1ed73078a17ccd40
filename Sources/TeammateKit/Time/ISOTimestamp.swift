import Foundation

/// An instant as ISO 8601 text to the second, in a zone's offset at that instant:
/// `2026-12-01T20:00:00+08:00`, or `…Z` in UTC.
///
/// NB: plain arithmetic instead of a date formatter: `pending --json` writes thousands of
/// these, and the formatter was most of its time. A formatter would also read the locale.
public enum ISOTimestamp {
  private static let secondsPerDay = 86_400
  private static let secondsPerHour = 3_600

  public static func text(_ date: Date, in zone: TimeZone) -> String {
    let offset = zone.secondsFromGMT(for: date)
    let local = Int((date.timeIntervalSince1970).rounded(.down)) + offset
    let days = Int((Double(local) / Double(secondsPerDay)).rounded(.down))
    let seconds = local - days * secondsPerDay
    let (year, month, day) = civil(fromDays: days)
    let sign = offset < 0 ? "-" : "+"
    let zoneText =
      offset == 0 && ["UTC", "GMT"].contains(zone.identifier)
      ? "Z"
      : sign + two(abs(offset) / secondsPerHour) + ":" + two(abs(offset) % secondsPerHour / 60)
    return four(year) + "-" + two(month) + "-" + two(day) + "T"
      + two(seconds / secondsPerHour) + ":" + two(seconds % secondsPerHour / 60) + ":"
      + two(seconds % 60) + zoneText
  }

  /// Year, month and day of a count of days since 1970-01-01 (proleptic Gregorian).
  static func civil(fromDays days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

  private static func four(_ value: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, 4 - text.count)) + text
  }
}
