import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// One live meal per day and slot: the backend's own rule, checked in the write's unit of work.
@Suite struct MealSlotTests {
  let now = Fixtures.start
  let day = MealDay(year: 2026, month: 6, day: 2) ?? MealDay(containing: Fixtures.start, in: .gmt)

  @Test func test_AC_MEAL_09_aDayAndSlotHoldOneLiveMeal() throws {
    var storage = InMemoryStorage()
    var random = SeededRandomNumberGenerator(seed: 3)
    let home = try BackendOperations.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", actor: "alice", storage: &storage,
      now: now, random: &random
    ).household.id
    func plan(_ slot: MealSlot, _ state: MealState, on day: MealDay? = nil) throws -> Card {
      try BackendOperations.addCard(
        .meal(Meal(day: day ?? self.day, slot: slot, state: state)), to: home, actor: "alice",
        storage: &storage, now: now, random: &random)
    }
    let dinner = try plan(.dinner, .proposed([.leftovers]))
    let taken = TeammateError.mealSlotTaken(.dinner, day: day, by: "alice", standing: .proposed)
    #expect(throws: taken) { _ = try plan(.dinner, .decided(.takeaway)) }
    #expect(taken.description == "alice had already proposed dinner on 2026-06-02")
    // Two meals for one slot in one batch: neither is written.
    #expect(throws: TeammateError.mealSlotTaken(.lunch, day: day, by: "alice", standing: .skipped))
    {
      _ = try BackendOperations.addCards(
        [
          .meal(Meal(day: day, slot: .lunch, state: .skipped)),
          .meal(Meal(day: day, slot: .lunch, state: .skipped)),
        ], to: home, actor: "alice", storage: &storage, now: now, random: &random)
    }
    #expect(storage.cards(in: home).count == 1)
    // A move onto a held slot is refused; onto a free one it lands.
    let lunch = try plan(.lunch, .decided(.eatingOut))
    let held = TeammateError.mealSlotTaken(.dinner, day: day, by: "alice", standing: .proposed)
    #expect(throws: held) {
      _ = try BackendOperations.changeMeal(
        lunch.id, .move(day, .dinner), actor: "alice", storage: &storage, now: now)
    }
    // A deleted meal frees its slot; restoring it then is refused.
    _ = try BackendOperations.deleteCard(dinner.id, actor: "alice", storage: &storage, now: now)
    let moved = try BackendOperations.changeMeal(
      lunch.id, .move(day, .dinner), actor: "alice", storage: &storage, now: now)
    #expect(moved.card.meal?.slot == .dinner)
    #expect(
      throws: TeammateError.mealSlotTaken(.dinner, day: day, by: "alice", standing: .decided)
    ) {
      _ = try BackendOperations.restoreCard(dinner.id, actor: "alice", storage: &storage, now: now)
    }
    #expect(storage.card(dinner.id)?.isDeleted == true)
    // Another day's dinner is another slot.
    #expect(try plan(.dinner, .skipped, on: day.adding(days: 1)).meal?.day == day.adding(days: 1))
    let note = try BackendOperations.addCard(
      CardDraft(title: "Milk"), to: home, actor: "alice", storage: &storage, now: now,
      random: &random)
    #expect(throws: TeammateError.notAMeal(note.id)) {
      _ = try BackendOperations.changeMeal(
        note.id, .skip, actor: "alice", storage: &storage, now: now)
    }
  }
}
