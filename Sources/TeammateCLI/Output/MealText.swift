import TeammateKit

/// The command line's words for meals and dishes.
enum MealText {
  /// A meal asked for that nobody has planned, `day` in words.
  static func nothingPlanned(_ slot: MealSlot, on day: String) -> String {
    "nothing is planned for \(slot.rawValue) \(day) yet: propose or decide it first"
  }

  /// One option in words for a terminal: a dish by its name, a typed meal as typed.
  static func content(_ content: MealContent, dishes: [Dish]) -> String {
    TerminalText.visible(name(content, dishes: dishes))
  }

  /// One option's name as stored: a dish's name (its id when the pool has no such dish), the
  /// text typed, or the way out in words.
  static func name(_ content: MealContent, dishes: [Dish]) -> String {
    EnglishWording.name(of: content) { id in
      dishes.first { $0.id == id }?.name.text ?? id.rawValue
    }
  }

  /// One of the usual ways out, as typed in either language; nil for anything else.
  static func wayOut(_ text: String) -> MealContent? {
    let words = text.trimmingCharacters(in: .whitespaces).lowercased()
      .replacingOccurrences(of: "-", with: " ")
    switch words {
    case "leftovers", "剩菜": return .leftovers
    case "eating out", "eat out", "外食": return .eatingOut
    case "takeaway", "takeout", "外帶": return .takeaway
    default: return nil
    }
  }

  /// A day as the tool says it, from the household's today: "today", "tomorrow",
  /// "yesterday", or "on Wed 3 Dec".
  static func day(_ day: MealDay, today: MealDay) -> String {
    isNear(day, today: today) ?? ("on " + date(day, today: today))
  }

  /// "today", "tomorrow" or "yesterday" for a day that is one of them, else nil.
  static func isNear(_ day: MealDay, today: MealDay) -> String? {
    switch today.days(to: day) {
    case 0: "today"
    case 1: "tomorrow"
    case -1: "yesterday"
    default: nil
    }
  }

  /// "Wed 3 Dec", and "Tue 5 Jan 2027" for a day in another year than `today`, or more than
  /// six months from it (AC-CLI-45, AC-CLI-95).
  static func date(_ day: MealDay, today: MealDay? = nil) -> String {
    let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let far = today.map { $0.year != day.year || abs($0.days(to: day)) > 182 } ?? false
    return "\(weekdays[day.weekday - 1]) \(day.day) \(months[day.month - 1])"
      + (far ? " \(day.year)" : "")
  }

  /// A plan in words: "Curry or Pasta (proposed)", "Curry", "skipped".
  static func plan(_ meal: Meal, dishes: [Dish]) -> String {
    switch meal.state {
    case .proposed(let options):
      options.map { content($0, dishes: dishes) }.joined(separator: " or ") + " (proposed)"
    case .decided(let choice): content(choice, dishes: dishes)
    case .skipped: "skipped"
    }
  }

  /// When the household eats and how long a dish rests, as `meal times` shows them; after a
  /// change (`changed`), what the change did first, in `language`.
  static func settings(
    _ settings: MealSettings, changed: Bool, in language: Language, offline: Bool
  )
    -> String
  {
    let times = settings.times
    let said =
      switch language {
      case .english:
        "breakfast \(times.breakfast), lunch \(times.lunch), dinner \(times.dinner); decided "
          + "\(times.decideByMinutes) min before; a dish rests \(settings.cooldownDays) days"
      case .traditionalChinese: MealWords.settings(settings)
      }
    guard changed else { return said + "\n" }
    let verb =
      switch language {
      case .english: "Changed"
      case .traditionalChinese: "已變更"
      }
    return verb + (offline ? language.waitsOffline : "") + language.colon + said + "\n"
  }
}

extension Values {
  /// `breakfast`, `lunch` or `dinner` (早餐, 午餐, 晚餐).
  static let slot: @Sendable (String) throws(UsageError) -> MealSlot = { text throws(UsageError) in
    let names: [String: MealSlot] = ["早餐": .breakfast, "午餐": .lunch, "晚餐": .dinner]
    guard let slot = MealSlot(rawValue: text.lowercased()) ?? names[text] else {
      throw UsageError(message: "'\(text)' is not a meal: expected breakfast, lunch or dinner")
    }
    return slot
  }
}
