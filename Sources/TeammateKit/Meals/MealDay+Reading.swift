import Foundation

extension MealDay {
  /// The day of the week, 1 for Monday to 7 for Sunday.
  public var weekday: Int {
    // NB: 1 January 2001 was a Monday.
    let monday = MealDay(year: 2001, month: 1, day: 1) ?? self
    return ((monday.days(to: self) % 7) + 7) % 7 + 1
  }

  /// A day as people say it, counted from the household's `today`: `today`, `tomorrow`,
  /// `yesterday` (and 今天, 明天, 昨天), a weekday (`tue`, `tuesday`: the coming one, today
  /// if it is that day; `next tue`: the one after it), or a date (`2026-12-03`). Nil for
  /// anything else; case and surrounding spaces do not matter.
  public static func read(_ text: String, today: MealDay) -> MealDay? {
    let words = text.trimmingCharacters(in: .whitespaces).lowercased()
      .split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    switch words.count {
    case 1:
      if let offset = relative[words[0]] { return today.adding(days: offset) }
      if let weekday = weekdays[words[0]] { return today.coming(weekday, skippingThisWeek: false) }
      return MealDay(text: words[0])
    case 2 where words[0] == "next":
      return weekdays[words[1]].map { today.coming($0, skippingThisWeek: true) }
    default:
      return nil
    }
  }

  /// The next day that is `weekday`: this one when it is and `skippingThisWeek` is false.
  private func coming(_ weekday: Int, skippingThisWeek: Bool) -> MealDay {
    let ahead = (weekday - self.weekday + 7) % 7
    return adding(days: ahead == 0 && skippingThisWeek ? 7 : ahead)
  }

  private static let relative = [
    "today": 0, "tomorrow": 1, "yesterday": -1, "今天": 0, "明天": 1, "昨天": -1,
  ]

  private static let weekdays: [String: Int] = {
    let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    var table: [String: Int] = [:]
    for (index, name) in names.enumerated() {
      table[name] = index + 1
      table[String(name.prefix(3))] = index + 1
    }
    return table
  }()
}
