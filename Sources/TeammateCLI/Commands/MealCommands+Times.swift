import Foundation
import TeammateKit

extension Commands {
  static let mealTimes: CommandSpec = {
    let standard = MealSettings()
    func slot(_ name: String, _ time: TimeOfDay) -> Option<TimeOfDay> {
      Option(
        name, value: "HH:MM", help: "When \(name) is eaten (default: \(time)).",
        parse: Values.timeOfDay)
    }
    let breakfast = slot("breakfast", standard.times.breakfast)
    let lunch = slot("lunch", standard.times.lunch)
    let dinner = slot("dinner", standard.times.dinner)
    let decideBy = Option(
      "decide-by", value: "minutes",
      help:
        "How long before a meal it should be decided (\(MealSettings.decideByRange.lowerBound)-"
        + "\(MealSettings.decideByRange.upperBound), default: \(standard.times.decideByMinutes)).",
      parse: Values.number("decide-by"))
    let cooldown = Option(
      "cooldown", value: "days",
      help:
        "Days a dish rests once eaten (\(MealSettings.cooldownRange.lowerBound)-"
        + "\(MealSettings.cooldownRange.upperBound), default: \(standard.cooldownDays)).",
      parse: Values.number("cooldown"))
    let changes: [any OptionKey] = [breakfast, lunch, dinner, decideBy, cooldown]
    return CommandSpec(
      path: ["meal", "times"],
      abstract: "Show or change when the household eats, and how long a dish rests.",
      options: changes, store: .readOnlyUnless(changes),
      examples: [
        "teammate meal times --dinner 18:30 --decide-by 90", "teammate meal times --cooldown 5",
      ]
    ) { session, arguments in
      _ = try session.account()
      let household = try await session.visibleHousehold()
      var settings = household.meals
      if let time = arguments[breakfast] { settings.times.breakfast = time }
      if let time = arguments[lunch] { settings.times.lunch = time }
      if let time = arguments[dinner] { settings.times.dinner = time }
      if let minutes = arguments[decideBy] { settings.times.decideByMinutes = minutes }
      if let days = arguments[cooldown] { settings.cooldownDays = days }
      var changed = false
      if settings != household.meals {
        let wanted = settings
        settings = try await session.deviceWrite { try await $0.updateMealSettings(wanted) }.meals
        changed = true
      }
      if session.json {
        return session.writeJSON(.object(["meals": JSONDocuments.mealSettings(settings)]))
      }
      session.write(
        MealText.settings(
          settings, changed: changed, in: session.language, offline: session.offline))
    }
  }()
}

extension JSONDocuments {
  /// `{"breakfast", "lunch", "dinner", "decideByMinutes", "cooldownDays"}`.
  static func mealSettings(_ settings: MealSettings) -> JSONValue {
    .object([
      "breakfast": .string(settings.times.breakfast.description),
      "lunch": .string(settings.times.lunch.description),
      "dinner": .string(settings.times.dinner.description),
      "decideByMinutes": .int(settings.times.decideByMinutes),
      "cooldownDays": .int(settings.cooldownDays),
    ])
  }
}

extension Values {
  /// A whole number, as typed; its range is the rule's to check.
  static func number(_ option: String) -> @Sendable (String) throws(UsageError) -> Int {
    { text throws(UsageError) in
      guard let number = Int(text) else {
        throw .invalidValue(option: option, value: text, expected: "a whole number")
      }
      return number
    }
  }
}
