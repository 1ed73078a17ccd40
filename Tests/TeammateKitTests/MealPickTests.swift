import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// A pick is of what the meal offers.
@Suite struct MealPickTests {
  @Test func test_AC_MEAL_22_aPickOfAMealDecidedAlreadyIsRefusedAndChangesNothing() async throws {
    let (cloud, bob, day, lunch) = try await Self.decided(.lunch, seed: 22)
    for online in [true, false] {
      await bob.setOnline(online)
      let settled = TeammateError.mealSlotTaken(
        .lunch, day: day, by: Fixtures.alice, standing: .decided)
      await #expect(throws: settled) {
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

extension MealPickTests {
  /// Alice and Bob, Bob's phone synced after Alice decided `slot` tomorrow as Curry: the
  /// backend, Bob's device, the day and the meal's card.
  static func decided(_ slot: MealSlot, seed: UInt64) async throws -> (
    any TeammateBackend, Device, MealDay, Card
  ) {
    let clock = ManualWallClock(Fixtures.date("2026-06-06T10:00:00+08:00"))
    let (cloud, creation) = try await Fixtures.couple(clock: clock, seed: seed)
    let bob = Device(
      account: Fixtures.bob, backend: cloud, clock: clock,
      scheduler: PhoneShapedNotificationCentre(), random: SeededRandomNumberGenerator(seed: 2))
    let day = MealDay(year: 2026, month: 6, day: 7) ?? MealDay(containing: Fixtures.start, in: .gmt)
    let meal = try await cloud.addCard(
      .meal(Meal(day: day, slot: slot, state: .decided(.text("Curry")))),
      to: creation.household.id, as: Fixtures.alice)
    _ = try await bob.sync()
    return (cloud, bob, day, meal)
  }

  @Test func test_AC_MEAL_24_aPickOfTheDishItIsDecidedAsSaysItIsDecidedAndByWhom() async throws {
    let (_, bob, day, dinner) = try await Self.decided(.dinner, seed: 24)
    let refusal = TeammateError.mealSlotTaken(
      .dinner, day: day, by: Fixtures.alice, standing: .decided)
    await #expect(throws: refusal) {
      _ = try await bob.changeMeal(dinner.id, .pick(.text("curry")))
    }
    #expect(refusal.description.hasPrefix("alice had already decided dinner on"))
    #expect(await bob.state.outbox.isEmpty)
  }
}

/// A meal removed is news the partner must know.
@Suite struct MealRemovalTests {
  @Test func test_AC_MEAL_23_aMealRemovedIsPendingForThePartnerUntilKnown() async throws {
    let clock = ManualWallClock(Fixtures.date("2026-06-06T10:00:00+08:00"))
    let (cloud, creation) = try await Fixtures.couple(clock: clock, seed: 23)
    let home = creation.household.id
    let day = MealDay(year: 2026, month: 6, day: 7) ?? MealDay(containing: Fixtures.start, in: .gmt)
    let dinner = try await cloud.addCard(
      .meal(Meal(day: day, slot: .dinner, state: .decided(.text("Curry")))), to: home,
      as: Fixtures.alice)
    let note = try await cloud.addCard(
      CardDraft(title: "Bought diapers"), to: home, as: Fixtures.alice)
    _ = try await cloud.acknowledgeCards(
      [CardRevision(dinner.id, revision: 1), CardRevision(note.id, revision: 1)], as: Fixtures.bob)

    let removed = try await cloud.deleteCard(dinner.id, as: Fixtures.alice)
    _ = try await cloud.deleteCard(note.id, as: Fixtures.alice)
    #expect(removed.ackBy == nil)
    let cards = try await cloud.cards(in: home, as: Fixtures.bob)
    #expect(
      AcknowledgementRules.pending(cards: cards, viewer: Fixtures.bob).map(\.id) == [dinner.id])
    #expect(AcknowledgementRules.badge(cards: cards, viewer: Fixtures.bob) == 1)
    #expect(CardStanding.of(removed, for: Fixtures.bob) == [.deleted, .waitingForViewer])
    #expect(AcknowledgementRules.pending(cards: cards, viewer: Fixtures.alice).isEmpty)

    let known = try await cloud.acknowledgeCards(
      [CardRevision(dinner.id, revision: removed.revision)], as: Fixtures.bob)
    #expect(known.first?.ackBy == Fixtures.bob && known.first?.isDeleted == true)
    await #expect(throws: TeammateError.cardDeleted(note.id)) {
      _ = try await cloud.acknowledgeCards([CardRevision(note.id, revision: 2)], as: Fixtures.bob)
    }
    let back = try await cloud.restoreCard(dinner.id, as: Fixtures.alice)
    #expect(AcknowledgementRules.isPending(back, for: Fixtures.bob))
  }
}
