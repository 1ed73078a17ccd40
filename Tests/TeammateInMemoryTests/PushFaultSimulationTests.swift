import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// Pushes late, doubled, reversed or missed while offline: an in-memory backend's faults.
@Suite struct PushFaultSimulationTests {
  @Test(arguments: 1...6)
  func test_AC_SYNC_20_pushesLateTwiceReversedOrMissedStillConverge(seed: UInt64) async throws {
    let clock = ManualWallClock(Fixtures.start)
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: seed))
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
    _ = try await backend.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
    let home = creation.household.id
    let phone = Device(
      account: "bob", backend: backend, clock: clock, scheduler: InMemoryNotificationScheduler())
    _ = try await phone.sync()
    let pushes = PushInbox(await backend.subscribe(as: "bob"))
    var random = SeededRandomNumberGenerator(seed: seed &* 7_919)
    var expectedPushes = 0
    for round in 0..<8 {
      await backend.holdDeliveries()
      if random.below(3) == 0 { await backend.setOnline(false, account: "bob") }
      var changes = 0
      for index in 0..<5 {
        let card = try await backend.addCard(
          CardDraft(title: "r\(round)c\(index)"), to: home, as: "alice")
        changes += 1
        if random.below(2) == 0 {
          _ = try await backend.editCard(card.id, CardEdit(title: .set("edited")), as: "alice")
          changes += 1
        }
      }
      await backend.setOnline(true, account: "bob")
      let duplicated = random.below(2) == 0
      let order: DeliveryOrder = random.below(2) == 0 ? .asSent : .reversed
      await backend.release(order: order, duplicated: duplicated)
      expectedPushes += duplicated ? 2 * changes : changes
    }
    for _ in 0..<expectedPushes {
      guard let change = try await pushes.next() else { break }
      try await phone.receive(change)
    }
    let cards = try await backend.cards(in: home, as: "bob").sorted {
      ($0.createdAt, $0.id) < ($1.createdAt, $1.id)
    }
    #expect(await phone.state.sortedCards == cards)
    _ = try await phone.sync()
    #expect(await phone.state.sortedCards == cards)
  }
}
