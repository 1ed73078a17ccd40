import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// A household that moves while a phone's write waits for an answer it lost.
@Suite struct MovedWriteTests {
  /// Alice's add of milk lands on the store but its reply is lost; then the household moves
  /// to another store, by the backends themselves.
  struct LostThenMoved {
    let clock = ManualWallClock(Fixtures.start)
    let home: HouseholdID
    let new: InMemoryBackend
    let alice: Device
    let store = InMemoryDeviceStore()

    init(seed: UInt64) async throws {
      new = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: seed + 1))
      let (old, creation) = try await Fixtures.couple(clock: clock, seed: seed)
      let home = creation.household.id
      self.home = home
      let network = FaultyBackend(old)
      let alice = try await Device(
        account: Fixtures.alice, backend: network, clock: clock,
        scheduler: PhoneShapedNotificationCentre(), store: store,
        random: SeededRandomNumberGenerator(seed: 1))
      _ = try await alice.sync()
      network.loseReplies(1)
      await #expect(throws: (any Error).self) { _ = try await alice.addItem("milk") }
      let source = try #require(old as? any PortableBackend)
      try await new.importHousehold(
        try await source.exportHousehold(home, as: Fixtures.alice), as: Fixtures.alice)
      try await source.markMoved(home, to: "the new store", as: Fixtures.alice)
      self.alice = alice
    }

    /// Alice's phone opened on the new store with `store`.
    func there(_ store: any DeviceStore) async throws -> Device {
      try await Device(
        account: Fixtures.alice, backend: new, clock: clock,
        scheduler: PhoneShapedNotificationCentre(), store: store,
        random: SeededRandomNumberGenerator(seed: 2))
    }

    /// The texts of the items in the new store's feed.
    func texts() async throws -> [String] {
      try await new.changes(in: home, after: 0, limit: 1_000, as: Fixtures.alice)
        .compactMap { $0.item?.text.text }.sorted()
    }
  }

  @Test func test_AC_PORT_29_aWriteThatFindsTheHouseholdMovedKeepsWhereItWent() async throws {
    let moved = try await LostThenMoved(seed: 29)
    let alice = moved.alice
    #expect(await alice.state.outbox.count == 1)
    await #expect(throws: TeammateError.householdMoved(moved.home, to: "the new store")) {
      _ = try await alice.addItem("eggs")
    }
    #expect(await alice.movedTo == "the new store")
    let there = try await moved.there(moved.store)
    _ = try await there.sync()
    #expect(try await moved.texts() == ["eggs", "milk"])
    #expect(await there.list().map(\.text.text).sorted() == ["eggs", "milk"])
  }

  @Test func test_AC_PORT_30_aDeviceArrivesBeforeItsFirstWriteOnTheNewStore() async throws {
    let moved = try await LostThenMoved(seed: 30)
    let alice = moved.alice
    // NB: as the command line hands a phone's state to the store its household went to.
    var held = await alice.state
    held.movedTo = "the new store"
    let handed = InMemoryDeviceStore()
    try await handed.saveState(held, previous: nil, of: Fixtures.alice)
    let there = try await moved.there(handed)
    _ = try await there.addItem("eggs")
    #expect(try await moved.texts() == ["eggs", "milk"])
    #expect(await there.movedTo == nil)
    let report = try await there.sync()
    #expect(report.news.isEmpty, "\(report.news)")
  }
}
