import TeammateKit

/// The week of meals in Traditional Chinese (AC-LANG-08): its days, slots, plans and cooks, as
/// `meal` shows them; English stays `MealText`'s.
enum MealWords {
  static let slots = TraditionalChineseWording.slots
  private static let weekdays = TraditionalChineseWording.weekdays

  /// 「今天，12月3日（週三）」, 「12月5日（週五）」, 「2027年1月5日（週二）」 far away.
  static func day(_ day: MealDay, today: MealDay) -> String {
    let far = today.year != day.year || abs(today.days(to: day)) > 182
    let date =
      (far ? "\(day.year)年" : "") + "\(day.month)月\(day.day)日（週\(weekdays[day.weekday - 1])）"
    let near: String? =
      switch today.days(to: day) {
      case 0: "今天"
      case 1: "明天"
      case -1: "昨天"
      default: nil
      }
    return near.map { "\($0)，\(date)" } ?? date
  }

  /// One option: a dish by its name, a typed meal as typed, a way out in words.
  static func content(_ content: MealContent, dishes: [Dish]) -> String {
    switch content {
    case .leftovers: "剩菜"
    case .eatingOut: "外食"
    case .takeaway: "外帶"
    case .dish, .text: MealText.content(content, dishes: dishes)
    }
  }

  /// A plan in words: 「Curry或Pasta（Bob 提議）」, 「Curry」, 「不吃」.
  static func plan(_ meal: Meal, dishes: [Dish], proposer: String) -> String {
    switch meal.state {
    case .proposed(let options):
      options.map { content($0, dishes: dishes) }.joined(separator: "或")
        + "（\(TraditionalChineseWording.subject(proposer))提議）"
    case .decided(let choice): content(choice, dishes: dishes)
    case .skipped: "不吃"
    }
  }

  /// Who cooks: 「Bob 煮」, 「一起煮」.
  static func cook(_ cook: MealCook, name: String) -> String {
    switch cook {
    case .member: TraditionalChineseWording.subject(name) + "煮"
    case .both: "一起煮"
    }
  }

  /// A meal asked for that nobody has planned, `day` in words.
  static func nothingPlanned(_ slot: MealSlot, on day: String) -> String {
    "\(day)的\(slots[slot] ?? "")還沒有安排：先提議或決定"
  }

  /// A slot no meal is planned for yet.
  static let undecided = "未決定"

  /// 「早餐 08:00，午餐 12:30，晚餐 19:00；餐前 60 分鐘決定；吃過的菜休息 7 天」.
  static func settings(_ settings: MealSettings) -> String {
    let times = settings.times
    return "早餐 \(times.breakfast)，午餐 \(times.lunch)，晚餐 \(times.dinner)；"
      + "餐前 \(times.decideByMinutes) 分鐘決定；吃過的菜休息 \(settings.cooldownDays) 天"
  }

  /// What a meal command did, by the English verb the command names it with.
  static let verbs = [
    "Proposed": "已提議", "Picked": "已選", "Decided": "已決定", "Skipped": "已決定不吃",
    "Moved": "已移動", "Removed": "已移除",
  ]
}
