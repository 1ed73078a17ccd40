import TeammateKit

/// `--every` as people write it: "day", "2 days", "week on tue,fri", "2 weeks on sat",
/// "month on 1", "month on last", or "none".
enum RepeatChoice: Sendable, Equatable {
  case none
  case rule(RepeatRule)
}

enum RepeatWords {
  static let expected =
    "'day', '2 days', 'week on tue,fri', '2 weeks on sat', 'month on 1', 'month on last', "
    + "'weekdays' or 'none'"

  static func parse(_ text: String) throws(UsageError) -> RepeatChoice {
    func refuse() -> UsageError {
      .invalidValue(option: "every", value: text, expected: expected)
    }
    var words = text.lowercased().split(whereSeparator: { $0 == " " }).map(String.init)
    if words == ["none"] { return .none }
    words = everyday(words)
    var interval = 1
    if let first = words.first, let number = Int(first) {
      guard number >= 1, number <= 999 else { throw refuse() }
      interval = number
      words.removeFirst()
    }
    guard let unit = words.first else { throw refuse() }
    let days = words.count > 2 && words[1] == "on" ? words[2...].joined().split(separator: ",") : []
    guard words.count == 1 || (words.count > 2 && words[1] == "on") else { throw refuse() }
    switch unit {
    case "day", "days":
      guard words.count == 1 else { throw refuse() }
      return .rule(RepeatRule(frequency: .daily, interval: interval))
    case "week", "weeks":
      var weekdays: [RepeatRule.Weekday] = []
      for day in days {
        guard let weekday = weekday(String(day)) else { throw refuse() }
        weekdays.append(weekday)
      }
      return .rule(RepeatRule(frequency: .weekly, interval: interval, weekdays: weekdays))
    case "month", "months":
      var monthDays: [Int] = []
      for day in days {
        if day == "last" {
          monthDays.append(-1)
        } else if let number = Int(day), (1...31).contains(number) {
          monthDays.append(number)
        } else {
          throw refuse()
        }
      }
      return .rule(RepeatRule(frequency: .monthly, interval: interval, monthDays: monthDays))
    default:
      throw refuse()
    }
  }

  /// The words people use, written in the forms above: "daily" is "day", "weekly on tue" is
  /// "week on tue", "fortnightly" and "every other week" are "2 weeks", "weekdays" is "week on
  /// mon,tue,wed,thu,fri", "weekends" is "week on sat,sun"; a leading "every" is dropped.
  static func everyday(_ words: [String]) -> [String] {
    var words = words
    if words.first == "every", words.count > 1 { words.removeFirst() }
    if words.first == "other", words.count > 1 {
      words[0] = "2"
    }
    guard let first = words.first else { return words }
    let rest = Array(words.dropFirst())
    switch first {
    case "daily": return ["day"] + rest
    case "weekly": return ["week"] + rest
    case "monthly": return ["month"] + rest
    case "fortnightly": return ["2", "weeks"] + rest
    case "weekdays" where rest.isEmpty: return ["week", "on", "mon,tue,wed,thu,fri"]
    case "weekends" where rest.isEmpty: return ["week", "on", "sat,sun"]
    default: return words
    }
  }

  /// "tu", "tue", "tues", "tuesday" (any case): the start of one day's name, two letters
  /// or more.
  static func weekday(_ text: String) -> RepeatRule.Weekday? {
    let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    let matches = names.indices.filter { names[$0].hasPrefix(text) }
    guard text.count >= 2, matches.count == 1, let index = matches.first else { return nil }
    return RepeatRule.Weekday.allCases[index]
  }
}
