import Foundation
import TeammateKit

/// A rule in words, as `card list` and `card show` say it: "every Tue and Fri at 19:00",
/// "every 2 weeks on Sat", "every month on the last day, 10 times".
enum RepeatText {
  static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  /// The rule's words; `start` (the first occurrence) gives the day a rule without days
  /// falls on and the time of day.
  static func words(
    _ rule: RepeatRule, at start: Date?, zone: TimeZone, chinese: Bool = false
  ) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = start.map { calendar.dateComponents([.weekday, .day, .hour, .minute], from: $0) }
    if chinese { return chineseWords(rule, parts: parts, calendar: calendar) }
    var text: String
    switch rule.frequency {
    case .daily:
      text = rule.interval == 1 ? "every day" : "every \(rule.interval) days"
    case .weekly:
      var days = rule.weekdays.map { weekdayNames[$0.offset] }
      if days.isEmpty, let weekday = parts?.weekday { days = [weekdayNames[(weekday + 5) % 7]] }
      let list = WordList.joined(days)
      text =
        rule.interval == 1
        ? (list.isEmpty ? "every week" : "every \(list)")
        : "every \(rule.interval) weeks" + (list.isEmpty ? "" : " on \(list)")
    case .monthly:
      var days = rule.monthDays.map { $0 == -1 ? "the last day" : "the \(ordinal($0))" }
      if days.isEmpty, let day = parts?.day { days = ["the \(ordinal(day))"] }
      text =
        (rule.interval == 1 ? "every month" : "every \(rule.interval) months")
        + (days.isEmpty ? "" : " on \(WordList.joined(days))")
    }
    if let parts, let hour = parts.hour, let minute = parts.minute {
      text += String(format: " at %02d:%02d", hour, minute)
    }
    switch rule.end {
    case .never: break
    case .count(let count): text += count == 1 ? ", once" : ", \(count) times"
    case .until(let until):
      let day = calendar.dateComponents([.year, .month, .day], from: until)
      text += String(format: ", until %04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
    }
    return text
  }

  /// The occurrence a repeating card is at, as `next` says it: nil once its rule has ended,
  /// or for a card that does not repeat.
  static func next(of card: Card, times: TimeText) -> Date? {
    RepeatRules.nextOccurrence(of: card, now: times.now, in: times.zone)
  }

  /// `repeat` in `--json`: the RRULE text and the words; null for a card that does not repeat.
  static func json(_ card: Card, times: TimeText) -> JSONValue {
    guard let rule = card.repeatRule else { return .null }
    return .object([
      "rule": .string(rule.text),
      "words": .string(words(rule, at: card.repeatStart, zone: times.zone)),
    ])
  }

  /// The rule as read in Taiwan (AC-LANG-07): 「每週二、週五 19:00」, 「每 2 週的週六」,
  /// 「每月最後一天，共 10 次」.
  private static func chineseWords(
    _ rule: RepeatRule, parts: DateComponents?, calendar: Calendar
  ) -> String {
    let weekdays = ["週一", "週二", "週三", "週四", "週五", "週六", "週日"]
    var text: String
    switch rule.frequency {
    case .daily:
      text = rule.interval == 1 ? "每天" : "每 \(rule.interval) 天"
    case .weekly:
      var days = rule.weekdays.map { weekdays[$0.offset] }
      if days.isEmpty, let weekday = parts?.weekday { days = [weekdays[(weekday + 5) % 7]] }
      let list = days.joined(separator: "、")
      text =
        rule.interval == 1
        ? (list.isEmpty ? "每週" : "每" + list)
        : "每 \(rule.interval) 週" + (list.isEmpty ? "" : "的" + list)
    case .monthly:
      var days = rule.monthDays.map { $0 == -1 ? "最後一天" : "\($0) 日" }
      if days.isEmpty, let day = parts?.day { days = ["\(day) 日"] }
      text =
        (rule.interval == 1 ? "每月" : "每 \(rule.interval) 個月的")
        + days.joined(separator: "、")
    }
    if let parts, let hour = parts.hour, let minute = parts.minute {
      text += String(format: " %02d:%02d", hour, minute)
    }
    switch rule.end {
    case .never: break
    case .count(let count): text += count == 1 ? "，一次" : "，共 \(count) 次"
    case .until(let until):
      let day = calendar.dateComponents([.year, .month, .day], from: until)
      text += String(format: "，到 %04d-%02d-%02d 為止", day.year ?? 0, day.month ?? 0, day.day ?? 0)
    }
    return text
  }

  /// "1st", "2nd", "3rd", "11th", "21st", "31st".
  static func ordinal(_ day: Int) -> String {
    let suffix: String
    switch (day % 10, day % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(day)\(suffix)"
  }
}
