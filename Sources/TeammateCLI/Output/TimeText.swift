import Foundation
import TeammateKit

/// Times as the output shows them: ISO 8601 with the household's offset for JSON, and
/// "Tue 1 Dec 20:00 (in 2 h)" for people.
struct TimeText {
  let zone: TimeZone
  let now: Date

  /// `2026-12-01T20:00:00+08:00`, to the second, in the household's offset at that instant.
  func iso(_ date: Date) -> String { ISOTimestamp.text(date, in: zone) }

  func iso(_ date: Date?) -> String? { date.map(iso) }

  /// Local date and time with a relative hint where it helps.
  func human(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents(
      [.weekday, .day, .month, .year, .hour, .minute], from: date)
    let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][((parts.weekday ?? 1) - 1) % 7]
    let month = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ][
      ((parts.month ?? 1) - 1) % 12]
    let clock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    // NB: a date in another year, or more than six months away, says its year.
    let before = calendar.date(byAdding: .month, value: -6, to: now) ?? now
    let after = calendar.date(byAdding: .month, value: 6, to: now) ?? now
    let farAway = date < before || date > after
    let year =
      farAway || parts.year != calendar.component(.year, from: now)
      ? " \(parts.year ?? 0)" : ""
    return "\(weekday) \(parts.day ?? 1) \(month)\(year) \(clock) (\(relative(date)))"
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
