import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The embedding article's example of telling the partner's news, run as written.
@Suite struct NewsExampleTests {
  @Test func test_AC_DEV_09_theArticlesNewsExampleCompilesAndTellsThePartnersAct() async throws {
    let clock = ManualWallClock(Fixtures.date("2026-12-01T13:00:00+08:00"))
    let (cloud, creation) = try await Fixtures.couple(
      clock: clock, seed: 9, names: ("小美", "阿明"), householdName: "家")
    let uid = Fixtures.bob
    let phone = Device(
      account: uid, backend: cloud, clock: clock, scheduler: PhoneShapedNotificationCentre(),
      wording: .traditionalChinese)
    _ = try await cloud.addCard(
      CardDraft(title: "接小孩"), to: creation.household.id, as: Fixtures.alice)
    _ = try await phone.sync()
    var shown: [[String]] = []
    func show(_ lines: [String]) { shown.append(lines) }

    // The article's lines, as written there:
    for await snapshot in await phone.snapshots() {
      let partner = snapshot.household?.partner(of: uid)?.displayName ?? phone.wording.partner
      let lines = snapshot.news.map { phone.wording.news($0, by: partner) }
      show(lines)
      try await phone.markNewsSeen(snapshot.news)
      break
    }

    #expect(shown == [["小美記錄了「接小孩」"]])
    #expect(await phone.news.isEmpty)
    // NB: every line of the article's example is a line of this test.
    let article = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent(
          "../../Sources/TeammateKit/TeammateKit.docc/EmbeddingTeammateKit.md"
        )
        .standardized, encoding: .utf8)
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let example = try #require(
      article.components(separatedBy: "### Telling the partner's news").last?
        .components(separatedBy: "```swift\n").dropFirst().first?
        .components(separatedBy: "```").first)
    let lines = example.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.count == 6)
    for line in lines where line != "}" {
      #expect(source.contains(line), "the article's line is not run here: \(line)")
    }
  }
}
