import Foundation

extension BackendOperations {
  /// A meal changed on the backend's own state: a pick is held to what is offered now, and a
  /// move to a slot no other live meal holds. One made on an older `baseRevision` still
  /// lands (the later arrival wins) and records the partner's choice it replaced.
  package static func changeMeal(
    _ id: CardID, _ change: MealChange, baseRevision: Int? = nil, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws -> CardRules.EditOutcome {
    let card = try writableCard(id, actor: actor, storage: storage)
    guard !card.isDeleted else { throw TeammateError.cardDeleted(id) }
    guard card.kind == .meal, let meal = card.meal else { throw TeammateError.notAMeal(id) }
    let household = try existingHousehold(card.householdID, in: storage)
    let planned = try MealRules.applying(change, to: meal, household: household)
    if planned.day != meal.day || planned.slot != meal.slot {
      try checkSlotFree(planned, except: id, among: try storage.cards(in: card.householdID))
    }
    let outcome = try CardRules.replan(card, to: planned, by: actor, now: now)
    guard outcome.changed else { return outcome }
    var overwritten: [FieldOverwrite] = []
    if let base = baseRevision, base < card.revision {
      overwritten = try replaced(outcome.fields, of: card, since: base, by: actor, storage: storage)
    }
    try storage.putCard(outcome.card)
    // NB: a pick of a meal offering nothing (decided, or skipped, since) decides it.
    var act = change
    if case .pick = change, case .decided(let chosen) = planned.state,
      meal.state.standing != .proposed
    {
      act = .decide(chosen)
    }
    try record(
      .cardEdited, in: card.householdID, by: actor, now: now, needsKnowing: true,
      card: outcome.card, fields: outcome.fields, overwritten: overwritten, mealAct: act,
      storage: &storage)
    try takeBackParts(of: outcome.card, before: card, actor: actor, storage: &storage, now: now)
    return outcome
  }

  /// Refuses a meal for a day and slot another live meal of `cards` holds (`except` is the
  /// meal itself).
  static func checkSlotFree(
    _ meal: Meal, except id: CardID, among cards: some Sequence<Card>
  ) throws(TeammateError) {
    let holder = MealRules.planned(Array(cards)).first {
      $0.id != id && $0.meal?.day == meal.day && $0.meal?.slot == meal.slot
    }
    if let holder, let held = holder.meal {
      throw .mealSlotTaken(
        meal.slot, day: meal.day, by: holder.lastEditedBy, standing: held.state.standing)
    }
  }

  /// The household's meal times and cooldown, for both members: a change is news.
  package static func updateMealSettings(
    in id: HouseholdID, _ settings: MealSettings, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws -> Household {
    let checked = try settings.validated()
    return try changeHousehold(id, .householdUpdated, actor: actor, storage: &storage, now: now) {
      var household = $0
      household.meals = checked
      return household
    }
  }

  /// A write to the household's pool of dishes, recorded as `kind` about `dish`: the
  /// partner's news and nothing to know.
  static func changeDishes(
    _ kind: ChangeKind, dish: DishID?, in id: HouseholdID, actor: AccountID,
    storage: inout some BackendStorage, now: Date, _ rule: (Household) throws -> Household
  ) throws -> Household {
    try changeHousehold(id, kind, dish: dish, actor: actor, storage: &storage, now: now, rule)
  }

  /// A member's change to the household's document: checked, applied by `rule`, kept and
  /// recorded as `kind` unless it changed nothing.
  private static func changeHousehold(
    _ id: HouseholdID, _ kind: ChangeKind, dish: DishID? = nil, actor: AccountID,
    storage: inout some BackendStorage, now: Date,
    _ rule: (Household) throws -> Household
  ) throws -> Household {
    try check(.updateHousehold(id), actor, try state(of: actor, in: storage))
    let household = try existingHousehold(id, in: storage)
    let updated = try rule(household)
    guard updated != household else { return household }
    try storage.putHousehold(updated)
    try record(kind, in: id, by: actor, now: now, household: updated, dish: dish, storage: &storage)
    return updated
  }
}
