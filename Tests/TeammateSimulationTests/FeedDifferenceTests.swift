import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateConformance

/// What a failed comparison of feeds prints.
@Suite struct FeedDifferenceTests {
  func change(_ sequence: Int64, _ kind: ChangeKind, card: String? = nil) -> Change {
    Change(
      sequence: sequence, householdID: Fixtures.householdID, actor: Fixtures.alice,
      at: Fixtures.start, kind: kind, needsKnowing: false,
      card: card.map { Fixtures.card(CardID($0), title: String(repeating: "x", count: 4_000)) })
  }

  @Test func test_AC_CONF_05_twoFeedsThatDifferAreToldApartInOneLine() {
    let wanted = [change(1, .householdCreated), change(2, .cardAdded, card: "c1")]
    let got = [change(1, .householdCreated), change(3, .cardAdded, card: "c1")]
    let said = FeedDifference.between(got, wanted)
    #expect(
      said == "2 changes where 2 were wanted; at 1: #3 cardAdded by alice of card c1 at "
        + "revision 1 where #2 cardAdded by alice of card c1 at revision 1 was wanted")
    #expect(
      FeedDifference.between(Array(got.prefix(1)), wanted)
        == "1 changes where 2 were wanted; at 1: nothing where #2 cardAdded by alice of card c1 "
        + "at revision 1 was wanted")
    #expect(FeedDifference.between(wanted, wanted) == nil)
  }
}
