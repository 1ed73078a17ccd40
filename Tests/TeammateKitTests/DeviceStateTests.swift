import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct DeviceStateTests {
  @Test func test_AC_SYNC_24_aChangeAlreadyHeldChangesNothingAndSaysSo() {
    var state = DeviceState()
    let household = Fixtures.household()
    state.householdID = household.id
    var card = Fixtures.card("c1")
    let first = Change(
      sequence: 3, householdID: household.id, actor: Fixtures.alice, at: Fixtures.start,
      kind: .cardAdded, needsKnowing: true, card: card)
    let applied1 = state.apply(first)
    #expect(applied1)
    let applied2 = state.apply(first)
    #expect(!applied2)
    card.title = "Renamed"
    let older = Change(
      sequence: 2, householdID: household.id, actor: Fixtures.alice, at: Fixtures.start,
      kind: .cardEdited, needsKnowing: true, card: card)
    let applied3 = state.apply(older)
    #expect(!applied3)
    #expect(state.cards["c1"]?.title == "Bought diapers")
    let newer = Change(
      sequence: 4, householdID: household.id, actor: Fixtures.alice, at: Fixtures.start,
      kind: .cardEdited, needsKnowing: true, card: card)
    let applied4 = state.apply(newer)
    #expect(applied4)
    #expect(state.cards["c1"]?.title == "Renamed")
    let elsewhere = Change(
      sequence: 9, householdID: Fixtures.otherHouseholdID, actor: Fixtures.alice,
      at: Fixtures.start, kind: .cardEdited, needsKnowing: true, card: Fixtures.card("c2"))
    let applied5 = state.apply(elsewhere)
    #expect(!applied5)
  }

  @Test func test_AC_NOTIF_16_shownRemindersAreRecordedAndForgottenAfterTwoDays() {
    var state = DeviceState()
    let start = Fixtures.start
    let due = PlannedNotification(
      id: "event:e1", kind: .eventReminder, fireAt: start, title: "t", body: "b", cardID: "e1",
      occurrenceAt: start + 1_800)
    let later = PlannedNotification(
      id: "task:t1", kind: .taskDue, fireAt: start + 60, title: "t", body: "b", cardID: "t1")
    state.planned = [due, later]
    state.noteShown(now: start)
    #expect(state.shown == [due.occurrence])
    state.noteShown(now: start + 60)
    #expect(state.shown == [due.occurrence, later.occurrence])
    state.planned = [due]
    let memory = NotificationOccurrence.memory
    #expect(memory == 2 * 24 * 3_600)
    state.noteShown(now: start + 1_800 + memory)
    #expect(state.shown == [due.occurrence])
    state.planned = []
    state.noteShown(now: start + 1_800 + memory + 1)
    #expect(state.shown.isEmpty)
  }

  @Test func test_AC_SYNC_34_aStateSavedBeforeTheNewFieldsOpensWithTheirStartingValues() throws {
    let empty = try JSONDecoder().decode(DeviceState.self, from: Data("{}".utf8))
    #expect(empty == DeviceState())
    #expect(empty.cursor == 0 && empty.shown.isEmpty && empty.planned.isEmpty)
    let old = try JSONDecoder().decode(
      DeviceState.self, from: Data(#"{"cursor": 12, "householdID": "home"}"#.utf8))
    #expect(old.cursor == 12 && old.householdID == "home" && old.waitingActivity.isEmpty)
  }
}
