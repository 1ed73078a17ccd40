import Foundation

extension Device {
  /// Plans a meal for a day and slot — proposed, decided or skipped — as a new meal card;
  /// offline it is shown at once and waits.
  public func planMeal(_ meal: Meal) async throws -> Card {
    try await addCard(.meal(meal))
  }

  /// Proposes, picks, decides, skips, moves or gives a cook to a meal, on the revision this
  /// device last had from the backend; the partner must know it again.
  public func changeMeal(_ id: CardID, _ change: MealChange) async throws
    -> CardRules.EditOutcome
  {
    try await inTurn {
      let before = view
      // NB: a pick is of what the meal offers as this device shows it (AC-MEAL-22); the
      // backend still lets a later pick made on a view that offered the options win.
      // NB: a meal settled already is refused saying so, and by whom (AC-MEAL-24).
      if case .pick = change, let card = before.cards[id], let meal = card.meal,
        meal.state.standing != .proposed
      {
        throw TeammateError.mealSlotTaken(
          meal.slot, day: meal.day, by: card.lastEditedBy, standing: meal.state.standing)
      }
      let base = state.cards[id]?.revision ?? (before.cards[id] == nil ? nil : 1)
      let answer = try await make(.changeMeal(id, change, baseRevision: base))
      if case .applied(_, _, let outcome?, _) = answer { return outcome }
      guard let card = before.cards[id], let meal = card.meal, let household = before.household
      else { throw TeammateError.cardNotFound(id) }
      // NB: waiting in the outbox: what the change did to the meal this device shows.
      return try CardRules.replan(
        card, to: try MealRules.applying(change, to: meal, household: household), by: account,
        now: clock.now())
    }
  }

  /// Changes the household's meal times or the days a dish rests, for both members.
  public func updateMealSettings(_ settings: MealSettings) async throws -> Household {
    try await householdAfter(.updateMealSettings(settings))
  }

  /// Adds a dish to the household's pool, with an id this device makes.
  public func addDish(name: String, note: String? = nil, ingredients: [String] = []) async throws
    -> Dish
  {
    try await inTurn {
      let pool = view.household?.dishes ?? []
      var id = DishID.random(using: &random)
      while pool.contains(where: { $0.id == id }) { id = .random(using: &random) }
      let draft = DishDraft(id: id, name: name, note: note, ingredients: ingredients)
      return try await dish(id, after: .addDish(draft))
    }
  }

  /// Changes a dish's name, note or ingredients.
  public func editDish(_ id: DishID, _ edit: DishEdit) async throws -> Dish {
    try await inTurn { try await dish(id, after: .editDish(id, edit)) }
  }

  /// Takes a dish out of the pool; its meals keep it, and it can be restored.
  public func removeDish(_ id: DishID) async throws -> Dish {
    try await inTurn { try await dish(id, after: .removeDish(id)) }
  }

  /// Puts a removed dish back in the pool.
  public func restoreDish(_ id: DishID) async throws -> Dish {
    try await inTurn { try await dish(id, after: .restoreDish(id)) }
  }

  /// The dish as `write` left it: the backend's answer, or this device's view while it waits.
  private func dish(_ id: DishID, after write: DeviceWrite) async throws -> Dish {
    let outcome = try await make(write)
    if case .applied(_, let household?, _, _) = outcome, let dish = household.dish(id) {
      return dish
    }
    guard let dish = view.household?.dish(id) else { throw TeammateError.dishNotFound(id) }
    return dish
  }
}
