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
    #expect(
      try ArticleExample.lines(under: "Telling the partner's news", from: #filePath).count == 5)
    #expect(
      try ArticleExample.linesNotRun(under: "Telling the partner's news", by: #filePath) == [])
  }
}
