import Foundation

/// A dish of the household's pool: its name, and what a person may add to it.
public struct Dish: Sendable, Codable, Equatable, Identifiable {
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
}

/// Where a meal stands: one to three options offered, one chosen, or not eaten at home.
public enum MealState: Sendable, Codable, Hashable {
  case proposed([MealContent])
  case decided(MealContent)
  case skipped
}

/// One meal of the household: a slot of a day, and where it stands.
public struct Meal: Sendable, Codable, Equatable {
  /// The household's day it is eaten on.
  public var day: MealDay
  /// Which meal of that day.
  public var slot: MealSlot
  /// Offered, chosen or skipped.
  public var state: MealState

  /// A meal as given.
  public init(day: MealDay, slot: MealSlot, state: MealState) {
    self.day = day
    self.slot = slot
    self.state = state
  }

  /// The dish it was decided to be, if it was.
  public var decidedDish: DishID? {
    if case .decided(let content) = state { return content.dish }
    return nil
  }
}
