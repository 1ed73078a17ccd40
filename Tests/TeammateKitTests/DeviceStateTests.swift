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
}
