import Foundation

/// A meal as the partner's news names it: its plan, the names of the dishes it holds, and the
/// household's day when the change was made, so that "today" in the sentence is the day it
/// was said on, reckoned in the household's zone.
public struct MealNews: Sendable, Equatable, Codable {
  /// The meal's plan as it is now.
  public var meal: Meal
  /// The names of the dishes the plan holds, as the household's pool has them.
  public var dishNames: [DishID: String]
  /// The household's day at the change.
  public var toldOn: MealDay
  /// The display name of the member named to cook, as the household had it.
  public var cookName: String?

  /// A meal's news with every field given.
  public init(meal: Meal, dishNames: [DishID: String], toldOn: MealDay, cookName: String? = nil) {
    self.meal = meal
    self.dishNames = dishNames
    self.toldOn = toldOn
    self.cookName = cookName
  }

  /// The news of `meal` told at `instant` in the household's zone (UTC before it is known).
  init(_ meal: Meal, at instant: Date, in household: Household?) {
    var names: [DishID: String] = [:]
    for case .dish(let id) in meal.contents { names[id] = household?.dish(id)?.name.text }
    var cook: String?
    if case .member(let uid)? = meal.cook {
      cook = household?.members.first { $0.uid == uid }?.displayName
    }
    self.init(
      meal: meal, dishNames: names,
      toldOn: MealDay(containing: instant, in: household?.zone ?? .gmt), cookName: cook)
  }

  /// The meal's day counted from the day it was told on: 0 today, 1 tomorrow.
  public var daysAhead: Int { toldOn.days(to: meal.day) }
}
