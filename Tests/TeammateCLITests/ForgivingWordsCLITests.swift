import Foundation
import TeammateCLI
import Testing

/// Times and repeats as people type them.
@Suite struct ForgivingWordsCLITests {
  @Test func test_AC_CLI_73_anHourAloneAfterADayAndADayAloneAreRead() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let forms: [(String, String)] = [
      ("tomorrow 9", "Wed 2 Dec 09:00"), ("fri 19", "Fri 4 Dec 19:00"),
      ("next tue 8", "Tue 8 Dec 08:00"), ("2026-12-24 9", "Thu 24 Dec 09:00"),
    ]
    for (text, shown) in forms {
      let added = await scratch.run(
        "alice", ["card", "add", "Vet", "--kind", "event", "--at", text])
      #expect(added.exitCode == 0 && added.stdout.contains(shown), "\(text): \(added.stdout)")
      #expect(added.stderr.isEmpty, "\(text): \(added.stderr)")
    }
    let days: [(String, String)] = [
      ("tomorrow", "Wed 2 Dec 09:00"), ("fri", "Fri 4 Dec 09:00"), ("next fri", "Fri 4 Dec 09:00"),
      ("2026-12-24", "Thu 24 Dec 09:00"),
    ]
    for (text, shown) in days {
      let added = await scratch.run(
        "alice", ["card", "add", "Vet", "--kind", "event", "--at", text])
      #expect(added.exitCode == 0 && added.stdout.contains(shown), "\(text): \(added.stdout)")
      #expect(
        added.stderr.hasPrefix(
          "teammate: warning: '\(text)' has no time of day: read as \(shown) ("),
        "\(text): \(added.stderr)")
    }
  }

  @Test func test_AC_CLI_74_aMistypedDayIsRefusedWithTheNearestReading() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let before = try await scratch.fingerprint()
    for (typed, meant) in [
      ("tomorow 9", "tomorrow 9"), ("fir 18:00", "fri 18:00"), ("next tuseday 8", "next tuesday 8"),
    ] {
      let refused = await scratch.run("alice", ["card", "add", "Vet", "--at", typed])
      #expect(refused.exitCode == 64, "\(typed): \(refused.stderr)")
      #expect(refused.stderr.contains("is not a time: write"), "\(typed)")
      #expect(
        refused.stderr.contains("hint: did you mean '\(meant)'?"), "\(typed): \(refused.stderr)")
    }
    let nothingNear = await scratch.run("alice", ["card", "add", "Vet", "--at", "whenever"])
    #expect(nothingNear.exitCode == 64 && !nothingNear.stderr.contains("did you mean"))
    #expect(
      NSDictionary(dictionary: try await scratch.fingerprint()) == NSDictionary(dictionary: before))
  }

  @Test func test_AC_CLI_75_everyTakesTheWordsPeopleUse() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let forms: [(String, String)] = [
      ("daily", "FREQ=DAILY"), ("weekly", "FREQ=WEEKLY"),
      ("weekly on tue,fri", "FREQ=WEEKLY;BYDAY=TU,FR"),
      ("monthly on last", "FREQ=MONTHLY;BYMONTHDAY=-1"),
      ("fortnightly", "FREQ=WEEKLY;INTERVAL=2"), ("every other week", "FREQ=WEEKLY;INTERVAL=2"),
      ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("weekends", "FREQ=WEEKLY;BYDAY=SA,SU"),
      ("every 2 days", "FREQ=DAILY;INTERVAL=2"), ("every week on tue", "FREQ=WEEKLY;BYDAY=TU"),
    ]
    for (words, rule) in forms {
      let card = try await scratch.card(
        "alice", ["Trash", "--kind", "task", "--at", "tue 19:00", "--every", words])
      #expect((card["repeat"] as? [String: Any])?["rule"] as? String == rule, "\(words)")
    }
  }
}
