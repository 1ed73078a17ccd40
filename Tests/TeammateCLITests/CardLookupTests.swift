import Foundation
import TeammateCLI
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct CardLookupTests {
  let cards = ["k3f9a2bc", "k3f9zz11", "m7p2q4r8"].map { Fixtures.card(CardID($0)) }

  @Test func test_AC_CARD_09_uniquePrefixNamesACard() throws {
    #expect(try CardLookup.resolve("m7", among: cards).id == "m7p2q4r8")
    #expect(try CardLookup.resolve(" K3F9A ", among: cards).id == "k3f9a2bc")
    #expect(try CardLookup.resolve("k3f9zz11", among: cards).id == "k3f9zz11")
    #expect(throws: TeammateError.ambiguousCardID("k3f9", matches: ["k3f9a2bc", "k3f9zz11"])) {
      try CardLookup.resolve("k3f9", among: cards)
    }
    #expect(throws: TeammateError.cardNotFound("zz")) { try CardLookup.resolve("zz", among: cards) }
    #expect(throws: TeammateError.cardNotFound("")) { try CardLookup.resolve("", among: cards) }
  }

  @Test func test_AC_CARD_09_anAmbiguousPrefixNamesTheFirstFive() {
    let many = (0..<7).map { Fixtures.card(CardID("aa\(6 - $0)")) }
    let error = TeammateError.ambiguousCardID("aa", matches: (0..<7).map { CardID("aa\($0)") })
    #expect(throws: error) { try CardLookup.resolve("aa", among: many) }
    #expect(
      error.description == "'aa' matches 7 cards (aa0, aa1, aa2, aa3, aa4); type more of the id")
  }
}
