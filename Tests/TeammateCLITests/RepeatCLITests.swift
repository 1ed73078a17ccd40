import Foundation
import TeammateCLI
import Testing

@Suite struct RepeatCLITests {
  /// The RRULE a `card add` with these options stores.
  func rule(_ scratch: Scratch, _ options: [String]) async throws -> String? {
    let card = try await scratch.card(
      "alice", ["Trash", "--kind", "task", "--at", "tue 19:00"] + options)
    return (card["repeat"] as? [String: Any])?["rule"] as? String
  }

  @Test func test_AC_CLI_64_everyTakesWordsAndRefusesWhatItDoesNotKnow() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let forms: [([String], String)] = [
      (["--every", "day"], "FREQ=DAILY"),
      (["--every", "2 days"], "FREQ=DAILY;INTERVAL=2"),
      (["--every", "week on tue,fri"], "FREQ=WEEKLY;BYDAY=TU,FR"),
      (["--every", "week on Tuesday, fri"], "FREQ=WEEKLY;BYDAY=TU,FR"),
      (["--every", "2 weeks on sat"], "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA"),
      (["--every", "month on 1"], "FREQ=MONTHLY;BYMONTHDAY=1"),
      (["--every", "month on last", "--times", "3"], "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3"),
      (["--every", "week", "--until", "2027-01-31"], "FREQ=WEEKLY;UNTIL=20270131T155959Z"),
    ]
    for (options, expected) in forms {
      #expect(try await rule(scratch, options) == expected, "\(options)")
    }
    let before = try await scratch.fingerprint()
    let usage: [[String]] = [
      ["--every", "fortnight"], ["--every", "week on funday"], ["--every", "0 days"],
      ["--every", "day on mon"], ["--until", "2027-01-31"], ["--times", "3"],
      ["--every", "day", "--times", "3", "--until", "2027-01-31"], ["--every", "none"],
      ["--every", "day", "--times", "0"],
    ]
    for options in usage {
      let outcome = await scratch.run(
        "alice", ["card", "add", "Trash", "--kind", "task", "--at", "19:00"] + options)
      #expect(outcome.exitCode == 64, "\(options): \(outcome.stderr)")
      #expect(outcome.stderr.hasPrefix("teammate: error: "))
    }
    let fortnight = await scratch.run(
      "alice", ["card", "add", "Trash", "--kind", "task", "--at", "19:00", "--every", "fortnight"])
    #expect(fortnight.stderr.contains("'week on tue,fri'"))
    let note = await scratch.run(
      "alice", ["card", "add", "Milk", "--every", "day", "--at", "9:00"])
    #expect(note.exitCode == 1)
    #expect(note.stderr.contains("only a task or an event can repeat, and this card is a note"))
    let untimed = await scratch.run(
      "alice", ["card", "add", "Milk", "--kind", "task", "--every", "day"])
    #expect(untimed.exitCode == 1 && untimed.stderr.contains("needs a time"))
    #expect(untimed.stderr.contains("hint: give the first occurrence's time with --at"))
    let backwards = await scratch.run(
      "alice",
      [
        "card", "add", "Milk", "--kind", "task", "--at", "19:00", "--every", "day", "--until",
        "2026-11-30",
      ])
    #expect(backwards.exitCode == 1, "\(backwards.stderr)")
    #expect(backwards.stderr.contains("the repeat would end (2026-11-30T23:59:59+08:00) before"))
    #expect(
      NSDictionary(dictionary: try await scratch.fingerprint()) == NSDictionary(dictionary: before))
  }

  @Test func test_AC_CLI_65_listAndShowSayTheRuleInWordsAndTheNextOccurrence() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let trash = try await scratch.card(
      "alice",
      ["Trash", "--kind", "task", "--at", "tue 19:00", "--every", "week on tue,fri"])
    let id = try #require(trash["id"] as? String)
    let repeats = try #require(trash["repeat"] as? [String: Any])
    #expect(repeats["rule"] as? String == "FREQ=WEEKLY;BYDAY=TU,FR")
    #expect(repeats["words"] as? String == "every Tue and Fri at 19:00")
    #expect(trash["next"] as? String == "2026-12-01T19:00:00+08:00")
    let swim = try await scratch.card(
      "alice",
      ["Swimming", "--kind", "event", "--at", "2026-11-28 10:00", "--every", "2 weeks on sat"])
    #expect(swim["next"] as? String == "2026-12-12T10:00:00+08:00")
    #expect(
      (swim["repeat"] as? [String: Any])?["words"] as? String == "every 2 weeks on Sat at 10:00")
    let milk = try await scratch.card("alice", ["Milk"])
    #expect(milk["repeat"] is NSNull && milk["next"] is NSNull)

    let shown = await scratch.run("bob", ["card", "show", id])
    #expect(shown.stdout.contains("  repeats:   every Tue and Fri at 19:00\n"), "\(shown.stdout)")
    #expect(shown.stdout.contains("  next:      Tue 1 Dec 19:00 (in 10 h)\n"))
    let listed = await scratch.run("bob", ["card", "list"])
    #expect(listed.stdout.contains("Sat 12 Dec 10:00 (in 11 d), every 2 weeks on Sat at 10:00"))
    let rent = try await scratch.card(
      "alice",
      [
        "Rent", "--kind", "task", "--at", "2026-12-01 09:00", "--every", "month on last",
        "--times", "12",
      ])
    #expect(
      (rent["repeat"] as? [String: Any])?["words"] as? String
        == "every month on the last day at 09:00, 12 times")
  }

  @Test func test_AC_CLI_66_doneAndSkipMoveOnEditingTheRuleNeedsKnowingAgain() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let trash = try await scratch.card(
      "alice", ["Trash", "--kind", "task", "--at", "tue 19:00", "--every", "week on tue,fri"])
    let id = try #require(trash["id"] as? String)
    #expect(await scratch.run("bob", ["ack", id]).exitCode == 0)
    let done = await scratch.run("bob", ["card", "done", id])
    #expect(done.stdout.hasPrefix("Done, next one: "), "\(done.stdout)")
    #expect(done.stdout.contains("  next:      Fri 4 Dec 19:00 (in 3 d)\n"))
    let skipped = try await scratch.json("alice", ["card", "skip", id])
    let card = try #require(skipped["card"] as? [String: Any])
    #expect(card["next"] as? String == "2026-12-08T19:00:00+08:00")
    #expect(card["done"] as? Bool == false && card["ackBy"] as? String == "bob")
    #expect(try await scratch.json("bob", ["pending"])["badge"] as? Int == 0)
    let milk = try #require(try await scratch.card("alice", ["Milk"])["id"] as? String)
    let refused = await scratch.run("alice", ["card", "skip", milk])
    #expect(refused.exitCode == 1 && refused.stderr.contains("does not repeat"))

    let changed = await scratch.run("alice", ["card", "edit", id, "--every", "2 days"])
    #expect(changed.stdout.hasPrefix("Changed (your partner must know it again)"))
    #expect(try await scratch.json("bob", ["pending"])["badge"] as? Int == 2)
    #expect(await scratch.run("bob", ["ack", "--all"]).exitCode == 0)
    let stopped = try await scratch.json("alice", ["card", "edit", id, "--every", "none"])
    #expect((stopped["card"] as? [String: Any])?["repeat"] is NSNull)
    #expect(try await scratch.json("bob", ["pending"])["badge"] as? Int == 1)
  }
}
