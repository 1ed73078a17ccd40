import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateInMemory

/// A write that throws after it has written leaves nothing in memory, as a store's rolled-back
/// transaction leaves nothing on disk.
@Suite struct InMemoryRollbackTests {
  /// Everything the storage answers about the couple's household, for comparing.
  struct Seen: Equatable {
    var household: Household?
    var householdOfCarol: HouseholdID?
    var cards: [Card]
    var items: [ShoppingItem]
    var feed: [Change]
    var invite: InviteCode?
    var failures: [Date]
    var owner: AccountID?
    var receipt: WriteOutcome?
    var milk: ShoppingItem?
  }

  struct Planted: Error {}

  @Test func test_AC_STORE_24_aWriteThatThrowsAfterWritingLeavesNothingInMemory() async throws {
    let clock = ManualWallClock(Fixtures.start)
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 24))
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: Fixtures.alice)
    let home = creation.household.id
    _ = try await backend.join(
      code: creation.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    let card = try #require(
      try await backend.addCards([CardDraft(title: "Checkup")], to: home, as: Fixtures.alice)
        .first)
    var random = SeededRandomNumberGenerator(seed: 25)
    let entry = OutboxEntry(
      id: "w-milk", householdID: home,
      write: .addItems([ItemDraft(id: .random(using: &random), text: "milk")]),
      madeAt: Fixtures.start)
    let answer = try await backend.submit(entry, as: Fixtures.bob)
    try await backend.keepAReceiptAndAFailure(card, in: home)
    let before = try await backend.seen(home)
    let last = try #require(before.feed.last?.sequence)
    #expect(before.milk != nil && before.receipt != nil && !before.failures.isEmpty, "\(answer)")

    // NB: every kind of write the storage makes, then a refusal found too late.
    await #expect(throws: Planted.self) { try await backend.writeEverythingThenThrow(card, home) }
    #expect(try await backend.seen(home) == before)
    // NB: and the writes that change too much to name one by one.
    await #expect(throws: Planted.self) { try await backend.deleteMoveEraseThenThrow(home) }
    #expect(try await backend.seen(home) == before)

    // NB: the feed goes on after the last change that stayed, and a write that does not
    // throw keeps what it wrote.
    let next = try await backend.addCards([CardDraft(title: "After")], to: home, as: Fixtures.bob)
    let appended = try await backend.seen(home).feed.last
    #expect(appended?.sequence == last + 1 && appended?.card?.id == next.first?.id)
  }
}

extension InMemoryBackend {
  static let credential = Credential(provider: "apple", subject: "carol-1")

  /// Everything the storage answers about `home`, for comparing.
  fileprivate func seen(_ home: HouseholdID) throws -> InMemoryRollbackTests.Seen {
    let storage = self.storage
    return InMemoryRollbackTests.Seen(
      household: storage.household(home), householdOfCarol: storage.householdID(of: "carol"),
      cards: storage.cards(in: home), items: storage.items(on: ShoppingRules.mainList, in: home),
      feed: storage.changes(in: home, after: 0, limit: 1_000),
      invite: storage.inviteCode(of: home), failures: storage.failedJoins(of: "mallory"),
      owner: storage.credentialOwner(Self.credential),
      receipt: storage.receipt(for: "w-1", of: Fixtures.alice, in: home),
      milk: storage.neededItem(folding: "milk", on: ShoppingRules.mainList, in: home))
  }

  fileprivate func keepAReceiptAndAFailure(_ card: Card, in home: HouseholdID) throws {
    try writing(as: Fixtures.alice) { storage, now, _ in
      storage.recordFailedJoin(of: "mallory", at: now)
      storage.putReceipt(
        .applied(cards: [card], household: nil), for: "w-1", of: Fixtures.alice, in: home)
    }
  }

  fileprivate func writeEverythingThenThrow(_ card: Card, _ home: HouseholdID) throws {
    try writing(as: Fixtures.alice) { storage, now, _ in
      var renamed = try #require(storage.household(home))
      renamed.name = "Elsewhere"
      storage.putHousehold(renamed)
      storage.setHouseholdID(home, of: "carol")
      if let code = storage.inviteCode(of: home) { storage.deleteInvite(code) }
      storage.putInvite(
        Invite(
          code: Fixtures.code("111111"), householdID: home, createdBy: Fixtures.alice,
          createdAt: now, expiresAt: now + 3_600))
      var edited = card
      edited.title = "Edited"
      storage.putCard(edited)
      var added = Fixtures.card("c-new", title: "New")
      added.householdID = home
      storage.putCard(added)
      var milk = try #require(
        storage.neededItem(folding: "milk", on: ShoppingRules.mainList, in: home))
      milk.state = .got(by: Fixtures.alice, at: now)
      storage.putItem(milk)
      storage.putItem(
        ShoppingItem(
          id: "i-new", householdID: home, text: try ItemText("eggs"), addedBy: Fixtures.alice,
          addedAt: now))
      storage.recordFailedJoin(of: "mallory", at: now + 1)
      storage.forgetFailedJoins(of: "mallory", through: now + 1)
      storage.link(Self.credential, to: "carol")
      _ = storage.appendChange(
        Change(
          sequence: 0, householdID: home, actor: Fixtures.alice, at: now, kind: .cardAdded,
          needsKnowing: true, card: edited))
      storage.putReceipt(
        .applied(cards: [], household: nil), for: "w-1", of: Fixtures.alice, in: home)
      storage.forgetReceipts(["w-1"], of: Fixtures.alice, in: home)
      throw InMemoryRollbackTests.Planted()
    }
  }

  fileprivate func deleteMoveEraseThenThrow(_ home: HouseholdID) throws {
    try writing(as: Fixtures.alice) { storage, _, _ in
      try storage.erase(Fixtures.bob, in: home)
      storage.markMoved(home, to: "elsewhere", members: [Fixtures.alice])
      storage.deleteHousehold(home)
      var after = Fixtures.card("c-after")
      after.householdID = home
      storage.putCard(after)
      throw InMemoryRollbackTests.Planted()
    }
  }
}
