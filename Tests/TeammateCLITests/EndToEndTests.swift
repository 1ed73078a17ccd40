import Foundation
import TeammateKit
import TeammateTestHarness
import Testing

@testable import TeammateCLI

/// The built binary, one process per command, as a person or a script would use it.
@Suite struct EndToEndTests {
  func exec(_ scratch: Scratch, _ account: String, _ arguments: [String], now: String) async throws
    -> CommandOutcome
  {
    var environment = scratch.environment
    environment["TEAMMATE_NOW"] = now
    return try await Binary.run(["--as", account] + arguments, environment: environment)
  }

  func json(_ outcome: CommandOutcome) throws -> [String: Any] {
    #expect(outcome.exitCode == 0, "\(outcome.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
  }

  @Test func test_AC_CLI_16_theWholeStoryThroughTheBinary() async throws {
    let scratch = try Scratch()
    let day = "2026-12-01T"
    let created = try await json(
      try exec(
        scratch, "alice",
        ["--json", "household", "create", "--name", "Home", "--tz", "Asia/Taipei"],
        now: day + "09:00:00+08:00"))
    let code = try #require((created["invite"] as? [String: Any])?["code"] as? String)
    await #expect(
      try exec(scratch, "bob", ["household", "join", code], now: day + "09:05:00+08:00").exitCode
        == 0)
    for (title, extra) in [
      ("Bought diapers", [String]()), ("Checkup", ["--kind", "event", "--at", "tomorrow 09:30"]),
      ("Recycling", ["--kind", "task", "--at", "today 19:00", "--assignee", "partner"]),
    ] {
      await #expect(
        try exec(scratch, "alice", ["card", "add", title] + extra, now: day + "09:10:00+08:00")
          .exitCode == 0)
    }
    await #expect(
      try exec(
        scratch, "bob",
        ["card", "add", "Daycare?", "--kind", "topic", "--reply-by", "tomorrow 21:00"],
        now: day + "09:20:00+08:00"
      ).exitCode == 0)

    let synced = try await json(
      try exec(scratch, "bob", ["--json", "sync"], now: day + "12:00:00+08:00"))
    #expect(synced["badge"] as? Int == 3)
    let pending = try await json(
      try exec(scratch, "bob", ["--json", "pending"], now: day + "12:01:00+08:00"))
    let cards = try #require(pending["cards"] as? [[String: Any]])
    let checkup = try #require(
      cards.first { $0["title"] as? String == "Checkup" }?["id"] as? String)
    await #expect(
      try exec(scratch, "bob", ["ack", "--all"], now: day + "12:02:00+08:00").exitCode == 0)
    await #expect(
      try json(try exec(scratch, "bob", ["--json", "pending"], now: day + "12:03:00+08:00"))[
        "badge"] as? Int == 0)

    let edit = try await exec(
      scratch, "alice", ["card", "edit", checkup, "--title", "Checkup at the clinic"],
      now: day + "12:30:00+08:00")
    #expect(edit.stdout.hasPrefix("Changed (your partner must know it again)"))
    let after = try await json(
      try exec(scratch, "bob", ["--json", "sync"], now: day + "12:40:00+08:00"))
    #expect(after["badge"] as? Int == 1)
    #expect(
      (after["scheduled"] as? [[String: Any]])?.first?["id"] as? String == "activity:\(checkup)")
    let notes = try await exec(scratch, "bob", ["notifications"], now: day + "12:41:00+08:00")
    #expect(notes.stdout.contains("Due now: Recycling"))
    #expect(notes.stdout.contains("Still to talk about: Daycare?"))

    let usage = try await exec(scratch, "bob", ["card", "add"], now: day + "13:00:00+08:00")
    #expect(usage.exitCode == 64 && usage.stdout.isEmpty)
    #expect(
      FileManager.default.createFile(
        atPath: scratch.folder.appending("junk"), contents: Data(repeating: 1, count: 2_048)))
    let junk = try await Binary.run(
      ["--store", scratch.folder.appending("junk"), "--as", "bob", "pending"], environment: [:])
    #expect(junk.exitCode == 74 && junk.stderr.hasPrefix("teammate: error: "))
    let help = try await Binary.run(["--help"], environment: [:])
    #expect(help.exitCode == 0 && help.stdout.hasPrefix("OVERVIEW:") && help.stderr.isEmpty)
  }

  @Test func test_AC_CLI_17_twoProcessesWritingOneStoreBothLand() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    var environment = scratch.environment
    environment["TEAMMATE_USER"] = "alice"
    let script = """
      for i in $(seq 1 40); do "$0" card add "from $1 $i" >/dev/null || exit 1; done
      """
    func writer(_ name: String) throws -> Process {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script, Binary.url.path, name]
      process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
      try process.run()
      return process
    }
    let first = try writer("first")
    let second = try writer("second")
    // NB: waited for off Swift's cooperative threads, which the other tests need meanwhile.
    try await offThePool {
      first.waitUntilExit()
      second.waitUntilExit()
    }
    #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
    let cards = try #require(
      try await scratch.json("alice", ["card", "list"])["cards"] as? [[String: Any]])
    #expect(cards.count == 80)
    #expect(Set(cards.compactMap { $0["title"] as? String }).count == 80)
  }

  @Test func test_AC_CLI_18_demoWalksThroughAndExitsZero() async throws {
    let outcome = try await Binary.run(["demo"], environment: [:])
    #expect(outcome.exitCode == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("$ teammate --as alice household create --name Home"))
    #expect(outcome.stdout.contains("$ teammate --as bob household join "))
    #expect(outcome.stdout.contains("$ teammate --as bob sync"))
    #expect(outcome.stdout.contains("Changed (your partner must know it again)"))
    #expect(outcome.stdout.hasSuffix("Nothing waits for you. Badge: 0\n"))
    #expect(outcome.stdout.contains("Store: a throwaway one, removed afterwards."))
    // NB: AC-CLI-55: no path of the throwaway store either.
    #expect(!outcome.stdout.contains("teammate-demo-") && !outcome.stdout.contains(".sqlite"))
    let scratch = try Scratch()
    let kept = try await Binary.run(["demo", "--store", scratch.store, "--json"], environment: [:])
    #expect(kept.exitCode == 0)
    #expect(FileManager.default.fileExists(atPath: scratch.store))
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any])
    #expect((document["steps"] as? [Any])?.count == DemoScript.steps.count)
    #expect(DemoScript.steps.count == 23)
  }

  @Test func test_AC_CLI_55_theDemoShowsNoInternalIdsAndFailsInOneLine() async throws {
    let scratch = try Scratch()
    let demo = try await Binary.run(["demo", "--store", scratch.store], environment: [:])
    #expect(demo.exitCode == 0, "\(demo.stderr)")
    let household = try await scratch.json("alice", ["household", "show"])
    let id = try #require((household["household"] as? [String: Any])?["id"] as? String)
    #expect(!demo.stdout.contains(id))
    #expect(demo.stdout.contains("Store: \(scratch.store) (kept)"))

    // NB: run again on the kept store, the demo's first step is refused: Alice has a home.
    let again = try await Binary.run(["demo", "--store", scratch.store], environment: [:])
    #expect(again.exitCode == 1)
    #expect(again.stdout.isEmpty)
    #expect(
      again.stderr
        == "teammate: error: demo step 1 ('teammate --as alice household create --name Home "
        + "--tz Asia/Taipei --display-name Alice') failed: "
        + "\(TeammateError.alreadyInHousehold(HouseholdID(id)).description)\n")
  }

  @Test func test_AC_CLI_55_aStepWhoseOutputBelieListsItsWordsFails() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let player = DemoPlayer(store: scratch.store)
    await #expect {
      _ = try await player.run("bob", ["pending"], time: "12:00", step: 7, expects: ["Badge: 3"])
    } throws: { error in
      "\(error)" == "demo step 7 ('teammate --as bob pending') failed: its output does not say "
        + "'Badge: 3'"
    }
    let held = try await player.run(
      "bob", ["pending"], time: "12:00", step: 7, expects: ["Nothing waits for you. Badge: 0"])
    #expect(held.contains("Badge: 0"))
  }

  @Test func test_AC_CLI_58_anOfflineStoryLosesNothingAndConverges() async throws {
    let scratch = try Scratch()
    let day = "2026-12-01T"
    let created = try await json(
      try exec(
        scratch, "alice",
        [
          "--json", "household", "create", "--name", "Home", "--tz", "Asia/Taipei",
          "--display-name", "Alice",
        ], now: day + "09:00:00+08:00"))
    let code = try #require((created["invite"] as? [String: Any])?["code"] as? String)
    _ = try await exec(
      scratch, "bob", ["household", "join", code, "--display-name", "Bob"],
      now: day + "09:01:00+08:00")
    let card = try await json(
      try exec(
        scratch, "alice",
        [
          "--json", "card", "add", "Checkup", "--kind", "event", "--at",
          "tomorrow 9:30",
        ], now: day + "09:02:00+08:00"))
    let id = try #require((card["card"] as? [String: Any])?["id"] as? String)
    _ = try await exec(scratch, "bob", ["sync"], now: day + "09:03:00+08:00")

    await #expect(
      try exec(scratch, "bob", ["--offline", "ack", id], now: day + "10:00:00+08:00").exitCode == 0)
    await #expect(
      try exec(
        scratch, "bob", ["--offline", "card", "edit", id, "--note", "bring the booklet"],
        now: day + "10:01:00+08:00"
      ).exitCode == 0)
    await #expect(
      try exec(
        scratch, "alice", ["card", "edit", id, "--title", "Checkup at 10"],
        now: day + "10:30:00+08:00"
      ).exitCode == 0)
    let back = try await exec(scratch, "bob", ["sync"], now: day + "11:00:00+08:00")
    #expect(back.exitCode == 0)
    #expect(
      back.stdout.contains(
        "! Alice changed 'Checkup at 10' while you were offline; your acknowledgement was of "
          + "the old version"), "\(back.stdout)")
    _ = try await exec(scratch, "alice", ["sync"], now: day + "11:01:00+08:00")

    let bobs = try await json(
      try exec(scratch, "bob", ["--json", "card", "list"], now: day + "11:02:00+08:00"))
    let alices = try await json(
      try exec(scratch, "alice", ["--json", "card", "list"], now: day + "11:02:00+08:00"))
    let bobCards = try #require(bobs["cards"] as? [[String: Any]])
    let aliceCards = try #require(alices["cards"] as? [[String: Any]])
    #expect(bobCards.count == 1)
    #expect(bobCards.first?["title"] as? String == "Checkup at 10")
    #expect(bobCards.first?["note"] as? String == "bring the booklet")
    // NB: the same card, field by field, but for whose view it is.
    for key in ["id", "title", "note", "time", "revision", "ackBy", "lastEditedBy"] {
      #expect(
        "\(bobCards.first?[key] ?? "none")" == "\(aliceCards.first?[key] ?? "none")", "\(key)")
    }
    let outbox = try await json(
      try exec(scratch, "bob", ["--json", "outbox"], now: day + "11:03:00+08:00"))
    #expect((outbox["outbox"] as? [Any])?.isEmpty == true)
  }
}
