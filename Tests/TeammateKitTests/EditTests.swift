import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct EditTests {
  let household = Fixtures.household()
  let later = Fixtures.start.addingTimeInterval(3_600)

  /// Alice's task at 18:00, acknowledged by Bob at revision 1.
  var acknowledged: Card {
    var card = Fixtures.card(kind: .task, time: Fixtures.start + 8 * 3_600)
    card.note = "the blue pack"
    card.ackBy = Fixtures.bob
    card.ackAt = Fixtures.start + 60
    card.ackRevision = 1
    return card
  }

  func edit(_ card: Card, _ edit: CardEdit, by editor: AccountID = Fixtures.alice)
    throws(TeammateError) -> CardRules.EditOutcome
  {
    try CardRules.edit(card, with: edit, household: household, by: editor, now: later)
  }

  @Test func test_AC_EDIT_01_realEditRaisesRevisionByOneAndStampsEditor() throws {
    let outcome = try edit(acknowledged, CardEdit(note: .set("the green pack")), by: Fixtures.bob)
    #expect(outcome.changed)
    #expect(outcome.card.revision == 2)
    #expect(outcome.card.lastEditedBy == Fixtures.bob)
    #expect(outcome.card.lastEditedAt == later)
    #expect(outcome.card.createdAt == Fixtures.start && outcome.card.createdBy == Fixtures.alice)
  }

  @Test func test_AC_EDIT_02_titleChangeClearsAcknowledgement() throws {
    let outcome = try edit(acknowledged, CardEdit(title: .set("Buy wipes")))
    #expect(outcome.needsKnowingAgain)
    #expect(
      outcome.card.ackBy == nil && outcome.card.ackAt == nil && outcome.card.ackRevision == nil)
    #expect(AcknowledgementRules.isPending(outcome.card, for: Fixtures.bob))
  }

  @Test(arguments: [nil, Fixtures.start + 9 * 3_600])
  func test_AC_EDIT_03_timeChangeClearsAcknowledgement(time: Date?) throws {
    let outcome = try edit(acknowledged, CardEdit(time: .set(time)))
    #expect(outcome.needsKnowingAgain && outcome.card.ackBy == nil)
    #expect(outcome.card.time == time)
  }

  @Test func test_AC_EDIT_04_assigneeChangeClearsAcknowledgement() throws {
    let outcome = try edit(acknowledged, CardEdit(assignee: .set(Fixtures.bob)))
    #expect(outcome.needsKnowingAgain && outcome.card.ackBy == nil)
    #expect(outcome.card.assignee == Fixtures.bob)
  }

  @Test func test_AC_EDIT_05_noteOnlyChangeKeepsAcknowledgement() throws {
    let outcome = try edit(acknowledged, CardEdit(note: .set(nil)))
    #expect(outcome.changed && !outcome.needsKnowingAgain)
    #expect(outcome.card.note == nil)
    #expect(outcome.card.ackBy == Fixtures.bob && outcome.card.ackRevision == 1)
    #expect(!AcknowledgementRules.isPending(outcome.card, for: Fixtures.bob))
  }

  @Test func test_AC_EDIT_06_noteAndTitleTogetherClearAcknowledgement() throws {
    let outcome = try edit(acknowledged, CardEdit(title: .set("Wipes"), note: .set("any brand")))
    #expect(outcome.needsKnowingAgain && outcome.card.ackBy == nil)
    #expect(outcome.card.revision == 2)
  }

  @Test func test_AC_EDIT_07_editThatChangesNothingIsNotAnEdit() throws {
    let card = acknowledged
    let same = CardEdit(
      title: .set("  \(card.title) "), note: .set(card.note), time: .set(card.time),
      assignee: .set(card.assignee))
    let outcome = try edit(card, same, by: Fixtures.bob)
    #expect(!outcome.changed && !outcome.needsKnowingAgain)
    #expect(outcome.card == card)
    #expect(try edit(card, CardEdit()).card == card)
  }

  @Test func test_AC_EDIT_08_editsAreValidatedLikeNewCards() {
    let card = acknowledged
    #expect(throws: TeammateError.emptyTitle) { try edit(card, CardEdit(title: .set(" "))) }
    #expect(throws: TeammateError.noteTooLong(length: 2_001, limit: 2_000)) {
      try edit(card, CardEdit(note: .set(String(repeating: "x", count: 2_001))))
    }
    #expect(throws: TeammateError.assigneeNotMember(Fixtures.carol)) {
      try edit(card, CardEdit(assignee: .set(Fixtures.carol)))
    }
    #expect(throws: TeammateError.replyByRequiresTopic(.task)) {
      try edit(card, CardEdit(replyBy: .set(later)))
    }
  }
}
