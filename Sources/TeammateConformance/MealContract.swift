import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// Meals and the household's dishes through every backend: a meal is a card, a dish part of
/// the household (ADR 0012).
/// The contract's checks of this area, for any backend.
public enum MealContract {
  /// AC-MEAL-14: Meals and dishes are the same on every backend, online and through the outbox,
  /// applied at most once: proposed, picked, moved, removed and restored; dishes added,
  /// edited, removed and restored, and the meal times changed, as news and never pending.
  public static let mealsAndDishesAreTheSameOnEveryBackend = ContractCheck(
    id: "AC-MEAL-14", name: "mealsAndDishesAreTheSameOnEveryBackend"
  ) { world in
    let (home, alice, bob) = try await world.coupleWithPhones()
    let today = MealDay(containing: world.clock.now(), in: .taipei)
    let curry = try await alice.addDish(name: "Curry", ingredients: ["rice", " onions "])
    let pasta = try await alice.addDish(name: "Pasta")
    #expect(curry.ingredients == ["rice", "onions"])
    await #expect(throws: TeammateError.dishNameTaken("Curry", by: curry.id)) {
      _ = try await bob.addDish(name: " ｃｕｒｒｙ ")
    }
    let dinner = try await alice.planMeal(
      Meal(day: today, slot: .dinner, state: .proposed([.dish(curry.id), .dish(pasta.id)])))
    #expect(dinner.kind == .meal && dinner.time == nil && dinner.title == "dinner \(today)")
    let told = try await bob.sync()
    #expect(told.news.map(\.kind) == [.dishAdded, .dishAdded, .proposedMeal], "\(told.news)")
    #expect(await bob.pending.map(\.id) == [dinner.id])
    #expect(await bob.household?.dishes.map(\.name.text) == ["Curry", "Pasta"])

    // A second meal for the slot is refused in words; a pick decides the meal.
    await #expect(
      throws: TeammateError.mealSlotTaken(
        .dinner, day: today, by: world.alice, standing: .proposed)
    ) { _ = try await bob.planMeal(Meal(day: today, slot: .dinner, state: .decided(.takeaway))) }
    await #expect(throws: TeammateError.optionNotOffered(.dinner, day: today)) {
      _ = try await bob.changeMeal(dinner.id, .pick(.leftovers))
    }
    let picked = try await bob.changeMeal(dinner.id, .pick(.dish(curry.id)))
    #expect(picked.card.meal?.state == .decided(.dish(curry.id)) && picked.needsKnowingAgain)
    #expect(try await alice.sync().news.map(\.kind) == [.pickedMeal])
    #expect(await alice.pending.map(\.id) == [dinner.id])

    // Offline, through the outbox: a move, a dish edited, removed and restored, a meal
    // removed and brought back.
    await bob.setOnline(false)
    _ = try await bob.changeMeal(dinner.id, .move(today.adding(days: 1), .lunch))
    _ = try await bob.editDish(pasta.id, DishEdit(note: .set("the quick one")))
    _ = try await bob.removeDish(curry.id)
    _ = try await bob.restoreDish(curry.id)
    let breakfast = try await bob.planMeal(Meal(day: today, slot: .breakfast, state: .skipped))
    _ = try await bob.deleteCard(breakfast.id)
    _ = try await bob.restoreCard(breakfast.id)
    var settings = MealSettings()
    settings.times.dinner = .constant(18, 30)
    settings.cooldownDays = 5
    _ = try await bob.updateMealSettings(settings)
    #expect(await bob.snapshot().waitingWrites == 8)
    await bob.setOnline(true)
    _ = try await bob.sync()
    let heard = try await alice.sync()
    #expect(
      heard.news.map(\.kind)
        == [
          .movedMeal, .dishEdited, .dishRemoved, .dishRestored, .skippedMeal, .deleted,
          .restored, .mealSettings,
        ],
      "\(heard.news)")
    let stored = try await world.backend.cards(in: home, as: world.alice)
    #expect(await alice.cards == Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) }))
    #expect(await bob.cards == alice.cards)
    let moved = stored.first { $0.id == dinner.id }?.meal
    #expect(moved?.day == today.adding(days: 1) && moved?.slot == .lunch)
    let household = try await world.backend.household(home, as: world.alice)
    #expect(household.dish(pasta.id)?.note == "the quick one")
    #expect(household.dish(curry.id)?.isRemoved == false)
    #expect(household.meals == settings)
    #expect(await bob.household == household)
    let feed = try await world.backend.changes(in: home, after: 0, limit: 100, as: world.alice)
    let dishChanges = feed.filter { $0.dish != nil }
    #expect(
      dishChanges.map(\.kind) == [.dishAdded, .dishAdded, .dishEdited, .dishRemoved, .dishRestored])
    #expect(dishChanges.allSatisfy { !$0.needsKnowing && $0.household != nil })
  }

  /// AC-MEAL-11: Two partners picking offline: the later arrival wins, and the partner whose
  /// pick it replaced is told in a conflict naming the meal and the choice that lost.
  public static let twoPicksOfflineTheLaterArrivalWins = ContractCheck(
    id: "AC-MEAL-11", name: "twoPicksOfflineTheLaterArrivalWins"
  ) { world in
    let home = try await world.couple()
    let alice = world.device(world.alice).device
    let bob = world.device(world.bob).device
    _ = try await alice.sync()
    let today = MealDay(containing: world.clock.now(), in: .taipei)
    let dinner = try await alice.planMeal(
      Meal(day: today, slot: .dinner, state: .proposed([.text("Curry"), .text("Pasta")])))
    _ = try await bob.sync()
    await alice.setOnline(false)
    await bob.setOnline(false)
    _ = try await bob.changeMeal(dinner.id, .pick(.text("Curry")))
    _ = try await alice.changeMeal(dinner.id, .pick(.text("Pasta")))
    await bob.setOnline(true)
    _ = try await bob.sync()
    world.clock.advance(by: 60)
    await alice.setOnline(true)
    _ = try await alice.sync()
    let report = try await bob.sync()
    let stored = try await world.backend.cards(in: home, as: world.bob)
    #expect(stored.first?.meal?.state == .decided(.text("Pasta")))
    #expect(stored.first?.lastEditedBy == world.alice)
    let lost = report.conflicts.first?.reason
    guard case .overwritten(let overwrite, let by)? = lost else {
      Issue.record("no conflict for the pick that lost: \(report.conflicts)")
      return
    }
    #expect(by == world.alice && overwrite.field == .meal && overwrite.lostBy == world.bob)
    guard case .meal(let version?) = overwrite.lost else {
      Issue.record("the lost value is not a meal: \(overwrite.lost)")
      return
    }
    #expect(version.state == .decided(.text("Curry")))
    #expect(await alice.snapshot().conflicts.isEmpty)
  }
}

extension TimeZone {
  /// The contract world's households live in Taipei.
  static let taipei = TimeZone(identifier: "Asia/Taipei") ?? .gmt
}
