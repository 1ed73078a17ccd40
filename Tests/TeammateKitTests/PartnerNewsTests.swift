import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct PartnerNewsTests {
  let home = Fixtures.householdID
  var sequence: Int64 = 0

  mutating func change(
    _ kind: ChangeKind, _ card: Card?, by actor: AccountID = Fixtures.alice,
    household: Household? = nil, fields: [CardRules.CardField] = []
  ) -> Change {
    sequence += 1
    return Change(
      sequence: sequence, householdID: home, actor: actor, at: Fixtures.start + Double(sequence),
      kind: kind, needsKnowing: false, card: card, household: household, fields: fields)
  }

  @Test mutating func test_AC_SYNC_31_oneEntryPerCardWithItsLatestStateAndNoneOfOnesOwn() {
    var nap = Fixtures.card("nap", title: "Nap")
    let logged = change(.cardAdded, nap)
    nap.title = "Long nap"
    nap.revision = 2
    let renamed = change(.cardEdited, nap, fields: [.title])
    var task = Fixtures.card("trash", kind: .task, title: "Trash")
    let added = change(.cardAdded, task, by: Fixtures.bob)
    task.note = "both bins"
    let noted = change(.cardEdited, task, fields: [.note])
    task.time = Fixtures.start + 3_600
    let timed = change(.cardEdited, task, fields: [.time])
    task.isDone = true
    let completed = change(.cardCompleted, task)
    var mine = Fixtures.card("mine", title: "Mine", by: Fixtures.bob)
    let myOwn = change(.cardAdded, mine, by: Fixtures.bob)
    mine.ackBy = Fixtures.alice
    let known = change(.cardAcknowledged, mine)
    var household = Fixtures.household()
    household.name = "Nest"
    let renamedHome = change(.householdUpdated, nil, household: household)
    let changes = [logged, renamed, added, noted, timed, completed, myOwn, known, renamedHome]
    let cards = [nap.id: nap, task.id: task, mine.id: mine]
    let news = PartnerNews.collect(
      changes, viewer: Fixtures.bob, household: Fixtures.household(), after: cards)
    // NB: one entry per act; the same verb again on one card joins its entry, and a card
    // logged and only changed since is news as logged (issue 44: no verb hides another).
    #expect(news.map(\.kind) == [.logged, .changed, .completed, .acknowledged, .renamed])
    #expect(news[0].title == "Long nap" && news[0].cardID == "nap" && news[0].needsKnowing)
    #expect(news[0].changed == [.title])
    #expect(news[1].changed == [.note, .time] && news[1].actor == Fixtures.alice)
    #expect(news[1].at == timed.at)
    #expect(news[2].cardID == "trash" && news[2].at == completed.at && news[2].changed.isEmpty)
    #expect(news[3].cardID == "mine" && !news[3].needsKnowing)
    #expect(news[4].title == "Nest" && !news[4].needsKnowing)
    var moved = household
    moved.name = "Den"
    moved.timeZone = "Europe/Paris"
    let both = change(.householdUpdated, nil, household: moved)
    let twice = PartnerNews.collect(
      [both], viewer: Fixtures.bob, household: household, after: [:])
    #expect(twice.map(\.kind) == [.renamed, .movedTimeZone])
    #expect(twice.map(\.title) == ["Den", "Europe/Paris"])
    task.isDone = false
    let reopened = change(.cardCompleted, task)
    #expect(
      PartnerNews.collect([reopened], viewer: Fixtures.bob, household: nil, after: [:]).map(\.kind)
        == [.reopened])
    let alices = PartnerNews.collect(changes, viewer: Fixtures.alice, household: nil, after: cards)
    #expect(alices.map(\.kind) == [.logged, .logged])
    #expect(alices.map(\.cardID) == ["trash", "mine"])
  }

  @Test mutating func test_AC_SYNC_37_eachDeletionAndRestorationIsToldAsMade() {
    var recycling = Fixtures.card("recycling", kind: .task, title: "Recycling")
    recycling.isDeleted = true
    let deleted = change(.cardDeleted, recycling)
    recycling.isDeleted = false
    recycling.revision = 3
    let restored = change(.cardRestored, recycling, by: Fixtures.bob)
    // Alice deleted it, Bob restored it: Bob is still told she deleted it (issue 44).
    let news = PartnerNews.collect(
      [deleted, restored], viewer: Fixtures.bob, household: Fixtures.household(),
      after: [recycling.id: recycling])
    #expect(news.map(\.kind) == [.deleted] && news.first?.actor == Fixtures.alice)
    // Bob restored it, Alice deleted it again: Alice's deletion is the news Bob reads.
    var again = recycling
    again.isDeleted = true
    let deletedAgain = change(.cardDeleted, again)
    let later = PartnerNews.collect(
      [restored, deletedAgain], viewer: Fixtures.bob, household: Fixtures.household(),
      after: [again.id: again])
    #expect(later.map(\.kind) == [.deleted])
    // Alice restored it and Bob deleted it since: her restoration is still told.
    let hers = change(.cardRestored, recycling)
    let gone = PartnerNews.collect(
      [hers], viewer: Fixtures.bob, household: Fixtures.household(), after: [again.id: again])
    #expect(gone.map(\.kind) == [.restored])
    // Alice deleted it and restored it herself: both acts, in order.
    let both = PartnerNews.collect(
      [deleted, hers], viewer: Fixtures.bob, household: Fixtures.household(),
      after: [recycling.id: recycling])
    #expect(both.map(\.kind) == [.deleted, .restored])
  }
}
