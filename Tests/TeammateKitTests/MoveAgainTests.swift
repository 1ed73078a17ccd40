import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// A move cut short between its import and its mark, made again (AC-PORT-31).
@Suite struct MoveAgainTests {
  @Test func test_AC_PORT_31_aMoveCutShortAfterItsImportIsMadeAgain() async throws {
    let clock = ManualWallClock(Fixtures.start)
    let (old, creation) = try await Fixtures.couple(clock: clock, seed: 31)
    let home = creation.household.id
    let alice = try await Device(
      account: Fixtures.alice, backend: old, clock: clock,
      scheduler: PhoneShapedNotificationCentre(), store: InMemoryDeviceStore(),
      random: SeededRandomNumberGenerator(seed: 1))
    _ = try await alice.addItem("milk")
    let source = try #require(old as? any PortableBackend)
    // NB: the move cut short: imported there, never marked here.
    let new = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 32))
    let copied = try await source.exportHousehold(home, as: Fixtures.alice)
    try await new.importHousehold(copied, as: Fixtures.alice)
    _ = try await alice.moveHousehold(to: new, location: "the new store")
    #expect(await alice.movedTo == "the new store")
    #expect(try await new.exportHousehold(home, as: Fixtures.alice) == copied)
    await #expect(throws: TeammateError.householdMoved(home, to: "the new store")) {
      _ = try await old.household(home, as: Fixtures.alice)
    }

    // NB: written on since the copy was made: the copy is not the household, and the move
    // is refused, the household left where it lives.
    let (again, made) = try await Fixtures.couple(clock: clock, seed: 33)
    let bob = try await Device(
      account: Fixtures.bob, backend: again, clock: clock,
      scheduler: PhoneShapedNotificationCentre(), store: InMemoryDeviceStore(),
      random: SeededRandomNumberGenerator(seed: 2))
    let stale = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 34))
    let from = try #require(again as? any PortableBackend)
    try await stale.importHousehold(
      try await from.exportHousehold(made.household.id, as: Fixtures.bob), as: Fixtures.bob)
    _ = try await bob.addItem("eggs")
    await #expect(throws: HouseholdDocumentError.householdAlreadyHere(made.household.id)) {
      _ = try await bob.moveHousehold(to: stale, location: "a stale copy")
    }
    #expect(await bob.movedTo == nil)
    #expect(try await again.household(made.household.id, as: Fixtures.bob).id == made.household.id)
  }
}
