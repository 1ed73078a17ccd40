import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// A device handed over to the store of the phone that follows its household elsewhere.
@Suite struct DeviceHandOverTests {
  let clock = ManualWallClock(Fixtures.start)

  /// Bob's phone, following the couple's household on `backend` and keeping itself in `store`,
  /// with a write waiting offline.
  func bobsPhone(on backend: InMemoryBackend, keptIn store: InMemoryDeviceStore) async throws
    -> (Device, HouseholdID)
  {
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: Fixtures.alice)
    _ = try await backend.join(
      code: creation.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    let bob = try await Device(
      account: Fixtures.bob, backend: backend, clock: clock,
      scheduler: InMemoryNotificationScheduler(), store: store)
    _ = try await bob.sync()
    await bob.setOnline(false)
    _ = try await bob.addCard(CardDraft(title: "Diapers"))
    return (bob, creation.household.id)
  }

  @Test func test_AC_DEV_22_aDeviceHandsItselfOverToWhereItsHouseholdMoved() async throws {
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 22))
    let here = InMemoryDeviceStore()
    let (bob, home) = try await bobsPhone(on: backend, keptIn: here)
    let kept = try #require(try await here.loadState(of: Fixtures.bob))
    let there = InMemoryDeviceStore()
    #expect(try await !there.keepsState(of: Fixtures.bob))

    #expect(try await bob.handOver(to: there, arrivingAt: "elsewhere.sqlite", following: home))
    let handed = try #require(try await there.loadState(of: Fixtures.bob))
    #expect(handed.householdID == home && handed.movedTo == "elsewhere.sqlite")
    #expect(handed.outbox == kept.outbox && handed.outbox.count == 1)
    #expect(handed.cursor == kept.cursor)
    // NB: its own store forgets it, and the device follows nothing.
    #expect(try await here.loadState(of: Fixtures.bob)?.householdID == nil)
    #expect(await bob.snapshot().household == nil)
    // NB: handed again, or by a device following nothing, nothing moves.
    #expect(try await !bob.handOver(to: there, arrivingAt: "elsewhere.sqlite"))
    #expect(try await there.loadState(of: Fixtures.bob) == handed)
  }

  @Test func test_AC_DEV_22_aStateAlreadyThereIsNeverOverwritten() async throws {
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 23))
    let (bob, home) = try await bobsPhone(on: backend, keptIn: InMemoryDeviceStore())
    let there = InMemoryDeviceStore()
    let theirs = DeviceState(following: home)
    try await there.saveState(theirs, previous: nil, of: Fixtures.bob)
    #expect(try await there.keepsState(of: Fixtures.bob))
    _ = try await bob.handOver(to: there, arrivingAt: "elsewhere.sqlite")
    #expect(try await there.loadState(of: Fixtures.bob) == theirs)
    // NB: a device following another household than the one named hands nothing over.
    let (other, _) = try await bobsPhone(
      on: InMemoryBackend(clock: clock), keptIn: InMemoryDeviceStore())
    let empty = InMemoryDeviceStore()
    #expect(try await !other.handOver(to: empty, arrivingAt: "x.sqlite", following: home))
    #expect(try await !empty.keepsState(of: Fixtures.bob))
  }
}
