import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct PushDeliveryTests {
  let clock = ManualWallClock(Fixtures.start)

  func couple(_ backend: InMemoryBackend) async throws -> HouseholdID {
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
    _ = try await backend.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
    return creation.household.id
  }

  @Test func test_AC_SYNC_12_pushesReachMembersOnlyAndWaitForOfflineDevices() async throws {
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 3))
    let home = try await couple(backend)
    let bobs = PushInbox(await backend.subscribe(as: "bob"))
    let other = try await backend.createHousehold(
      name: "Away", timeZone: "UTC", displayName: "Carol", as: "carol")
    let carols = PushInbox(await backend.subscribe(as: "carol"))

    let first = try await backend.addCard(CardDraft(title: "Bottles washed"), to: home, as: "alice")
    #expect(try await bobs.next()?.card?.id == first.id)

    await backend.setOnline(false, account: "bob")
    await #expect(throws: TeammateError.unavailable) {
      try await backend.addCard(CardDraft(title: "Lost"), to: home, as: "bob")
    }
    let second = try await backend.addCard(
      CardDraft(title: "Stroller fixed"), to: home, as: "alice")
    #expect(
      try await backend.cards(in: home, as: "alice").map(\.title) == [
        "Bottles washed", "Stroller fixed",
      ])
    await backend.setOnline(true, account: "bob")
    #expect(try await bobs.next()?.card?.id == second.id)

    // Carol's first push is her own household's change: none of Home's reached her.
    let hers = try await backend.addCard(
      CardDraft(title: "Mine"), to: other.household.id, as: "carol")
    #expect(try await carols.next()?.card?.id == hers.id)
  }

  @Test func heldPushesArriveReversedAndTwiceAndTheDeviceCopes() async throws {
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 4))
    let home = try await couple(backend)
    let device = Device(
      account: "bob", backend: backend, clock: clock, scheduler: InMemoryNotificationScheduler())
    _ = try await device.sync()
    let pushes = PushInbox(await backend.subscribe(as: "bob"))
    await backend.holdDeliveries()
    let card = try await backend.addCard(CardDraft(title: "Nap"), to: home, as: "alice")
    _ = try await backend.editCard(card.id, CardEdit(title: .set("Long nap")), as: "alice")
    // Coming back online does not end a hold the simulation asked for.
    await backend.setOnline(false, account: "bob")
    await backend.setOnline(true, account: "bob")
    await backend.release(order: .reversed, duplicated: true)
    var received: [Int64] = []
    for _ in 0..<4 {
      guard let change = try await pushes.next() else { break }
      received.append(change.sequence)
      try await device.receive(change)
    }
    #expect(received == [4, 4, 3, 3])
    #expect(await device.state.cards[card.id]?.title == "Long nap")
    #expect(try await device.sync().pulled == 2)
    #expect(await device.state.cards[card.id]?.revision == 2)
  }
}
