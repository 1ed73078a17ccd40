import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct AcknowledgementTests {
  let later = Fixtures.start.addingTimeInterval(600)

  @Test func test_AC_ACK_01_pendingMeansUnacknowledgedNotMineNotDeleted() {
    let fresh = Fixtures.card("a")
    #expect(AcknowledgementRules.isPending(fresh, for: Fixtures.bob))
    #expect(!AcknowledgementRules.isPending(fresh, for: Fixtures.alice))
    var acknowledged = Fixtures.card("b")
    acknowledged.ackBy = Fixtures.bob
    #expect(!AcknowledgementRules.isPending(acknowledged, for: Fixtures.bob))
    var deleted = Fixtures.card("c")
    deleted.isDeleted = true
    #expect(!AcknowledgementRules.isPending(deleted, for: Fixtures.bob))
    let bobs = Fixtures.card("d", by: Fixtures.bob)
    #expect(AcknowledgementRules.isPending(bobs, for: Fixtures.alice))
  }

  @Test func test_AC_ACK_02_badgeIsTheCountOfPending() throws {
    var cards = (0..<5).map { Fixtures.card(CardID("c\($0)"), at: Fixtures.start + Double($0)) }
    cards.append(Fixtures.card("mine", by: Fixtures.bob))
    #expect(AcknowledgementRules.badge(cards: cards, viewer: Fixtures.bob) == 5)
    #expect(AcknowledgementRules.badge(cards: cards, viewer: Fixtures.alice) == 1)
    cards[2] = try AcknowledgementRules.acknowledge(
      cards[2], revision: 1, by: Fixtures.bob, now: later
    ).card
    let pending = AcknowledgementRules.pending(cards: cards, viewer: Fixtures.bob)
    #expect(pending.map(\.id) == ["c0", "c1", "c3", "c4"])
    #expect(AcknowledgementRules.badge(cards: cards, viewer: Fixtures.bob) == pending.count)
  }

  @Test func test_AC_ACK_03_lastEditorCannotAcknowledge() {
    #expect(throws: TeammateError.lastEditorCannotAcknowledge("c1")) {
      try AcknowledgementRules.acknowledge(
        Fixtures.card(), revision: 1, by: Fixtures.alice, now: later)
    }
  }

  @Test func test_AC_ACK_04_acknowledgingRecordsWhoWhenAndRevision() throws {
    let outcome = try AcknowledgementRules.acknowledge(
      Fixtures.card(), revision: 1, by: Fixtures.bob, now: later)
    #expect(outcome.changed)
    #expect(outcome.card.ackBy == Fixtures.bob)
    #expect(outcome.card.ackAt == later)
    #expect(outcome.card.ackRevision == 1)
    #expect(outcome.card.revision == 1)
  }

  @Test func test_AC_ACK_05_staleRevisionIsRefused() throws {
    let edited = try CardRules.edit(
      Fixtures.card(), with: CardEdit(title: .set("Bought two packs")),
      household: Fixtures.household(), by: Fixtures.alice, now: later
    ).card
    #expect(throws: TeammateError.staleAcknowledgement("c1", seen: 1, current: 2)) {
      try AcknowledgementRules.acknowledge(edited, revision: 1, by: Fixtures.bob, now: later)
    }
  }

  @Test func test_AC_ACK_06_acknowledgingTwiceIsHarmless() throws {
    let first = try AcknowledgementRules.acknowledge(
      Fixtures.card(), revision: 1, by: Fixtures.bob, now: later
    ).card
    let again = try AcknowledgementRules.acknowledge(
      first, revision: 1, by: Fixtures.bob, now: later + 300)
    #expect(!again.changed)
    #expect(again.card == first)
  }

  @Test func test_AC_ACK_07_deletedCardCannotBeAcknowledged() {
    var card = Fixtures.card()
    card.isDeleted = true
    #expect(throws: TeammateError.cardDeleted("c1")) {
      try AcknowledgementRules.acknowledge(card, revision: 1, by: Fixtures.bob, now: later)
    }
  }

  @Test func test_AC_ACK_08_partnerMayAcknowledgeANoteOnlyRevision() throws {
    let household = Fixtures.household()
    let acknowledged = try AcknowledgementRules.acknowledge(
      Fixtures.card(), revision: 1, by: Fixtures.bob, now: later
    ).card
    let noted = try CardRules.edit(
      acknowledged, with: CardEdit(note: .set("the big pack")), household: household,
      by: Fixtures.bob, now: later + 60
    ).card
    #expect(noted.ackBy == Fixtures.bob && noted.ackRevision == 1 && noted.revision == 2)
    let outcome = try AcknowledgementRules.acknowledge(
      noted, revision: 2, by: Fixtures.alice, now: later + 120)
    #expect(outcome.changed)
    #expect(outcome.card.ackBy == Fixtures.alice && outcome.card.ackRevision == 2)
  }

  @Test func test_AC_TOPIC_01_acknowledgingATopicAnswersIt() throws {
    let household = Fixtures.household()
    let topic = Fixtures.card(kind: .topic, title: "Daycare or nanny?", replyBy: later + 3_600)
    #expect(!topic.isAnswered)
    let answered = try AcknowledgementRules.acknowledge(
      topic, revision: 1, by: Fixtures.bob, now: later
    ).card
    #expect(answered.isAnswered)
    let reopened = try CardRules.edit(
      answered, with: CardEdit(title: .set("Daycare, nanny or grandma?")), household: household,
      by: Fixtures.alice, now: later + 60
    ).card
    #expect(!reopened.isAnswered)
  }
}
