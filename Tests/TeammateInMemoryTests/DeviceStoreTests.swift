import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// A device saves itself within its turn, and a save that fails fails the call.
@Suite struct DeviceStoreTests {
  let clock = ManualWallClock(Fixtures.start)

  @Test func test_AC_DEV_11_aDeviceSavesInItsTurnAndAFailedSaveFailsTheCall() async throws {
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 11))
    let home = try await backend.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice"
    ).household.id
    let store = InMemoryDeviceStore()
    let alice = try await Device(
      account: "alice", backend: backend, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock), store: store,
      random: SeededRandomNumberGenerator(seed: 1))
    _ = try await alice.sync()
    #expect(try await store.loadState(of: "alice") == (await alice.state))
    let crib = try await alice.addCard(CardDraft(title: "Crib"))
    #expect(try await store.loadState(of: "alice") == (await alice.state))

    // NB: no save succeeds: the write is refused before it is sent, and nothing stays.
    await store.failSaves(after: 0)
    await #expect(throws: DeviceNotSaved.self) {
      _ = try await alice.addCard(CardDraft(title: "Wipes"))
    }
    #expect(await alice.state.outbox.isEmpty)
    #expect(await alice.cards.values.map(\.title) == ["Crib"])
    #expect(try await backend.cards(in: home, as: "alice").map(\.id) == [crib.id])

    // NB: the write is kept, then sent, then the turn's save fails: the device is back at
    // the write kept, which the next sync sends again and the backend answers once.
    await store.failSaves(after: 1)
    await #expect(throws: DeviceNotSaved.self) {
      _ = try await alice.addCard(CardDraft(title: "Wipes"))
    }
    #expect(await alice.state.outbox.count == 1)
    await store.failSaves(after: nil)
    let report = try await alice.sync()
    #expect(report.outbox == 0)
    let titles = try await backend.cards(in: home, as: "alice").map(\.title)
    #expect(titles.sorted() == ["Crib", "Wipes"])
    #expect(try await store.loadState(of: "alice") == (await alice.state))
  }
}

extension DeviceStoreTests {
  @Test func test_AC_DEV_15_aDeviceKeepsTheNewestNewsOnly() async throws {
    let (backend, creation) = try await Fixtures.couple(clock: clock, seed: 15)
    _ = try await backend.addCards(
      (0..<250).map { CardDraft(title: "Card \($0)") }, to: creation.household.id,
      as: Fixtures.alice)
    let bob = try await Device(
      account: Fixtures.bob, backend: backend, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock), store: InMemoryDeviceStore(),
      random: SeededRandomNumberGenerator(seed: 2))
    let report = try await bob.sync()
    #expect(report.news.filter { $0.kind == .logged }.count == 250)
    let kept = await bob.news
    #expect(kept.count == Device.newsKept)
    #expect(kept.last?.title == "Card 249" && kept.first?.title == "Card 50")
  }
}

extension DeviceStoreTests {
  @Test func test_AC_DEV_16_aRefreshPullsWithoutSendingTheOutbox() async throws {
    let (backend, creation) = try await Fixtures.couple(clock: clock, seed: 16)
    let bob = try await Device(
      account: Fixtures.bob, backend: backend, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock), store: InMemoryDeviceStore(),
      random: SeededRandomNumberGenerator(seed: 3))
    _ = try await bob.sync()
    await bob.setOnline(false)
    _ = try await bob.addCard(CardDraft(title: "Wipes"))
    await bob.setOnline(true)
    let crib = try await backend.addCard(
      CardDraft(title: "Crib"), to: creation.household.id, as: Fixtures.alice)

    let report = try await bob.refresh()
    #expect(report.pulled == 1 && report.outbox == 1 && report.sent == 0)
    #expect(await bob.cards[crib.id]?.title == "Crib")
    #expect(await bob.pending.map(\.id) == [crib.id])
    #expect(await bob.news.map(\.title) == ["Crib"])
    #expect(await bob.state.outbox.count == 1)
    let stored = try await backend.cards(in: creation.household.id, as: Fixtures.bob)
    #expect(stored.map(\.title) == ["Crib"])

    // NB: offline a refresh reaches nothing: it only plans again.
    await bob.setOnline(false)
    _ = try await backend.addCard(
      CardDraft(title: "Bath"), to: creation.household.id, as: Fixtures.alice)
    #expect(try await bob.refresh().pulled == 0)
    #expect(await bob.cards.values.map(\.title).sorted() == ["Crib", "Wipes"])
  }
}

/// A shop's walk, taught by one partner's gets and followed by the other's list.
@Suite struct ShopWalkTests {
  @Test func test_AC_LIST_19_onePartnersGetsTeachTheShopsOrderToBoth() async throws {
    let clock = ManualWallClock(Fixtures.start)
    let (backend, _) = try await Fixtures.couple(clock: clock, seed: 19)
    let store = InMemoryDeviceStore()
    func phone(_ account: AccountID, store: InMemoryDeviceStore = InMemoryDeviceStore())
      async throws -> Device
    {
      try await Device(
        account: account, backend: backend, clock: clock,
        scheduler: InMemoryNotificationScheduler(clock: clock), store: store,
        random: SeededRandomNumberGenerator(seed: UInt64(account.rawValue.utf8.count)))
    }
    let bob = try await phone(Fixtures.bob, store: store)
    let alice = try await phone(Fixtures.alice)
    let items = try await bob.addItems(["onions", "bread", "milk", "diapers", "rice"])
    // NB: a got ticked off with no shop named teaches nothing.
    _ = try await bob.getItems([items[4].id])
    try await bob.enterShop(" Costco")
    #expect(await bob.state.shop == "costco")
    for index in [3, 2, 1, 0] {
      clock.advance(by: 120)
      let got = try await bob.getItems([items[index].id])
      #expect(got.first?.shop == "costco")
    }
    let walked: [ItemCategory] = [.baby, .dairy, .bakery, .produce]
    #expect(Array(await bob.aisles(in: "COSTCO").prefix(4)) == walked)
    _ = try await alice.sync()
    #expect(Array(await alice.aisles(in: "costco").prefix(4)) == walked)
    #expect(await alice.aisles(in: "market") == ItemCategory.standardOrder)
    #expect(await alice.state.shopGets.count == 4)
    // NB: the shop is the device's own, kept across a relaunch until changed.
    let again = try await phone(Fixtures.bob, store: store)
    #expect(await again.state.shop == "costco")
    try await again.enterShop(nil)
    #expect(await again.state.shop == nil)
    let undone = try await again.undoItem(items[0].id)
    #expect(undone.shop == nil)
  }
}
