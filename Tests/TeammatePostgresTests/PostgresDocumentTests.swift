import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// Documents on the client: each document a write stores encoded once.
@Suite struct PostgresDocumentTests {
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
