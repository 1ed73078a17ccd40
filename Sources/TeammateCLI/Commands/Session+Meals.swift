import Foundation
import TeammateKit

extension Session {
  /// The household's today, in its zone (never this machine's).
  mutating func mealToday() async throws -> MealDay {
    MealDay(containing: now, in: try await household().zone)
  }

  /// Warns when a meal is planned for a day before the household's today: a typo in the date
  /// is likelier than a meal in the past, and it is planned all the same (AC-CLI-95).
  mutating func warnIfPast(_ day: MealDay) async throws {
    let today = try await mealToday()
    guard today.days(to: day) < 0 else { return }
    warn("\(MealText.date(day, today: today)) is in the past; the meal was planned all the same")
  }

  /// The day a person typed, read from the household's today; nil for today.
  mutating func mealDay(_ text: String?, option: String = "day") async throws -> MealDay {
    let today = try await mealToday()
    guard let text else { return today }
    guard let day = MealDay.read(text, today: today) else {
      throw UsageError(
        message:
          "'\(text)' is not a day for '--\(option)': write today, tomorrow, yesterday, a weekday "
          + "such as tue, next tue, or a date such as 2026-12-03")
    }
    return day
  }

  /// The household as this device shows it: the one it pulled, with its waiting writes to
  /// the dishes over it.
  mutating func visibleHousehold() async throws -> Household {
    let known = try await household()
    return try await shownDevice().household ?? known
  }

  /// The live meal of a day and slot, as this device shows it.
  mutating func meal(on day: MealDay, _ slot: MealSlot) async throws -> Card? {
    MealRules.planned(try await visibleCards()).first { card in
      card.meal?.day == day && card.meal?.slot == slot
    }
  }

  /// What a person typed as meals: each a dish of the pool by its name (as names fold), one of
  /// the usual ways out, or text.
  mutating func mealContents(_ texts: [String]) async throws -> [MealContent] {
    // NB: the household (with this device's waiting dish writes) is read once for them all.
    let household = try await visibleHousehold()
    return texts.map { text in
      if let way = MealText.wayOut(text) { return way }
      if let name = try? DishName(text), let dish = DishRules.named(name, in: household) {
        return .dish(dish.id)
      }
      return .text(text)
    }
  }

  /// The dish a person named by its name (as names fold) or its id; removed ones too when
  /// `removed` is true.
  mutating func dish(named text: String, removed: Bool = false) async throws -> Dish {
    let pool = try await visibleHousehold().dishes
    if let dish = pool.first(where: { $0.id.rawValue == text }) { return dish }
    let name = try DishName(text)
    let matches = pool.filter { $0.name == name && (removed || !$0.isRemoved) }
    guard let dish = matches.first(where: { !$0.isRemoved }) ?? matches.last else {
      let shown = TerminalText.visible(name.text)
      throw CLIError.notFound(DishWords(language: language).noDish(shown, removed: removed))
    }
    return dish
  }

  /// Who cooks, as typed: me, partner, both or a uid.
  mutating func cook(_ choice: AssigneeChoice?) async throws -> MealCook? {
    guard let choice else { return nil }
    return try await assignee(choice).map { .member($0) } ?? .both
  }
}
