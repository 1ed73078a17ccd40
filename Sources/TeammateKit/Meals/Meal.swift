import Foundation

/// A dish of the household's pool: its name, and what a person may add to it.
public struct Dish: Sendable, Codable, Hashable, Identifiable {
  public var id: DishID
  /// The name it is known by; unique in the household, as names fold.
  public var name: DishName
  /// A note or a link.
  public var note: String?
  /// Ingredient lines, for the shopping list.
  public var ingredients: [String]
  /// Removed from the pool, kept so that it can be restored.
  public var isRemoved: Bool

  /// A dish as given.
  public init(
    id: DishID, name: DishName, note: String? = nil, ingredients: [String] = [],
    isRemoved: Bool = false
  ) {
    self.id = id
    self.name = name
    self.note = note
    self.ingredients = ingredients
    self.isRemoved = isRemoved
  }
}

/// What a meal is: a dish of the pool, something typed, or one of the usual ways out.
public enum MealContent: Sendable, Codable, Hashable {
  case dish(DishID)
  case text(String)
  case leftovers
  case eatingOut
  case takeaway

  /// The dish it is, if it is one.
  public var dish: DishID? {
    if case .dish(let id) = self { return id }
    return nil
  }

  /// Whether two options are one: the same dish or way out, or texts that differ only in
  /// case, Unicode width or surrounding spaces, as dish names fold.
  public func isOne(with other: MealContent) -> Bool {
    guard case .text(let mine) = self, case .text(let theirs) = other else { return self == other }
    return (try? DishName(mine)) == (try? DishName(theirs))
  }
}

/// Where a meal stands: one to three options offered, one chosen, or not eaten at home.
public enum MealState: Sendable, Codable, Hashable {
  case proposed([MealContent])
  case decided(MealContent)
  case skipped

  /// Where a meal stands, without what it holds: what a refusal names.
  public enum Standing: String, Sendable, Codable, Hashable {
    case proposed, decided, skipped
  }

  /// This state's standing.
  public var standing: Standing {
    switch self {
    case .proposed: .proposed
    case .decided: .decided
    case .skipped: .skipped
    }
  }
}

/// Who cooks a meal: one member, or the two together.
public enum MealCook: Sendable, Codable, Hashable {
  case member(AccountID)
  case both
}

/// One meal of the household: a slot of a day, and where it stands.
public struct Meal: Sendable, Codable, Hashable {
  /// The household's day it is eaten on.
  public var day: MealDay
  /// Which meal of that day.
  public var slot: MealSlot
  /// Offered, chosen or skipped.
  public var state: MealState
  /// Who cooks, when someone said.
  public var cook: MealCook?

  /// A meal as given.
  public init(day: MealDay, slot: MealSlot, state: MealState, cook: MealCook? = nil) {
    self.day = day
    self.slot = slot
    self.state = state
    self.cook = cook
  }

  /// What the plan holds, in order: the options offered or the choice; nothing when skipped.
  public var contents: [MealContent] {
    switch state {
    case .proposed(let options): options
    case .decided(let choice): [choice]
    case .skipped: []
    }
  }

  /// The options offered, when it is proposed.
  public var options: [MealContent] {
    if case .proposed(let options) = state { return options }
    return []
  }

  /// The dish it was decided to be, if it was.
  public var decidedDish: DishID? {
    if case .decided(let content) = state { return content.dish }
    return nil
  }
}
