import Foundation
import TeammateKit

/// Times as the output shows them: ISO 8601 with the household's offset for JSON, and
/// "Tue 1 Dec 20:00 (in 2 h)" for people.
struct TimeText {
  let zone: TimeZone
  let now: Date
  /// Whether people read it in Traditional Chinese: `12月5日（週六）19:00（2 小時後）`.
  var chinese = false

  /// `2026-12-01T20:00:00+08:00`, to the second, in the household's offset at that instant.
  func iso(_ date: Date) -> String { ISOTimestamp.text(date, in: zone) }

  func iso(_ date: Date?) -> String? { date.map(iso) }

  /// What a day typed without a time of day was read as: its morning.
  func readAsMorning(_ typed: String, _ date: Date) -> String {
    chinese
      ? "「\(typed)」沒有時刻：當作 \(human(date))"
      : "'\(typed)' has no time of day: read as \(human(date))"
  }

  /// Local date and time with a relative hint where it helps.
  func human(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents(
      [.weekday, .day, .month, .year, .hour, .minute], from: date)
    let day = ((parts.weekday ?? 1) - 1) % 7
    let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][day]
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
    if chinese {
      let yearText = year.isEmpty ? "" : "\(parts.year ?? 0)年"
      let weekdayText = ["日", "一", "二", "三", "四", "五", "六"][day]
      return
        "\(yearText)\(parts.month ?? 1)月\(parts.day ?? 1)日（週\(weekdayText)）\(clock)（\(relative(date))）"
    }
    return "\(weekday) \(parts.day ?? 1) \(month)\(year) \(clock) (\(relative(date)))"
  }

  /// "in 5 min", "2 h ago", "in 3 d", "now".
  func relative(_ date: Date) -> String {
    let seconds = date.timeIntervalSince(now)
    let minutes = Int((abs(seconds) / 60).rounded())
    if chinese { return chineseRelative(seconds, minutes: minutes) }
    let amount: String
    switch minutes {
    case 0: return "now"
    case ..<60: amount = "\(minutes) min"
    case ..<(48 * 60): amount = "\(Int((Double(minutes) / 60).rounded())) h"
    default: amount = "\(Int((Double(minutes) / 1_440).rounded())) d"
    }
    return seconds > 0 ? "in \(amount)" : "\(amount) ago"
  }

  /// "5 分鐘後", "2 小時前", "3 天後", "現在".
  private func chineseRelative(_ seconds: TimeInterval, minutes: Int) -> String {
    let amount: String
    switch minutes {
    case 0: return "現在"
    case ..<60: amount = "\(minutes) 分鐘"
    case ..<(48 * 60): amount = "\(Int((Double(minutes) / 60).rounded())) 小時"
    default: amount = "\(Int((Double(minutes) / 1_440).rounded())) 天"
    }
    return amount + (seconds > 0 ? "後" : "前")
  }
}
