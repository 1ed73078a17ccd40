import Foundation
import TeammateKit

extension Commands {
  static let mealSuggest: CommandSpec = {
    let slot = slotArgument()
    let day = dayOption()
    let propose = Flag("propose", help: "Propose what is suggested, in the same step.")
    let seed = Option(
      "seed", value: "n",
      help: "Choose among equals with this seed: the same seed, the same suggestion.",
      parse: Values.count("seed"))
    return CommandSpec(
      path: ["meal", "suggest"],
      abstract: "Suggest up to three dishes not eaten lately; saves nothing unless --propose.",
      discussion:
        "A dish eaten (decided) on the day or in the seven days before it rests; those eaten "
        + "longest ago or never come first. When every dish rested, the longest ago are "
        + "offered and the tool says so.",
      arguments: [slot], options: [day, propose, seed],
      store: .readOnlyUnless([propose]),
      examples: ["teammate meal suggest dinner", "teammate meal suggest dinner --propose"]
    ) { session, arguments in
      let (when, existing) = try await session.mealSlot(arguments, slot: slot, day: day)
      let household = try await session.visibleHousehold()
      let meals = MealRules.planned(try await session.visibleCards()).compactMap(\.meal)
      var random: any RandomNumberGenerator =
        arguments[seed].map { SeededRandomNumberGenerator(seed: UInt64($0)) }
        ?? SystemRandomNumberGenerator()
      let suggestion = MealRules.suggest(
        from: household.dishes, meals: meals, for: when.day,
        cooldownDays: household.meals.cooldownDays, random: &random)
      if arguments[propose] {
        guard !suggestion.dishes.isEmpty else {
          throw CLIError.notFound(DishWords(language: session.language).noneToSuggest)
        }
        let options = suggestion.dishes.map { MealContent.dish($0) }
        let card = try await session.deviceWrite { device in
          guard let existing else {
            return try await device.planMeal(
              Meal(day: when.day, slot: when.slot, state: .proposed(options)))
          }
          return try await device.changeMeal(existing.id, .propose(options)).card
        }
        if suggestion.relaxed, !session.json {
          session.warn(
            DishWords(language: session.language).relaxed(household.meals.cooldownDays))
        }
        return try await MealOutput.show(card, verb: "Proposed", session: &session)
      }
      try await MealOutput.suggestion(
        suggestion, household: household, slot: when.slot, day: when.day, session: &session)
    }
  }()

  static let mealHistory: CommandSpec = {
    let days = Option(
      "days", value: "n", help: "How many days back.", default: 7, defaultText: "7",
      parse: Values.count("days"))
    return CommandSpec(
      path: ["meal", "history"],
      abstract: "What we ate: decided meals that have passed, newest first.",
      options: [days], store: .readOnly, examples: ["teammate meal history --days 30"]
    ) { session, arguments in
      let uid = try session.account()
      let household = try await session.visibleHousehold()
      let today = try await session.mealToday()
      let since = today.adding(days: -arguments.value(days))
      let cards = MealRules.planned(try await session.visibleCards()).filter { card in
        card.meal.map { $0.day >= since } ?? false
      }
      let eaten = MealRules.history(
        of: cards.compactMap(\.meal), at: session.now, times: household.meals.times,
        in: household.zone)
      // NB: one live meal per slot, so a plan finds its card.
      var byPlan: [Meal: Card] = [:]
      for card in cards { if let meal = card.meal { byPlan[meal] = card } }
      let ordered = eaten.compactMap { byPlan[$0] }
      let times = await session.times()
      if session.json {
        return session.writeJSON(
          .object([
            "history": JSONDocuments.cards(
              ordered, viewer: uid, times: times, dishes: household.dishes)
          ]))
      }
      guard !ordered.isEmpty else {
        let span = arguments.value(days)
        return session.write(DishWords(language: session.language).nothingEaten(days: span) + "\n")
      }
      var text = ""
      for card in ordered {
        guard let meal = card.meal else { continue }
        let name = meal.slot.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
        text +=
          "\(MealText.date(meal.day))  \(name) \(MealText.plan(meal, dishes: household.dishes))\n"
      }
      session.write(text)
    }
  }()
}

extension MealOutput {
  /// The suggestion, or `{"suggestion": {"dishes": [{"id", "name"}], "relaxed"}}`.
  static func suggestion(
    _ suggestion: MealSuggestion, household: Household, slot: MealSlot, day: MealDay,
    session: inout Session
  ) async throws {
    let dishes = suggestion.dishes.compactMap { household.dish($0) }
    if session.json {
      return session.writeJSON(
        .object([
          "suggestion": .object([
            "dishes": .array(
              dishes.map {
                .object(["id": .string($0.id.rawValue), "name": .string($0.name.text)])
              }),
            "relaxed": .bool(suggestion.relaxed),
          ])
        ]))
    }
    let words = DishWords(language: session.language)
    guard !dishes.isEmpty else { return session.write(words.noDishesYet + "\n") }
    let today = try await session.mealToday()
    let names = dishes.map { TerminalText.visible($0.name.text) }
    session.write(
      words.suggested(
        names, slot: slot, day: day, today: today,
        relaxed: suggestion.relaxed ? household.meals.cooldownDays : nil))
  }
}
