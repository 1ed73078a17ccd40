import Foundation
import TeammateCLI
import Testing

@Suite struct SyncCLITests {
  @Test func test_AC_CLI_13_syncAndNotifications() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let event = try await scratch.card(
      "alice", ["Checkup", "--kind", "event", "--at", "today 15:00"])
    let eventID = try #require(event["id"] as? String)
    let synced = try await scratch.json("bob", ["sync"], now: "2026-12-01T10:00:00+08:00")
    // NB: joining pulled the household already (AC-CLI-77): the card is the one change left.
    #expect(synced["changes"] as? Int == 1)
    #expect(synced["badge"] as? Int == 1)
    #expect(synced["cancelled"] as? [String] == [])
    let scheduled = try #require(synced["scheduled"] as? [[String: Any]])
    #expect(
      scheduled.map { $0["id"] as? String } == [
        "activity:\(eventID)", "event:\(eventID)", "digest",
      ])
    #expect(
      scheduled.first.map { Set($0.keys) } == ["id", "kind", "fireAt", "title", "body", "cardId"])

    let held = try await scratch.json("bob", ["notifications"], now: "2026-12-01T10:01:00+08:00")
    let timeline = try #require(held["notifications"] as? [[String: Any]])
    #expect(
      timeline.map { $0["fireAt"] as? String } == [
        "2026-12-01T14:30:00+08:00", "2026-12-01T20:00:00+08:00",
      ])
    let shown = try await scratch.json(
      "bob", ["notifications", "--delivered"], now: "2026-12-01T10:01:00+08:00")
    #expect(
      (shown["notifications"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["activity"])

    _ = try await scratch.json("alice", ["card", "delete", eventID])
    let again = try await scratch.json("bob", ["sync"], now: "2026-12-01T10:05:00+08:00")
    #expect(again["cancelled"] as? [String] == ["digest", "event:\(eventID)"])
    #expect(again["badge"] as? Int == 0)
    let quiet = try await scratch.json("bob", ["sync"], now: "2026-12-01T10:06:00+08:00")
    #expect(quiet["changes"] as? Int == 0)
    #expect((quiet["scheduled"] as? [Any])?.isEmpty == true)
  }

  @Test func test_AC_CLI_14_settingsShowAndChange() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let shown = try #require(
      try await scratch.json("bob", ["settings"])["settings"] as? [String: Any])
    #expect(shown["digestTime"] as? String == "20:00")
    #expect(shown["quietHours"] as? String == "22:00-07:00")
    #expect(shown["leadMinutes"] as? Int == 30)
    let changed = try #require(
      try await scratch.json(
        "bob",
        [
          "settings", "--digest-time", "21:30", "--quiet", "off", "--lead", "45", "--disable",
          "digest",
        ]
      )["settings"] as? [String: Any])
    #expect(changed["digestTime"] as? String == "21:30")
    #expect(changed["quietHours"] is NSNull)
    #expect(changed["disabled"] as? [String] == ["digest"])
    let alices = try #require(
      try await scratch.json("alice", ["settings"])["settings"] as? [String: Any])
    #expect(alices["digestTime"] as? String == "20:00")
    for bad in [
      ["--quiet", "22-07"], ["--lead", "soon"], ["--enable", "push"], ["--lead", "-1"],
    ] {
      let outcome = await scratch.run("bob", ["settings"] + bad)
      #expect(outcome.exitCode == 64, "\(bad): \(outcome.stderr)")
    }
    let kept = try #require(
      try await scratch.json("bob", ["settings"])["settings"] as? [String: Any])
    #expect(kept["leadMinutes"] as? Int == 45)
  }
}
