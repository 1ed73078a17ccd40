import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateCLI

/// The fast writer of long card lists writes exactly what the value tree writes.
@Suite struct CardJSONWriterTests {
  @Test(arguments: [
    Fixtures.card("plain"),
    Fixtures.card(
      "full", kind: .task, title: "Quote \" and \\ and \u{1B}[2J", by: "bob",
      time: Fixtures.start + 3_600, assignee: "alice"),
    Fixtures.card("topic", kind: .topic, title: "家 👶", replyBy: Fixtures.start - 86_400 * 400),
  ])
  func test_AC_CLI_23_theFastCardWriterWritesWhatTheDocumentSays(card: Card) {
    var acknowledged = card
    acknowledged.ackBy = "bob"
    acknowledged.ackAt = Fixtures.start + 60
    acknowledged.ackRevision = 1
    acknowledged.note = "line one\nline two"
    for card in [card, acknowledged] {
      for zone in ["Asia/Taipei", "UTC", "America/St_Johns"] {
        let times = TimeText(zone: TimeZone(identifier: zone) ?? .gmt, now: Fixtures.start)
        var bytes: [UInt8] = []
        JSONDocuments.write(card, viewer: "bob", times: times, indent: 2, into: &bytes)
        let tree = JSONDocuments.card(card, viewer: "bob", times: times).text(indent: 2)
        #expect(String(decoding: bytes, as: UTF8.self) == tree, "\(card.id) in \(zone)")
      }
    }
  }
}
