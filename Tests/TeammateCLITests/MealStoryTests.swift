import Foundation
import TeammateCLI
import Testing

/// "What do we eat today?" through the built binary, as two partners live it.
@Suite struct MealStoryTests {
  func run(_ scratch: Scratch, _ account: String, _ arguments: [String], at now: String)
    async throws
    -> CommandOutcome
  {
    var environment = scratch.environment
    environment["TEAMMATE_NOW"] = now
    let outcome = try await Binary.run(["--as", account] + arguments, environment: environment)
    #expect(outcome.exitCode == 0, "\(arguments): \(outcome.stderr)")
    return outcome
  }

  @Test func test_AC_MEAL_20_adaProposesOnAPlaneBobPicksAndTheWeekIsRemembered() async throws {
    let scratch = try Scratch()
    let created = try await run(
      scratch, "ada",
      [
        "--json", "household", "create", "--name", "Home", "--tz", "Asia/Taipei", "--display-name",
        "Ada",
      ],
      at: "2026-11-23T08:00:00+08:00")
    let document =
      try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any]
    let code = try #require((document?["invite"] as? [String: Any])?["code"] as? String)
    _ = try await run(
      scratch, "bob", ["household", "join", code, "--display-name", "Bob"],
      at: "2026-11-23T08:01:00+08:00")
    for dish in ["Curry", "Pasta", "Dumplings", "Soup"] {
      _ = try await run(scratch, "ada", ["dish", "add", dish], at: "2026-11-23T08:02:00+08:00")
    }
    // A week of dinners, decided by one or the other.
    let week = ["Pasta", "Soup", "Dumplings", "Pasta", "Soup", "Dumplings", "Curry"]
    for (index, dish) in week.enumerated() {
      let day = String(format: "2026-11-%02d", 23 + index)
      _ = try await run(
        scratch, index % 2 == 0 ? "ada" : "bob", ["meal", "decide", "dinner", dish],
        at: "\(day)T09:00:00+08:00")
    }
    for partner in ["ada", "bob"] {
      _ = try await run(scratch, partner, ["sync"], at: "2026-11-30T07:00:00+08:00")
      _ = try await run(scratch, partner, ["ack", "--all"], at: "2026-11-30T07:00:00+08:00")
    }

    // Monday 30 November: Ada, on a plane, proposes two dinners; they wait in her outbox.
    let plane = "2026-11-30T08:00:00+08:00"
    let proposed = try await run(
      scratch, "ada", ["--offline", "meal", "propose", "dinner", "Pasta", "Soup"], at: plane)
    #expect(proposed.stdout.contains("(offline: waits in the outbox)"))
    await #expect(
      try run(scratch, "ada", ["outbox"], at: plane).stdout.contains("plan dinner 2026-11-30"))
    // Landed, her phone syncs; Bob's phone hears of it and he picks one.
    let landed = try await run(scratch, "ada", ["sync"], at: "2026-11-30T12:00:00+08:00")
    #expect(landed.stdout.hasPrefix("1 waiting write sent"), "\(landed.stdout)")
    let heard = try await run(scratch, "bob", ["sync"], at: "2026-11-30T12:10:00+08:00")
    #expect(heard.stdout.contains("Ada proposed Pasta or Soup for dinner today"), "\(heard.stdout)")
    _ = try await run(
      scratch, "bob", ["meal", "pick", "dinner", "pasta"], at: "2026-11-30T12:11:00+08:00")
    let told = try await run(scratch, "ada", ["sync"], at: "2026-11-30T12:30:00+08:00")
    #expect(told.stdout.contains("Bob picked Pasta for dinner today"), "\(told.stdout)")
    #expect(told.stdout.contains("Badge: 1"))

    // Nothing decided for lunch tomorrow: one reminder at 11:30, shown once.
    let planned = try await run(
      scratch, "bob", ["--json", "notifications"], at: "2026-11-30T20:00:00+08:00")
    let ids =
      ((try JSONSerialization.jsonObject(with: Data(planned.stdout.utf8)) as? [String: Any])?[
        "notifications"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    #expect(ids.contains("meal:2026-12-01:lunch"), "\(ids)")
    #expect(!ids.contains("meal:2026-11-30:dinner"))
    _ = try await run(scratch, "bob", ["sync"], at: "2026-12-01T11:45:00+08:00")
    _ = try await run(scratch, "bob", ["sync"], at: "2026-12-01T12:00:00+08:00")
    let shown = try await run(
      scratch, "bob", ["notifications", "--delivered"], at: "2026-12-01T12:05:00+08:00")
    let lunch = shown.stdout.split(separator: "\n").filter {
      $0.contains("Tue 1 Dec 11:30") && $0.contains("Lunch isn't decided yet")
    }
    #expect(lunch.count == 1, "\(shown.stdout)")
    let later = try await run(
      scratch, "bob", ["--json", "notifications"], at: "2026-12-01T12:06:00+08:00")
    #expect(!later.stdout.contains("meal:2026-12-01:lunch"))

    // What we ate, the week; and dinner suggestions never offer yesterday's Pasta.
    let history = try await run(
      scratch, "ada", ["meal", "history"], at: "2026-12-01T09:00:00+08:00")
    #expect(
      history.stdout.hasPrefix("Mon 30 Nov  dinner     Pasta\nSun 29 Nov  dinner     Curry\n"),
      "\(history.stdout)")
    #expect(history.stdout.split(separator: "\n").count == 7)
    for seed in 1...8 {
      let suggested = try await run(
        scratch, "ada", ["meal", "suggest", "dinner", "--seed", "\(seed)"],
        at: "2026-12-01T09:00:00+08:00")
      #expect(!suggested.stdout.contains("Pasta"), "\(suggested.stdout)")
    }
  }
}
