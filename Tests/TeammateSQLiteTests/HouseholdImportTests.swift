import Foundation
import TeammateInMemory
import TeammateKit
import TeammateSQLite
import TeammateTestSupport
import Testing

/// A household document arrives in a store whole, or not at all.
@Suite struct HouseholdImportTests {
  let clock = ManualWallClock(Fixtures.start)

  /// Alice and Bob's household in memory, with a card Bob knows and an item: its document.
  func exported() async throws -> HouseholdDocument {
    let (backend, creation) = try await Fixtures.couple(clock: clock, seed: 42)
    let home = creation.household.id
    let card = try await backend.addCard(CardDraft(title: "Crib"), to: home, as: Fixtures.alice)
    _ = try await backend.acknowledgeCards([CardRevision(card.id, revision: 1)], as: Fixtures.bob)
    let portable = try #require(backend as? any PortableBackend)
    return try await portable.exportHousehold(home, as: Fixtures.alice)
  }

  @Test func test_AC_PORT_02_anImportMakesTheHouseholdWholeOrRefusesAndWritesNothing() async throws
  {
    let document = try await exported()
    let home = document.household.id
    let path = try TemporaryFolder.make().appending("home.sqlite")
    let store = try SQLiteBackend(path: path, clock: clock)

    // NB: the importer must be one of its members.
    await #expect(throws: TeammateError.accessDenied(.notAMember(home))) {
      try await store.importHousehold(document, as: Fixtures.carol)
    }
    try await store.importHousehold(document, as: Fixtures.bob)
    #expect(try await store.household(home, as: Fixtures.alice) == document.household)
    #expect(try await store.householdID(of: Fixtures.bob, as: Fixtures.bob) == home)
    let cards = try await store.cards(in: home, as: Fixtures.bob)
    #expect(cards.map(\.id) == document.cards.map(\.id) && cards.first?.ackBy == Fixtures.bob)
    let feed = try await store.changes(in: home, after: 0, limit: 100, as: Fixtures.alice)
    #expect(feed.map(\.kind) == document.feed.map(\.kind))
    let pending = try await store.cards(in: home, as: Fixtures.alice)
    #expect(AcknowledgementRules.pending(cards: pending, viewer: Fixtures.bob).isEmpty)

    // NB: refused, each leaving the file as it was.
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    await #expect(throws: HouseholdDocumentError.householdAlreadyHere(home)) {
      try await store.importHousehold(document, as: Fixtures.alice)
    }
    var moved = document
    moved.household.id = "elsewhere"
    await #expect(throws: HouseholdDocumentError.memberElsewhere(Fixtures.alice, in: home)) {
      try await store.importHousehold(moved, as: Fixtures.alice)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

    var newer = try JSONSerialization.jsonObject(with: try document.encoded()) as? [String: Any]
    newer?["format"] = HouseholdDocument.currentFormat + 1
    let bytes = try JSONSerialization.data(withJSONObject: newer ?? [:])
    #expect(
      throws: HouseholdDocumentError.formatTooNew(
        HouseholdDocument.currentFormat + 1, newest: HouseholdDocument.currentFormat)
    ) {
      _ = try HouseholdDocument(decoding: bytes)
    }
    #expect(throws: HouseholdDocumentError.self) {
      _ = try HouseholdDocument(decoding: Data("{\"format\": 1}".utf8))
    }
  }
}
