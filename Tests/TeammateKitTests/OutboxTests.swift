import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct OutboxTests {
  func entry(_ id: WriteID, _ write: DeviceWrite) -> OutboxEntry {
    OutboxEntry(id: id, householdID: Fixtures.householdID, write: write, madeAt: Fixtures.start)
  }

  @Test func test_AC_OUTBOX_01_theViewIsTheBackendsCardsWithTheOutboxOverThem() throws {
    let household = Fixtures.household()
    let card = Fixtures.card()
    let now = Fixtures.start + 3_600
    let made = CardDraft(kind: .task, title: "Diapers", id: "dddddddd")
    let entries = [
      entry("w1", .addCard(made)),
      entry("w2", .editCard("dddddddd", CardEdit(note: .set("big pack")), baseRevision: 1)),
      entry("w3", .acknowledge([CardRevision(card.id, revision: card.revision)])),
      entry("w4", .deleteCard("gone")),
      entry("w5", .updateSettings(NotificationSettings(eventLeadMinutes: 45))),
    ]
    let view = Outbox.view(
      cards: [card.id: card], household: household, entries: entries, viewer: Fixtures.bob,
      now: now)
    #expect(view.cards["dddddddd"]?.note == "big pack")
    #expect(view.cards["dddddddd"]?.revision == 2)
    #expect(view.cards["dddddddd"]?.createdBy == Fixtures.bob)
    #expect(view.cards[card.id]?.ackBy == Fixtures.bob)
    // NB: a write that no longer applies (its card is not there) is left out.
    #expect(view.cards["gone"] == nil && view.cards.count == 2)
    #expect(view.household?.member(Fixtures.bob)?.settings.eventLeadMinutes == 45)

    let untouched = Outbox.view(
      cards: [card.id: card], household: household, entries: [], viewer: Fixtures.bob, now: now)
    #expect(untouched.cards == [card.id: card] && untouched.household == household)
    #expect(throws: TeammateError.cardDeleted(card.id)) {
      var deleted = card
      deleted.isDeleted = true
      _ = try Outbox.apply(
        .editCard(card.id, CardEdit(title: .set("x")), baseRevision: 1),
        to: DeviceView(cards: [card.id: deleted], household: household), viewer: Fixtures.bob,
        now: now)
    }
  }
}
