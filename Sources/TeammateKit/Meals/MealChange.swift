import Foundation

/// What a person does to a meal already planned: each is a new revision of its card that the
/// partner must know.
public enum MealChange: Sendable, Codable, Hashable {
  /// Answers with options of one's own, replacing those offered.
  case propose([MealContent])
  /// Chooses one of the options offered, deciding the meal.
  case pick(MealContent)
  /// Decides the meal directly, whatever was offered.
  case decide(MealContent)
  /// Not eaten at home, or not at all.
  case skip
  /// To another day or slot.
  case move(MealDay, MealSlot)
  /// Who cooks, or nil for not said.
  case cook(MealCook?)
}

extension MealRules {
  /// Options a proposal offers at most.
  public static let optionLimit = 3
  /// Ingredient lines a dish keeps at most.
  public static let ingredientLimit = 30

  /// The meal after `change`, checked against the household and its dishes; a pick must be
  /// of an option offered, unless the meal was settled meanwhile (the later arrival wins).
  public static func applying(
    _ change: MealChange, to meal: Meal, household: Household
  ) throws(TeammateError) -> Meal {
    var updated = meal
    switch change {
    case .propose(let options):
      updated.state = .proposed(options)
    case .pick(let option):
      let wanted = try content(option, household: household)
      // NB: a pick names an offered option as names fold (`curry` picks `Curry`).
      if case .proposed(let offered) = meal.state {
        guard let match = offered.first(where: { $0.isOne(with: wanted) }) else {
          throw .optionNotOffered(meal.slot, day: meal.day)
        }
        updated.state = .decided(match)
      } else {
        updated.state = .decided(wanted)
      }
    case .decide(let content):
      updated.state = .decided(content)
    case .skip:
      updated.state = .skipped
    case .move(let day, let slot):
      updated.day = day
      updated.slot = slot
    case .cook(let cook):
      updated.cook = cook
    }
    // NB: only what the change made is checked: a meal of a dish since removed may still move.
    if updated.state != meal.state {
      updated.state = try validated(state: updated.state, household: household)
    }
    if updated.cook != meal.cook { try validated(cook: updated.cook, household: household) }
    return updated
  }

  /// The meal as the rules keep it: options one to three and different, texts trimmed and
  /// bounded, dishes of the pool, a cook who is a member.
  public static func validated(_ meal: Meal, household: Household) throws(TeammateError) -> Meal {
    var checked = meal
    checked.state = try validated(state: meal.state, household: household)
    try validated(cook: meal.cook, household: household)
    return checked
  }

  static func validated(
    state: MealState, household: Household
  ) throws(TeammateError) -> MealState {
    switch state {
    case .proposed(let options):
      guard (1...optionLimit).contains(options.count) else {
        throw .mealOptionCount(options.count, limit: optionLimit)
      }
      var made: [MealContent] = []
      for option in options {
        let content = try content(option, household: household)
        guard !made.contains(where: { $0.isOne(with: content) }) else { throw .mealOptionTwice }
        made.append(content)
      }
      return .proposed(made)
    case .decided(let choice):
      return .decided(try content(choice, household: household))
    case .skipped:
      return .skipped
    }
  }

  static func validated(cook: MealCook?, household: Household) throws(TeammateError) {
    if case .member(let uid) = cook, !household.hasMember(uid) { throw .assigneeNotMember(uid) }
  }

  /// One option as kept: a text trimmed and bounded, a dish of the pool.
  static func content(
    _ content: MealContent, household: Household
  ) throws(TeammateError) -> MealContent {
    switch content {
    case .text(let raw):
      return .text(try Validation.name(raw, field: .mealText))
    case .dish(let id):
      guard let dish = household.dish(id) else { throw .dishNotFound(id) }
      guard !dish.isRemoved else { throw .dishRemoved(id) }
      return content
    case .leftovers, .eatingOut, .takeaway:
      return content
    }
  }
}

extension MealRules {
  /// A meal card's title: its slot and day, in no person's language (`dinner 2026-12-03`);
  /// what people read is worded from the plan itself.
  public static func title(of meal: Meal) -> String { "\(meal.slot.rawValue) \(meal.day)" }
}

extension MealRules {
  /// The household's live meals: meal cards not deleted, as they are given.
  public static func planned(_ cards: [Card]) -> [Card] {
    cards.filter { $0.kind == .meal && $0.meal != nil && !$0.isDeleted }
  }
}

extension Household {
  /// The meal settings a plan reminds by, when the household plans meals (a dish in its pool,
  /// or a meal on its plan); nil for a household that does not, so that it is never told its
  /// dinner is undecided.
  public func mealsToRemind(among cards: [Card]) -> MealSettings? {
    !dishes.isEmpty || !MealRules.planned(cards).isEmpty ? meals : nil
  }
}
