import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// Documents on the client: each household decoded once in a process, each document a write
/// stores encoded once.
@Suite struct PostgresDocumentTests {
  @Test func test_AC_PG_30_aHouseholdIsDecodedOnceInAProcessForEachStoredForm() async throws {
    let url = try PostgresTests.store()
    let clock = ManualWallClock(Fixtures.start)
    let setup = try PostgresBackend(url: url, clock: clock)
    let (home, _) = try await PostgresTests.homeAndOther(on: setup)
    let cache = DecodedHouseholds(bytes: 1 << 20)
    let memory = PostgresHouseholdMemory(documents: cache, heads: HouseholdHeads(bytes: 1 << 20))
    let first = try PostgresBackend(url: url, clock: clock, memory: memory)
    let second = try PostgresBackend(url: url, clock: clock, memory: memory)

    _ = try await first.addCard(CardDraft(title: "Diapers"), to: home, as: Fixtures.alice)
    #expect(cache.decodes == 1)
    // NB: the other backend reads the same text: no decode.
    _ = try await second.addCard(CardDraft(title: "Wipes"), to: home, as: Fixtures.alice)
    #expect(cache.decodes == 1)
    // NB: a household a write stores is known by its new text.
    let renamed = try await first.updateHousehold(
      home, name: "Our home", timeZone: nil, as: Fixtures.alice)
    let card = try await second.addCard(CardDraft(title: "Milk"), to: home, as: Fixtures.alice)
    #expect(cache.decodes == 1)
    #expect(card.householdID == renamed.id)
    #expect(try await second.household(home, as: Fixtures.alice).name == "Our home")
    #expect(cache.decodes == 1)
  }

  @Test func test_AC_PG_30_backendsShareWhatTheirMemoryKeepsAndNoOther() async throws {
    let url = try PostgresTests.store()
    let clock = ManualWallClock(Fixtures.start)
    let setup = try PostgresBackend(url: url, clock: clock)
    let (home, _) = try await PostgresTests.homeAndOther(on: setup)
    let memory = PostgresHouseholdMemory(
      documents: DecodedHouseholds(bytes: 1 << 20), heads: HouseholdHeads(bytes: 1 << 20))
    let first = try PostgresBackend(url: url, clock: clock, memory: memory)
    let second = try PostgresBackend(url: url, clock: clock, memory: memory)
    let apart = try PostgresBackend(url: url, clock: clock)
    _ = try await first.addCard(CardDraft(title: "Diapers"), to: home, as: Fixtures.alice)
    _ = try await second.addCard(CardDraft(title: "Wipes"), to: home, as: Fixtures.alice)
    #expect(memory.documents.decodes == 1)
    // NB: a backend given no memory keeps its own: what it writes is not in the shared one.
    _ = try await apart.updateHousehold(home, name: "Our home", timeZone: nil, as: Fixtures.alice)
    _ = try await first.addCard(CardDraft(title: "Milk"), to: home, as: Fixtures.alice)
    #expect(memory.documents.decodes == 2)
  }

  @Test func test_AC_PG_30_aFullCacheLetsGoUntilTheNewOneFits() throws {
    // NB: "Home n" is counted for 2 × 6 + 256 = 268 bytes: two fit in 600, three do not.
    let cache = DecodedHouseholds(bytes: 600, stripes: 1)
    let households = (0..<3).map { index in
      Household(
        id: HouseholdID("h\(index)"), name: "Home \(index)", timeZone: "UTC",
        createdBy: Fixtures.alice, createdAt: Fixtures.start, members: [])
    }
    for household in households {
      _ = try cache.household(household.id, stored: household.name) { _ in household }
    }
    #expect(cache.count == 2)
    #expect(cache.decodes == 3)
    // NB: the newest is kept; asking for it again decodes nothing.
    let newest = try cache.household("h2", stored: "Home 2") { _ in
      Issue.record("decoded again")
      return households[0]
    }
    #expect(newest == households[2])
    #expect(cache.decodes == 3)
    // NB: another text of a kept household is decoded, and kept in its place.
    var renamed = households[2]
    renamed.name = "Our home"
    _ = try cache.household("h2", stored: "Our home") { _ in renamed }
    #expect(cache.decodes == 4)
    #expect(cache.count == 2 && cache.bytes == 268 + DecodedHouseholds.cost(of: "Our home"))
    // NB: a document larger than the whole share is not kept, and lets nothing go.
    let large = String(repeating: "x", count: 600)
    var tall = households[0]
    tall.id = "h9"
    _ = try cache.household("h9", stored: large) { _ in tall }
    #expect(cache.count == 2)
    #expect(try cache.household("h2", stored: "Our home") { _ in households[0] } == renamed)
  }

  @Test func test_AC_PG_30_fiftyTasksAtOnceFindOnlyWhatWasKeptForEachHousehold() async throws {
    let cache = DecodedHouseholds(bytes: 8_192, stripes: 4)
    let heads = HouseholdHeads(bytes: 2_048)
    // NB: each task works on its own household and on one it shares with the others.
    let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<50 {
        group.addTask {
          var wrong = 0
          for round in 0..<200 {
            let id = HouseholdID(round % 2 == 0 ? "h\(task)" : "shared")
            let name = "\(id.rawValue) \(round % 3)"
            let household = Household(
              id: id, name: name, timeZone: "UTC", createdBy: Fixtures.alice,
              createdAt: Fixtures.start, members: [])
            cache.keep(household, as: name)
            let read = try cache.household(id, stored: name) { _ in household }
            if read.id != id || read.name != name { wrong += 1 }
            heads.record(HouseholdHead(id: id, text: name, last: Int64(round)))
            if let head = heads.head(of: id), head.id != id { wrong += 1 }
            if round % 5 == 0 { heads.forget(id) }
          }
          return wrong
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(mismatches == 0)
    #expect(cache.bytes <= 8_192 && cache.count > 0)
  }

  @Test func test_AC_PG_31_aReceiptIsPutTogetherFromTheTextsItsDocumentsWereStoredAs()
    async throws
  {
    let url = try PostgresTests.store()
    let clock = ManualWallClock(Fixtures.start)
    let backend = try PostgresBackend(
      url: url, clock: clock, random: SeededRandomNumberGenerator(seed: 31))
    let (home, _) = try await PostgresTests.homeAndOther(on: backend)
    let entry = OutboxEntry(
      id: "w1", householdID: home, write: .addCard(CardDraft(title: "Diapers")),
      madeAt: Fixtures.start)
    let before = await backend.counts().documentsEncoded
    let answer = try await backend.submit(entry, as: Fixtures.alice)
    // NB: its card and its change, once each; the receipt is made of them.
    #expect(await backend.counts().documentsEncoded - before == 2)
    guard case .applied(let cards, _, _, let changes) = answer else {
      Issue.record("not applied: \(answer)")
      return
    }

    let raw = try PostgresConnection(url: url)
    let stored = try raw.query(
      """
      SELECT (SELECT outcome FROM write_receipts WHERE write_id = 'w1') AS outcome,
        (SELECT body FROM cards WHERE id = \(cards[0].id.rawValue)) AS card,
        (SELECT body FROM changes WHERE household_id = \(home.rawValue)
          AND sequence = \(changes[0].sequence)) AS change
      """)
    let outcome = try stored.text(0, "outcome")
    #expect(outcome.contains(try stored.text(0, "card")))
    #expect(outcome.contains(try stored.text(0, "change")))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(outcome == String(decoding: try encoder.encode(answer), as: UTF8.self))
    #expect(try await backend.submit(entry, as: Fixtures.alice) == answer)
  }

  @Test func test_AC_PG_31_theReceiptsTextIsWhatEncodingTheAnswerGives() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    func text(_ value: some Encodable) throws -> String {
      String(decoding: try encoder.encode(value), as: UTF8.self)
    }
    let cards = ["Diapers", "Wipes"].enumerated().map { index, title in
      Card(
        id: CardID("c\(index)"), householdID: "h", kind: .task, title: title,
        createdBy: Fixtures.alice, createdAt: Fixtures.start)
    }
    let changes = cards.enumerated().map { index, card in
      Change(
        sequence: Int64(index + 7), householdID: "h", actor: Fixtures.alice, at: Fixtures.start,
        kind: .cardAdded, needsKnowing: true, card: card)
    }
    var stored = StoredTexts()
    for card in cards { stored.stored(card, as: try text(card)) }
    for change in changes { stored.stored(change, as: try text(change)) }

    for outcome in [
      WriteOutcome.applied(cards: cards, household: nil, changes: changes),
      .applied(cards: [cards[1]], household: nil, changes: [changes[1]]),
      .applied(cards: [], household: nil, changes: []),
    ] {
      #expect(stored.text(of: outcome) == (try text(outcome)))
    }
    // NB: what was not stored as it is, or holds more than cards and changes, is encoded.
    var edited = cards[0]
    edited.title = "Milk"
    #expect(stored.text(of: .applied(cards: [edited], household: nil)) == nil)
    var renumbered = changes[0]
    renumbered.sequence = 99
    #expect(stored.text(of: .applied(cards: [], household: nil, changes: [renumbered])) == nil)
    let household = Household(
      id: "h", name: "Home", timeZone: "UTC", createdBy: Fixtures.alice,
      createdAt: Fixtures.start, members: [])
    #expect(stored.text(of: .applied(cards: cards, household: household)) == nil)
    #expect(stored.text(of: .refused(.cardNotFound("c0"))) == nil)
  }
}
