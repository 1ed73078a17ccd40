import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct CardFilterTests {
  let now = Fixtures.start
  var cards: [Card] {
    var done = Fixtures.card(
      "t2", kind: .task, title: "Dishes", time: now - 60, assignee: "bob", at: now - 800)
    done.isDone = true
    var gone = Fixtures.card("n9", title: "Gone", at: now - 500)
    gone.isDeleted = true
    return [
      Fixtures.card("n1", title: "Bought diapers", by: "bob", at: now - 1_000),
      Fixtures.card(
        "t1", kind: .task, title: "Trash", time: now + 7_200, assignee: "bob", at: now - 900),
      done,
      Fixtures.card("e1", kind: .event, title: "Café visit", time: now + 3_600, at: now - 700),
      Fixtures.card("p1", kind: .topic, title: "Daycare?", replyBy: now + 600, at: now - 600),
      gone,
    ]
  }

  func ids(_ filter: CardFilter) -> [String] { filter.apply(to: cards).map(\.id.rawValue) }

  @Test func test_AC_CARD_12_listsAreNarrowedAndOrderedByTheRules() {
    #expect(ids(CardFilter()) == ["n1", "t1", "t2", "e1", "p1"])
    #expect(ids(CardFilter(kind: .task)) == ["t1", "t2"])
    #expect(ids(CardFilter(pendingFor: "bob")) == ["t1", "t2", "e1", "p1"])
    #expect(ids(CardFilter(completion: .open)) == ["n1", "t1", "e1", "p1"])
    #expect(ids(CardFilter(completion: .done)) == ["t2"])
    #expect(ids(CardFilter(assignee: .account("bob"))) == ["t1", "t2"])
    #expect(ids(CardFilter(assignee: .both)) == ["n1", "e1", "p1"])
    #expect(ids(CardFilter(dueBefore: now + 3_600)) == ["t2", "p1"])
    #expect(ids(CardFilter(search: "CAFE")) == ["e1"])
    #expect(ids(CardFilter(search: "diaper")) == ["n1"])
    #expect(ids(CardFilter(order: .due)) == ["t2", "p1", "e1", "t1", "n1"])
    #expect(!CardFilter(order: .due).narrows && CardFilter(search: "x").narrows)
    #expect(CardFilter.isOverdue(cards[1], now: now + 7_201))
    #expect(!CardFilter.isOverdue(cards[1], now: now + 7_200))
    #expect(!CardFilter.isOverdue(cards[2], now: now))
    #expect(!CardFilter.isOverdue(cards[3], now: now + 86_400))
  }
}
