extension EnglishWording {
  /// News of a meal in words — "Bob proposed Curry or Pasta for dinner today" — or nil when
  /// the entry is not about one.
  func mealNews(_ entry: PartnerNews, by partner: String) -> String? {
    guard let news = entry.meal else { return nil }
    let meal = news.meal
    let slot = meal.slot.rawValue
    let when = Self.day(news, preposition: "on")
    let choices = meal.contents.map { Self.name(of: $0) { news.dishNames[$0] } }
    switch entry.kind {
    case .proposedMeal:
      return "\(partner) proposed \(WordList.joined(choices, conjunction: " or ")) for \(slot) "
        + when + Self.cook(entry)
    case .pickedMeal:
      return "\(partner) picked \(choices.first ?? "") for \(slot) \(when)" + Self.cook(entry)
    case .decidedMeal:
      return "\(partner) decided \(choices.first ?? "") for \(slot) \(when)" + Self.cook(entry)
    case .skippedMeal: return "\(partner) skipped \(slot) \(when)"
    case .movedMeal: return "\(partner) moved \(slot) to \(Self.day(news, preposition: nil))"
    case .cookChanged: return "\(partner) said \(Self.cooks(news)) \(slot) \(when)"
    case .deleted: return "\(partner) removed \(slot) \(when)"
    case .restored: return "\(partner) put \(slot) \(when) back"
    case .acknowledged: return "\(partner) knows \(slot) \(when)"
    default: return "\(partner) changed \(slot) \(when)"
    }
  }

  /// Who cooks, in words: the member by display name.
  private static func cooks(_ news: MealNews) -> String {
    switch news.meal.cook {
    case .member(let uid)?: "\(news.cookName ?? uid.rawValue) cooks"
    case .both?: "both of you cook"
    case nil: "nobody is said to cook"
    }
  }

  /// The cook the partner named with their act, after it ("; Alice cooks"), or nothing.
  private static func cook(_ entry: PartnerNews) -> String {
    guard entry.changed.contains(.cook), let news = entry.meal, news.meal.cook != nil else {
      return ""
    }
    return "; " + cooks(news)
  }

  /// The meal's day from the day it was told on: `today`, `tomorrow`, `yesterday`, a weekday
  /// of the coming week, or `Wed 3 Jun`; `preposition` goes before the last two.
  private static func day(_ news: MealNews, preposition: String?) -> String {
    let day = news.meal.day
    let before = preposition.map { $0 + " " } ?? ""
    switch news.daysAhead {
    case 0: return "today"
    case 1: return "tomorrow"
    case -1: return "yesterday"
    case 2...6: return before + weekdays[day.weekday - 1]
    default:
      let short = String(weekdays[day.weekday - 1].prefix(3))
      return before + "\(short) \(day.day) \(months[day.month - 1])"
    }
  }

  /// One option in words: a dish by the name `dishName` gives it ("a dish" for none), the
  /// text typed, or the way out — what the calendar and the command line say too.
  public static func name(
    of content: MealContent, dishName: (DishID) -> String? = { _ in nil }
  ) -> String {
    switch content {
    case .dish(let id): dishName(id) ?? "a dish"
    case .text(let text): text
    case .leftovers: "leftovers"
    case .eatingOut: "eating out"
    case .takeaway: "takeaway"
    }
  }

  private static let weekdays = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}
