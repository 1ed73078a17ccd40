extension TraditionalChineseWording {
  /// News of a meal in words — 「Bob 提議今天晚餐吃咖哩或義大利麵」 — or nil when the entry is
  /// not about one.
  func mealNews(_ entry: PartnerNews, by partner: String) -> String? {
    guard let news = entry.meal else { return nil }
    let meal = news.meal
    let when = Self.day(news) + Self.slots[meal.slot, default: ""]
    let choices = meal.contents.map { Self.content($0, news) }
    switch entry.kind {
    case .proposedMeal:
      return
        "\(Self.subject(partner))提議\(when)吃\(WordList.joined(choices, separator: "、", conjunction: "或"))"
        + Self.cook(entry)
    case .pickedMeal:
      return "\(Self.subject(partner))選了\(when)吃\(choices.first ?? "")" + Self.cook(entry)
    case .decidedMeal:
      return "\(Self.subject(partner))決定\(when)吃\(choices.first ?? "")" + Self.cook(entry)
    case .skippedMeal: return "\(Self.subject(partner))跳過了\(when)"
    case .movedMeal:
      return "\(Self.subject(partner))把\(Self.slots[meal.slot, default: ""])改到\(Self.day(news))"
    case .cookChanged: return "\(Self.subject(partner))說\(when)\(Self.cooks(news))"
    case .deleted: return "\(Self.subject(partner))移除了\(when)"
    case .restored: return "\(Self.subject(partner))復原了\(when)"
    case .acknowledged: return "\(Self.subject(partner))知道了\(when)"
    default: return "\(Self.subject(partner))修改了\(when)"
    }
  }

  /// The meal's day from the day it was told on: 今天, 明天, 昨天, 週三 in the coming week,
  /// or 6月3日（週三）.
  /// Who cooks, in words: the member by display name.
  private static func cooks(_ news: MealNews) -> String {
    switch news.meal.cook {
    case .member(let uid)?: "由 \(news.cookName ?? uid.rawValue) 煮"
    case .both?: "兩人一起煮"
    case nil: "不指定誰煮"
    }
  }

  /// The cook the partner named with their act, after it (「，由 Alice 煮」), or nothing.
  private static func cook(_ entry: PartnerNews) -> String {
    guard entry.changed.contains(.cook), let news = entry.meal, news.meal.cook != nil else {
      return ""
    }
    return "，" + cooks(news)
  }

  private static func day(_ news: MealNews) -> String {
    let day = news.meal.day
    let weekday = "週" + weekdays[day.weekday - 1]
    switch news.daysAhead {
    case 0: return "今天"
    case 1: return "明天"
    case -1: return "昨天"
    case 2...6: return weekday
    default: return "\(day.month)月\(day.day)日（\(weekday)）"
    }
  }

  private static func content(_ content: MealContent, _ news: MealNews) -> String {
    switch content {
    case .dish(let id): news.dishNames[id] ?? "一道菜"
    case .text(let text): text
    case .leftovers: "剩菜"
    case .eatingOut: "外食"
    case .takeaway: "外帶"
    }
  }

  /// The meals of a day: 「早餐」、「午餐」、「晚餐」 (the command line's words too).
  package static let slots: [MealSlot: String] = [
    .breakfast: "早餐", .lunch: "午餐", .dinner: "晚餐",
  ]
  /// The days of a `MealDay`'s week, Monday first, as 「週一」 reads.
  package static let weekdays = ["一", "二", "三", "四", "五", "六", "日"]
}
