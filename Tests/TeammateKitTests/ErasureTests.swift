import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// An erased account's names: the rule that rewrites documents, and what the wordings call
/// the former member.
@Suite struct ErasureTests {
  @Test func test_AC_PORT_05_anErasedUidBecomesTheFormerMemberAndNothingElseChanges() throws {
    let alice: AccountID = "alice"
    let texts: [(String, String)] = [
      (#"{"createdBy":"alice","title":"alice"}"#, #"{"createdBy":"~former","title":"~former"}"#),
      (#"{"title":"call alice's mum"}"#, #"{"title":"call alice's mum"}"#),
      (#"{"by":"alicea","ackBy":"malice"}"#, #"{"by":"alicea","ackBy":"malice"}"#),
      (#"{"note":"say \"alice\" twice"}"#, #"{"note":"say \"alice\" twice"}"#),
      (#"["bob","alice"]"#, #"["bob","~former"]"#),
      // Her display name goes where a household kept her as a member, and only there.
      (
        #"{"members":[{"uid":"alice","displayName":"Al \"A\""},{"uid":"bob","displayName":"Bob"}],"title":"Al"}"#,
        #"{"members":[{"uid":"~former","displayName":"~former"},{"uid":"bob","displayName":"Bob"}],"title":"Al"}"#
      ),
      (
        #"{"household": {"members": [{"displayName": "Alice", "settings": {"x": [1]}, "uid": "alice"}]}, "note": "Alice"}"#,
        #"{"household": {"members": [{"displayName": "~former", "settings": {"x": [1]}, "uid": "~former"}]}, "note": "Alice"}"#
      ),
    ]
    for (text, erased) in texts {
      #expect(Erasure.erasing(alice, in: text) == erased, "\(text)")
    }
    #expect(Erasure.formerMember.rawValue == "~former")

    // A value: every field that named her, none that did not.
    let card = Card(
      id: "c1", householdID: Fixtures.householdID, kind: .task, title: "Ask alice",
      assignee: alice, createdBy: alice, lastEditedBy: alice, createdAt: Fixtures.start,
      ackBy: Fixtures.bob)
    let erased = try Erasure.erasing(alice, in: card)
    #expect(erased.createdBy == Erasure.formerMember && erased.lastEditedBy == Erasure.formerMember)
    #expect(erased.assignee == Erasure.formerMember && erased.ackBy == Fixtures.bob)
    #expect(erased.title == "Ask alice" && erased.revision == card.revision)
    #expect(try Erasure.erasing(Fixtures.carol, in: card) == card)

    // The wordings' name for them, and the news that tells the partner.
    let news = PartnerNews(kind: .erased, actor: Erasure.formerMember, at: Fixtures.start)
    let english = EnglishWording()
    let chinese = TraditionalChineseWording()
    #expect(english.formerMember == "a former member" && chinese.formerMember == "前成員")
    #expect(
      english.news(news, by: english.formerMember)
        == "A former member erased their account; what they wrote stays")
    #expect(chinese.news(news, by: chinese.formerMember) == "前成員刪除了帳號，寫下的內容仍在")
  }
}
