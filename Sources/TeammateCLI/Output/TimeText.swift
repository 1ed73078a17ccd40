import Foundation

/// Times as the output shows them: ISO 8601 with the household's offset for JSON, and
/// "Tue 1 Dec 20:00 (in 2 h)" for people.
struct TimeText {
  let zone: TimeZone
  let now: Date

  /// `2026-12-01T20:00:00+08:00`, to the second, in the household's offset at that instant.
  ///
  /// NB: plain arithmetic instead of a date formatter: `pending --json` writes thousands of
  /// these, and the formatter was most of its time.
  func iso(_ date: Date) -> String {
    let offset = zone.secondsFromGMT(for: date)
    let local = Int((date.timeIntervalSince1970).rounded(.down)) + offset
    let days = Int((Double(local) / 86_400).rounded(.down))
    let seconds = local - days * 86_400
    let (year, month, day) = Self.civil(fromDays: days)
    let sign = offset < 0 ? "-" : "+"
    let zoneText =
      offset == 0 && zone.identifier == "UTC"
      ? "Z"
      : sign + Self.two(abs(offset) / 3_600) + ":" + Self.two(abs(offset) % 3_600 / 60)
    return Self.four(year) + "-" + Self.two(month) + "-" + Self.two(day) + "T"
      + Self.two(seconds / 3_600) + ":" + Self.two(seconds % 3_600 / 60) + ":"
      + Self.two(seconds % 60) + zoneText
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

  func iso(_ date: Date?) -> String? { date.map(iso) }

  /// Local date and time with a relative hint where it helps.
  func human(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.weekday, .day, .month, .hour, .minute], from: date)
    let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][((parts.weekday ?? 1) - 1) % 7]
    let month = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ][
      ((parts.month ?? 1) - 1) % 12]
    let clock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    return "\(weekday) \(parts.day ?? 1) \(month) \(clock) (\(relative(date)))"
  }

  /// "in 5 min", "2 h ago", "in 3 d", "now".
  func relative(_ date: Date) -> String {
    let seconds = date.timeIntervalSince(now)
    let minutes = Int((abs(seconds) / 60).rounded())
    let amount: String
    switch minutes {
    case 0: return "now"
    case ..<60: amount = "\(minutes) min"
    case ..<(48 * 60): amount = "\(Int((Double(minutes) / 60).rounded())) h"
    default: amount = "\(Int((Double(minutes) / 1_440).rounded())) d"
    }
    return seconds > 0 ? "in \(amount)" : "\(amount) ago"
  }
}
