import Foundation
import TeammateKit

extension Commands {
  /// `--day`: the day a meal command is about, as people say it.
  static func dayOption(_ help: String = "The day: today, tomorrow, tue, next tue, 2026-12-03.")
    -> Option<String>
  {
    Option<String>("day", value: "day", help: help, defaultText: "today")
  }

  static func slotArgument(_ help: String = "breakfast, lunch or dinner.") -> Argument<MealSlot> {
    Argument("slot", help: help, parse: Values.slot)
  }

  static func cookOption() -> Option<AssigneeChoice> {
    Option(
      "cook", value: "who", help: "Who cooks: me, partner, both or a uid.", parse: Values.assignee)
  }

  static let mealShow: CommandSpec = {
    let day = dayOption()
    let week = Flag("week", help: "Seven days from the day.")
    return CommandSpec(
      path: ["meal"],
      abstract: "What we eat: each meal of today (or a day, or a week) and where it stands.",
      options: [day, week], store: .readOnly,
      examples: ["teammate meal", "teammate meal --day tomorrow", "teammate meal --week"]
    ) { session, arguments in
      _ = try session.account()
      let first = try await session.mealDay(arguments[day])
      let days = (0..<(arguments[week] ? 7 : 1)).map { first.adding(days: $0) }
      let cards = MealRules.planned(try await session.visibleCards())
      var planned: [MealDay: [MealSlot: Card]] = [:]
      for card in cards {
        if let meal = card.meal { planned[meal.day, default: [:]][meal.slot] = card }
      }
      try await MealOutput.days(days, planned: planned, session: &session)
    }
  }()

  static let mealPropose: CommandSpec = {
    let slot = slotArgument()
    let options = Argument<String>(
      "option", help: "One to three: a dish's name, leftovers, eating out, takeaway or text.",
      arity: .variadic)
    let day = dayOption()
    let cook = cookOption()
    return CommandSpec(
      path: ["meal", "propose"],
      abstract: "Offer one to three options for a meal; your partner picks one.",
      discussion:
        "A meal already proposed gets your options instead of the ones offered: that is how "
        + "you answer a proposal with your own.",
      arguments: [slot, options], options: [day, cook],
      examples: [
        "teammate meal propose dinner Curry Pasta",
        "teammate meal propose lunch takeaway \"eating out\" --day tomorrow",
      ],
      validate: { arguments throws(UsageError) in
        if arguments.all(options).isEmpty {
          throw UsageError(message: "missing expected argument '<option>': give one to three")
        }
      }
    ) { session, arguments in
      let (when, meal) = try await session.mealSlot(arguments, slot: slot, day: day)
      let contents = try await session.mealContents(arguments.all(options))
      let chosenCook = try await session.cook(arguments[cook])
      let card = try await session.deviceWrite { device in
        guard let meal else {
          return try await device.planMeal(
            Meal(day: when.day, slot: when.slot, state: .proposed(contents), cook: chosenCook))
        }
        var outcome = try await device.changeMeal(meal.id, .propose(contents))
        if let chosenCook {
          outcome = try await device.changeMeal(meal.id, .cook(chosenCook))
        }
        return outcome.card
      }
      // NB: warned once the write is made, so that a refused one warns of nothing.
      try await session.warnIfPast(when.day)
      try await MealOutput.show(card, verb: "Proposed", session: &session)
    }
  }()

  static let mealPick: CommandSpec = {
    let slot = slotArgument()
    let option = Argument<String>("option", help: "One of the options offered.")
    let day = dayOption()
    return CommandSpec(
      path: ["meal", "pick"], abstract: "Pick one of the options offered for a meal: decided.",
      arguments: [slot, option], options: [day],
      examples: ["teammate meal pick dinner Curry"]
    ) { session, arguments in
      let meal = try await session.plannedMeal(arguments, slot: slot, day: day)
      let content = try await session.mealContents([arguments[option] ?? ""])[0]
      let card = try await session.deviceWrite { try await $0.changeMeal(meal.id, .pick(content)) }
      try await MealOutput.show(card.card, verb: "Picked", session: &session)
    }
  }()

  static let mealDecide: CommandSpec = {
    let slot = slotArgument()
    let option = Argument<String>(
      "option", help: "A dish's name, leftovers, eating out, takeaway or text.")
    let day = dayOption()
    let cook = cookOption()
    return CommandSpec(
      path: ["meal", "decide"], abstract: "Decide a meal directly, whatever was offered.",
      arguments: [slot, option], options: [day, cook],
      examples: [
        "teammate meal decide dinner Curry --cook me", "teammate meal decide lunch leftovers",
      ]
    ) { session, arguments in
      let (when, meal) = try await session.mealSlot(arguments, slot: slot, day: day)
      let content = try await session.mealContents([arguments[option] ?? ""])[0]
      let chosenCook = try await session.cook(arguments[cook])
      let card = try await session.deviceWrite { device in
        guard let meal else {
          return try await device.planMeal(
            Meal(day: when.day, slot: when.slot, state: .decided(content), cook: chosenCook))
        }
        var outcome = try await device.changeMeal(meal.id, .decide(content))
        if let chosenCook { outcome = try await device.changeMeal(meal.id, .cook(chosenCook)) }
        return outcome.card
      }
      // NB: warned once the write is made, so that a refused one warns of nothing.
      try await session.warnIfPast(when.day)
      try await MealOutput.show(card, verb: "Decided", session: &session)
    }
  }()

  static let mealSkip: CommandSpec = {
    let slot = slotArgument()
    let day = dayOption()
    return CommandSpec(
      path: ["meal", "skip"], abstract: "Skip a meal: not eaten at home, or not at all.",
      arguments: [slot], options: [day], examples: ["teammate meal skip breakfast --day sat"]
    ) { session, arguments in
      let (when, meal) = try await session.mealSlot(arguments, slot: slot, day: day)
      let card = try await session.deviceWrite { device in
        guard let meal else {
          return try await device.planMeal(Meal(day: when.day, slot: when.slot, state: .skipped))
        }
        return try await device.changeMeal(meal.id, .skip).card
      }
      // NB: warned once the write is made, so that a refused one warns of nothing.
      try await session.warnIfPast(when.day)
      try await MealOutput.show(card, verb: "Skipped", session: &session)
    }
  }()

  static let mealMove: CommandSpec = {
    let slot = slotArgument()
    let day = dayOption()
    let to = Option<String>("to", value: "day", help: "The day it moves to.", required: true)
    let toSlot = Option(
      "to-slot", value: "slot", help: "The meal it becomes: breakfast, lunch or dinner.",
      defaultText: "the same", parse: Values.slot)
    return CommandSpec(
      path: ["meal", "move"], abstract: "Move a meal to another day or slot.",
      arguments: [slot], options: [day, to, toSlot],
      examples: [
        "teammate meal move dinner --to tomorrow",
        "teammate meal move dinner --to wed --to-slot lunch",
      ]
    ) { session, arguments in
      let target = try await session.mealDay(arguments[to], option: "to")
      let meal = try await session.plannedMeal(arguments, slot: slot, day: day)
      let newSlot = arguments[toSlot] ?? arguments[slot] ?? .dinner
      let card = try await session.deviceWrite {
        try await $0.changeMeal(meal.id, .move(target, newSlot))
      }
      try await MealOutput.show(card.card, verb: "Moved", session: &session)
    }
  }()

  static let mealRemove: CommandSpec = {
    let slot = slotArgument()
    let day = dayOption()
    return CommandSpec(
      path: ["meal", "remove"],
      abstract: "Take a meal off the plan; 'card restore' brings it back.",
      arguments: [slot], options: [day], examples: ["teammate meal remove dinner"]
    ) { session, arguments in
      let meal = try await session.plannedMeal(arguments, slot: slot, day: day)
      let card = try await session.deviceWrite { try await $0.deleteCard(meal.id) }
      try await MealOutput.show(card, verb: "Removed", session: &session)
    }
  }()
}

extension Session {
  /// The day and slot a meal command names, and the live meal there, if any.
  mutating func mealSlot(
    _ arguments: ParsedArguments, slot: Argument<MealSlot>, day: Option<String>
  ) async throws -> (when: (day: MealDay, slot: MealSlot), meal: Card?) {
    _ = try account()
    let chosen = try await mealDay(arguments[day])
    let meal = arguments[slot] ?? .dinner
    return ((chosen, meal), try await self.meal(on: chosen, meal))
  }

  /// The live meal a command changes, or a refusal: "nothing is planned for dinner today yet".
  mutating func plannedMeal(
    _ arguments: ParsedArguments, slot: Argument<MealSlot>, day: Option<String>
  ) async throws -> Card {
    let (when, meal) = try await mealSlot(arguments, slot: slot, day: day)
    if let meal { return meal }
    let today = try await mealToday()
    throw CLIError.notFound(
      language == .traditionalChinese
        ? MealWords.nothingPlanned(when.slot, on: MealWords.day(when.day, today: today))
        : MealText.nothingPlanned(when.slot, on: MealText.day(when.day, today: today)))
  }
}
