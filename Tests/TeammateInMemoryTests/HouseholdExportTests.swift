import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// A member takes the whole household away as one document.
@Suite struct HouseholdExportTests {
  let clock = ManualWallClock(Fixtures.start)

  @Test func test_AC_PORT_01_aMemberExportsTheWholeHouseholdAndNothingElse() async throws {
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 41))
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
    let home = creation.household.id
    _ = try await backend.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
    let elsewhere = try await backend.createHousehold(
      name: "Flat", timeZone: "Europe/London", displayName: "Carol", as: "carol")
    _ = try await backend.addCard(CardDraft(title: "Rent"), to: elsewhere.household.id, as: "carol")
    let alice = Device(
      account: "alice", backend: backend, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock))
    let bob = Device(
      account: "bob", backend: backend, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock))
    let checkup = try await alice.addCard(
      CardDraft(kind: .event, title: "Checkup", time: clock.now() + 3_600))
    let nap = try await alice.addCard(CardDraft(title: "Nap"))
    clock.advance(by: 0.2504)
    _ = try await bob.sync()
    _ = try await bob.acknowledge([CardRevision(checkup.id, revision: 1)])
    _ = try await alice.deleteCard(nap.id)
    _ = try await alice.addDish(name: "Curry")
    let milk = try await bob.addItem("milk")
    _ = try await bob.getItems([milk.id])
    _ = try await bob.clearGotItems()
    _ = try await bob.addItem("eggs")

    let document = try await backend.exportHousehold(home, as: "alice")
    #expect(document.format == HouseholdDocument.currentFormat)
    #expect(document.household.members.map(\.uid) == ["alice", "bob"])
    #expect(document.household.dishes.map(\.name.text) == ["Curry"])
    #expect(document.cards.map(\.title).sorted() == ["Checkup", "Nap"])
    #expect(document.cards.first { $0.id == checkup.id }?.ackBy == "bob")
    #expect(document.cards.first { $0.id == nap.id }?.isDeleted == true)
    #expect(document.items.map(\.text.text).sorted() == ["eggs", "milk"])
    let cleared = document.items.first { $0.id == milk.id }?.state
    #expect(cleared == .cleared(by: "bob", at: Fixtures.start + 0.2504))
    let feed = try await backend.changes(in: home, after: 0, limit: 1_000, as: "alice")
    #expect(document.feed.map(\.sequence) == Array(1...Int64(feed.count)))
    #expect(document.feed.map(\.kind) == feed.map(\.kind))
    #expect(document.feed.allSatisfy { $0.householdID == home })
    let bytes = try document.encoded()
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("Rent") && !text.contains("carol") && !text.contains("code"))
    #expect(text.contains("\"at\" : \"2026-12-01T10:00:00.250Z\""), "\(text.prefix(400))")
    // NB: the same household writes the same bytes, and they read back as a document that
    // writes them again (its times to the millisecond).
    #expect(try await backend.exportHousehold(home, as: "bob").encoded() == bytes)
    #expect(try HouseholdDocument(decoding: bytes).encoded() == bytes)

    await #expect(throws: TeammateError.accessDenied(.notAMember(home))) {
      _ = try await backend.exportHousehold(home, as: "carol")
    }
  }
}
