import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct CardTests {
  let now = Fixtures.start
  let household = Fixtures.household()

  func add(_ draft: CardDraft) throws(TeammateError) -> Card {
    try CardRules.add(draft, id: "c1", household: household, by: Fixtures.alice, now: now)
  }

  @Test func test_AC_CARD_01_newCardStartsAtRevisionOneUnacknowledged() throws {
    let card = try add(CardDraft(title: "Bought diapers"))
    #expect(card.kind == .note)
    #expect(card.revision == 1)
    #expect(card.createdBy == Fixtures.alice && card.lastEditedBy == Fixtures.alice)
    #expect(card.createdAt == now && card.lastEditedAt == now)
    #expect(card.ackBy == nil && card.ackAt == nil && card.ackRevision == nil)
    #expect(!card.isDone && !card.isDeleted)
    #expect(card.householdID == household.id)
  }

  @Test(arguments: ["", "   ", "\n\t "])
  func test_AC_CARD_02_titleIsRequired(title: String) throws {
    #expect(throws: TeammateError.emptyTitle) { try add(CardDraft(title: title)) }
    #expect(try add(CardDraft(title: "  Vaccine booked \n")).title == "Vaccine booked")
  }

  @Test func test_AC_CARD_03_titleIsBoundedInCharacters() throws {
    let emoji = String(repeating: "🍼", count: 200)
    #expect(try add(CardDraft(title: emoji)).title == emoji)
    #expect(throws: TeammateError.titleTooLong(length: 201, limit: 200)) {
      try add(CardDraft(title: emoji + "🍼"))
    }
  }

  @Test func test_AC_CARD_04_noteIsBoundedAndBlankMeansNone() throws {
    #expect(try add(CardDraft(title: "t", note: "   ")).note == nil)
    let long = String(repeating: "é", count: 2_001)
    #expect(throws: TeammateError.noteTooLong(length: 2_001, limit: 2_000)) {
      try add(CardDraft(title: "t", note: long))
    }
    #expect(try add(CardDraft(title: "t", note: String(long.dropLast()))).note?.count == 2_000)
  }

  @Test(arguments: [CardKind.note, .task, .event])
  func test_AC_CARD_05_onlyTopicsHaveReplyBy(kind: CardKind) throws {
    #expect(throws: TeammateError.replyByRequiresTopic(kind)) {
      try add(CardDraft(kind: kind, title: "t", replyBy: now))
    }
    let topic = try add(CardDraft(kind: .topic, title: "Daycare?", replyBy: now))
    #expect(topic.replyBy == now)
  }

  @Test func test_AC_CARD_06_assigneeMustBeAMember() throws {
    #expect(throws: TeammateError.assigneeNotMember(Fixtures.carol)) {
      try add(CardDraft(kind: .task, title: "t", assignee: Fixtures.carol))
    }
    #expect(
      try add(CardDraft(kind: .task, title: "t", assignee: Fixtures.bob)).assignee == Fixtures.bob)
    let both = try add(CardDraft(kind: .task, title: "t"))
    #expect(both.concerns(Fixtures.alice) && both.concerns(Fixtures.bob))
  }

  @Test func test_AC_CARD_07_onlyTasksAreDoneAndDoneTwiceIsNoChange() throws {
    let later = now.addingTimeInterval(60)
    #expect(throws: TeammateError.notATask("c1")) {
      try CardRules.setDone(
        Fixtures.card(kind: .note), done: true, by: Fixtures.bob, now: later, in: .gmt)
    }
    let task = Fixtures.card(kind: .task)
    let done = try CardRules.setDone(task, done: true, by: Fixtures.bob, now: later, in: .gmt)
    #expect(done.isDone && done.revision == 2 && done.lastEditedBy == Fixtures.bob)
    #expect(try CardRules.setDone(done, done: true, by: Fixtures.bob, now: later, in: .gmt) == done)
    let undone = try CardRules.setDone(done, done: false, by: Fixtures.alice, now: later, in: .gmt)
    #expect(!undone.isDone && undone.revision == 3)
  }

  @Test func test_AC_CARD_08_deletedCardsAreFinal() throws {
    let later = now.addingTimeInterval(60)
    let deleted = try CardRules.delete(Fixtures.card(), by: Fixtures.bob, now: later)
    #expect(deleted.isDeleted && deleted.revision == 2 && deleted.lastEditedAt == later)
    let refusal = TeammateError.cardDeleted("c1")
    #expect(throws: refusal) {
      try CardRules.edit(
        deleted, with: CardEdit(title: .set("x")), household: household, by: Fixtures.alice,
        now: later)
    }
    #expect(throws: refusal) {
      try CardRules.setDone(deleted, done: true, by: Fixtures.alice, now: later, in: .gmt)
    }
    #expect(throws: refusal) {
      try AcknowledgementRules.acknowledge(deleted, revision: 2, by: Fixtures.alice, now: later)
    }
    #expect(throws: refusal) { try CardRules.delete(deleted, by: Fixtures.alice, now: later) }
  }

  @Test func test_AC_CARD_10_eitherMemberRestoresADeletedCardToKnowAgain() throws {
    var card = Fixtures.card()
    card.ackBy = Fixtures.bob
    card.ackAt = now
    card.ackRevision = 1
    let later = now.addingTimeInterval(60)
    let deleted = try CardRules.delete(card, by: Fixtures.alice, now: later)
    let restored = try CardRules.restore(deleted, by: Fixtures.bob, now: later + 60)
    #expect(!restored.isDeleted && restored.revision == 3)
    #expect(restored.lastEditedBy == Fixtures.bob && restored.lastEditedAt == later + 60)
    #expect(restored.ackBy == nil && restored.ackAt == nil && restored.ackRevision == nil)
    #expect(AcknowledgementRules.isPending(restored, for: Fixtures.alice))
    #expect(throws: TeammateError.cardNotDeleted("c1")) {
      try CardRules.restore(restored, by: Fixtures.alice, now: later)
    }
  }

  @Test func test_AC_CARD_11_textsHaveALimitInBytesToo() throws {
    let stacked = "e" + String(repeating: "\u{0301}", count: 30_000)
    #expect(stacked.count == 1)
    #expect(throws: TeammateError.tooManyBytes("title", bytes: 60_001, limit: 4_000)) {
      try add(CardDraft(title: stacked))
    }
    #expect(throws: TeammateError.tooManyBytes("note", bytes: 60_001, limit: 20_000)) {
      try add(CardDraft(title: "ok", note: stacked))
    }
    let family = String(repeating: "👨‍👩‍👧", count: 200)
    #expect(try add(CardDraft(title: family)).title == family)
  }
}
