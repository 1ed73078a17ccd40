import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// A pick is of what the meal offers.
@Suite struct MealPickTests {
  @Test func test_AC_MEAL_22_aPickOfAMealDecidedAlreadyIsRefusedAndChangesNothing() async throws {
    let clock = ManualWallClock(Fixtures.date("2026-06-06T10:00:00+08:00"))
    let (cloud, creation) = try await Fixtures.couple(clock: clock, seed: 22)
    let bob = Device(
      account: Fixtures.bob, backend: cloud, clock: clock,
      scheduler: PhoneShapedNotificationCentre(), random: SeededRandomNumberGenerator(seed: 2))
    let day = MealDay(year: 2026, month: 6, day: 7) ?? MealDay(containing: Fixtures.start, in: .gmt)
    let lunch = try await cloud.addCard(
      .meal(Meal(day: day, slot: .lunch, state: .decided(.text("Curry")))),
      to: creation.household.id, as: Fixtures.alice)
    _ = try await bob.sync()
    for online in [true, false] {
      await bob.setOnline(online)
      await #expect(throws: TeammateError.optionNotOffered(.lunch, day: day)) {
        _ = try await bob.changeMeal(lunch.id, .pick(.text("Salad")))
      }
      #expect(await bob.state.outbox.isEmpty)
      #expect(await bob.cards[lunch.id]?.meal?.state == .decided(.text("Curry")))
    }
    await bob.setOnline(true)
    #expect(
      try await cloud.card(lunch.id, as: Fixtures.bob).meal?.state == .decided(.text("Curry")))
  }
}
