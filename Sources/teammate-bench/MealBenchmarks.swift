import Foundation
import TeammateKit

/// A pool of `count` dishes.
func benchmarkDishes(_ count: Int) -> [Dish] {
  (0..<count).compactMap { index in
    (try? DishName("Dish \(index)")).map { Dish(id: DishID("d\(index)"), name: $0) }
  }
}

/// Every slot of the `days` days before `today` decided, each a dish of `pool` chosen at
/// random: a household that eats at home three times a day.
func benchmarkMeals(days: Int, before today: MealDay, pool: [Dish]) -> [Meal] {
  var random = SeededRandomNumberGenerator(seed: 2_027)
  return (1...days).flatMap { back in
    MealSlot.allCases.map { slot in
      let dish = pool[Int(random.next() % UInt64(pool.count))].id
      return Meal(day: today.adding(days: -back), slot: slot, state: .decided(.dish(dish)))
    }
  }
}

func mealBenchmarks() -> [Measurement] {
  let now = Date(timeIntervalSince1970: 1_796_119_200)
  let zone = TimeZone(identifier: "Asia/Taipei") ?? .gmt
  let today = MealDay(containing: now, in: zone)
  let pool = benchmarkDishes(1_000)
  var rows: [Measurement] = []
  // NB: one, two and four years of history: a suggestion is linear in what it reads.
  for years in [1, 2, 4] {
    let meals = benchmarkMeals(days: 365 * years, before: today, pool: pool)
    rows.append(
      measure("meals: one pass over the history (floor), \(years)y", count: meals.count) {
        var last: [DishID: MealDay] = [:]
        for meal in meals { if let dish = meal.decidedDish { last[dish] = meal.day } }
        keep(last)
      })
    rows.append(
      measure("suggest from 1,000 dishes, \(years)y", count: meals.count) {
        var random = SeededRandomNumberGenerator(seed: 7)
        keep(MealRules.suggest(from: pool, meals: meals, for: today, random: &random))
      })
  }
  // Planning: 10,000 cards alone, then with two years of meals beside them.
  let members = [
    Member(uid: "alice", displayName: "Alice", joinedAt: now),
    Member(uid: "bob", displayName: "Bob", joinedAt: now),
  ]
  let cards = benchmarkCards(10_000, now: now)
  let mealCards = benchmarkMeals(days: 730, before: today.adding(days: 3), pool: pool).enumerated()
    .map { index, meal in
      Card(
        id: CardID("m\(index)"), householdID: "home", kind: .meal, title: MealRules.title(of: meal),
        createdBy: "alice", createdAt: now - 86_400, ackBy: "bob", ackRevision: 1, meal: meal)
    }
  let without = PlanInput(cards: cards, viewer: "bob", members: members, timeZone: zone, now: now)
  let with = PlanInput(
    cards: cards + mealCards, viewer: "bob", members: members, timeZone: zone, now: now,
    meals: MealSettings())
  rows.append(
    measure("plan, 10,000 cards", count: 10_000) { keep(NotificationPlanner.plan(without)) })
  rows.append(
    measure("plan, 10,000 cards and two years of meals", count: 10_000 + mealCards.count) {
      keep(NotificationPlanner.plan(with))
    })
  return rows
}
