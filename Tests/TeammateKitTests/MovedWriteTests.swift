import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// A household that moves while a phone's write waits for an answer it lost.
@Suite struct MovedWriteTests {
  @Test func test_AC_PORT_29_aWriteThatFindsTheHouseholdMovedKeepsWhereItWent() async throws {
    let clock = ManualWallClock(Fixtures.start)
    let (old, creation) = try await Fixtures.couple(clock: clock, seed: 29)
    let home = creation.household.id
    let network = FaultyBackend(old)
    let store = InMemoryDeviceStore()
    let alice = try await Device(
      account: Fixtures.alice, backend: network, clock: clock,
      scheduler: PhoneShapedNotificationCentre(), store: store,
      random: SeededRandomNumberGenerator(seed: 1))
    _ = try await alice.sync()
    network.loseReplies(1)
    await #expect(throws: (any Error).self) { _ = try await alice.addItem("milk") }
    #expect(await alice.state.outbox.count == 1)
    // NB: the household moves to another store, by the backends themselves.
    let new = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 30))
    let source = try #require(old as? any PortableBackend)
    try await new.importHousehold(
      try await source.exportHousehold(home, as: Fixtures.alice), as: Fixtures.alice)
    try await source.markMoved(home, to: "the new store", as: Fixtures.alice)
    await #expect(throws: TeammateError.householdMoved(home, to: "the new store")) {
      _ = try await alice.addItem("eggs")
    }
    #expect(await alice.movedTo == "the new store")
    let there = try await Device(
      account: Fixtures.alice, backend: new, clock: clock,
      scheduler: PhoneShapedNotificationCentre(), store: store,
      random: SeededRandomNumberGenerator(seed: 2))
    _ = try await there.sync()
    let feed = try await new.changes(in: home, after: 0, limit: 1_000, as: Fixtures.alice)
    let milk = feed.filter { $0.item?.text.text == "milk" }
    #expect(milk.count == 1, "\(milk.map(\.sequence))")
    #expect(await there.list().map(\.text.text).sorted() == ["eggs", "milk"])
  }

  @Test func test_AC_PORT_30_aDeviceArrivesBeforeItsFirstWriteOnTheNewStore() async throws {
    let clock = ManualWallClock(Fixtures.start)
    let (old, creation) = try await Fixtures.couple(clock: clock, seed: 30)
    let home = creation.household.id
    let network = FaultyBackend(old)
    let store = InMemoryDeviceStore()
    let alice = try await Device(
      account: Fixtures.alice, backend: network, clock: clock,
      scheduler: PhoneShapedNotificationCentre(), store: store,
      random: SeededRandomNumberGenerator(seed: 1))
    _ = try await alice.sync()
    network.loseReplies(1)
    await #expect(throws: (any Error).self) { _ = try await alice.addItem("milk") }
    let new = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 31))
    let source = try #require(old as? any PortableBackend)
    try await new.importHousehold(
      try await source.exportHousehold(home, as: Fixtures.alice), as: Fixtures.alice)
    try await source.markMoved(home, to: "the new store", as: Fixtures.alice)
    // NB: as the command line hands a phone's state to the store its household went to.
    var held = await alice.state
    held.movedTo = "the new store"
    let handed = InMemoryDeviceStore()
    try await handed.saveState(held, previous: nil, of: Fixtures.alice)
    let there = try await Device(
      account: Fixtures.alice, backend: new, clock: clock,
      scheduler: PhoneShapedNotificationCentre(), store: handed,
      random: SeededRandomNumberGenerator(seed: 2))
    _ = try await there.addItem("eggs")
    let feed = try await new.changes(in: home, after: 0, limit: 1_000, as: Fixtures.alice)
    let texts = feed.compactMap { $0.item?.text.text }.sorted()
    #expect(texts == ["eggs", "milk"], "\(feed.map(\.sequence))")
    #expect(await there.movedTo == nil)
    let report = try await there.sync()
    #expect(report.news.isEmpty, "\(report.news)")
  }
}
