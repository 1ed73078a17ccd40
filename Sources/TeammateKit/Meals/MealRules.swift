import Foundation

/// Dishes offered for a meal: what was eaten least lately, never what was eaten in the last
/// days unless nothing else is left, and then said so.
public struct MealSuggestion: Sendable, Equatable {
  /// Up to three dishes, the least lately eaten first.
  public var dishes: [DishID]
  /// Whether every dish had been eaten within the cooldown, so the rule was relaxed.
  public var relaxed: Bool

  /// A suggestion of `dishes`, `relaxed` when the cooldown was set aside.
  public init(dishes: [DishID], relaxed: Bool) {
    self.dishes = dishes
    self.relaxed = relaxed
  }
}

/// The meal rules that need no storage: suggestions and what was eaten. Pure: the day, the
/// time and the random choices are given.
public enum MealRules {
  /// Days a dish eaten is not offered again (a household setting).
  public static let standardCooldownDays = 7
  /// Dishes a suggestion offers at most.
  public static let suggestionLimit = 3

  /// Dishes for a meal on `day`: never one eaten (decided) on that day or in the
  /// `cooldownDays` before it unless every dish was, preferring those eaten longest ago or
  /// never; among equals, `random` chooses. Removed dishes are never offered. Nothing is
  /// saved.
  public static func suggest(
    from dishes: [Dish], meals: [Meal], for day: MealDay,
    cooldownDays: Int = standardCooldownDays, random: inout some RandomNumberGenerator
  ) -> MealSuggestion {
    var lastEaten: [DishID: MealDay] = [:]
    for meal in meals where meal.day <= day {
      guard let dish = meal.decidedDish else { continue }
      lastEaten[dish] = max(lastEaten[dish] ?? meal.day, meal.day)
    }
    // NB: a dish eaten on this day or after it is still resting.
    let restingFrom = day.adding(days: -cooldownDays)
    // NB: in the pool's own order (the household's, so the same seed chooses alike), never
    // eaten apart from eaten, each with when.
    var never: [DishID] = []
    var eaten: [(day: MealDay, dish: DishID)] = []
    for dish in dishes where !dish.isRemoved {
      if let last = lastEaten[dish.id] {
        eaten.append((last, dish.id))
      } else {
        never.append(dish.id)
      }
    }
    let rested = eaten.filter { $0.day < restingFrom }
    let relaxed = never.isEmpty && rested.isEmpty && !eaten.isEmpty
    // NB: longest ago first, never eaten before all; ties in an order `random` makes. Only
    // the few offered are put in order: the pool may hold a thousand.
    var chosen = pick(suggestionLimit, from: &never, random: &random)
    var candidates = relaxed ? eaten : rested
    candidates.sort { $0.day < $1.day }
    var start = 0
    while chosen.count < suggestionLimit, start < candidates.count {
      var end = start
      while end < candidates.count, candidates[end].day == candidates[start].day { end += 1 }
      var tied = candidates[start..<end].map(\.dish)
      chosen += pick(suggestionLimit - chosen.count, from: &tied, random: &random)
      start = end
    }
    return MealSuggestion(dishes: chosen, relaxed: relaxed)
  }

  /// The first `count` of `items` in an order `random` makes (a Fisher–Yates shuffle stopped
  /// once they are placed).
  private static func pick(
    _ count: Int, from items: inout [DishID], random: inout some RandomNumberGenerator
  ) -> [DishID] {
    let taken = min(count, items.count)
    for index in 0..<taken {
      items.swapAt(index, Int.random(in: index..<items.count, using: &random))
    }
    return Array(items.prefix(taken))
  }

  /// What the household ate: decided meals whose time has passed at `now`, newest first;
  /// skipped and still proposed meals are not there.
  public static func history(
    of meals: [Meal], at now: Date, times: MealTimes, in zone: TimeZone
  ) -> [Meal] {
    meals.filter { meal in
      guard case .decided = meal.state else { return false }
      return meal.day.instant(at: times.time(of: meal.slot), in: zone) <= now
    }.sorted { ($0.day, $0.slot) > ($1.day, $1.slot) }
  }
}

extension MealRules {
  /// The slots of `day` still undecided — no meal, or only a proposal — each with the instant
  /// it should have been decided by (its time less the household's decide-by minutes, on the
  /// day's walls): what reminds both partners, once. A decided or skipped slot is not there.
  public static func undecided(
    _ meals: [Meal], on day: MealDay, times: MealTimes, in zone: TimeZone
  ) -> [(slot: MealSlot, decideBy: Date)] {
    let settled = Set(
      meals.filter { meal in
        guard meal.day == day else { return false }
        if case .proposed = meal.state { return false }
        return true
      }.map(\.slot))
    return MealSlot.allCases.filter { !settled.contains($0) }.map { slot in
      let time = day.instant(at: times.time(of: slot), in: zone)
      return (slot, time.addingTimeInterval(-Double(times.decideByMinutes) * 60))
    }
  }
}

extension MealRules {
  /// A reminder that a meal is not decided: its day and slot, when it fires (its decide-by
  /// time, or now when that has passed and the meal is still ahead) and its decide-by time.
  public struct Reminder: Sendable, Equatable {
    /// The household's day of the meal.
    public var day: MealDay
    /// Which meal of that day.
    public var slot: MealSlot
    /// When the reminder shows.
    public var fireAt: Date
    /// When the meal should have been decided by: what a device remembers it showed.
    public var decideBy: Date
  }

  /// The reminders both partners get for the household's today and tomorrow: each slot still
  /// undecided whose meal is ahead of `now`, once (its decide-by time is the occurrence a
  /// device remembers it showed); quiet hours do not hold them back, as an event's reminder.
  public static func reminders(
    _ meals: [Meal], times: MealTimes, in zone: TimeZone, now: Date
  ) -> [Reminder] {
    let today = MealDay(containing: now, in: zone)
    return [today, today.adding(days: 1)].flatMap { day in
      undecided(meals, on: day, times: times, in: zone).compactMap { slot, decideBy in
        let time = day.instant(at: times.time(of: slot), in: zone)
        guard time > now else { return nil }
        return Reminder(day: day, slot: slot, fireAt: max(decideBy, now), decideBy: decideBy)
      }
    }
  }
}
