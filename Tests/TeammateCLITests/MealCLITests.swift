import Foundation
import TeammateCLI
import Testing

/// `teammate meal` and `teammate dish`.
@Suite struct MealCLITests {
  /// Everything a meal or dish command could change, to prove a refused one changed nothing.
  func plan(_ scratch: Scratch) async throws -> String {
    let outcomes = [
      await scratch.run("alice", ["--json", "meal", "--week"]),
      await scratch.run("alice", ["--json", "dish", "list", "--removed"]),
      await scratch.run("alice", ["outbox"]),
    ]
    return outcomes.map(\.stdout).joined()
  }

  /// The meal document a command printed.
  func meal(_ document: [String: Any]) throws -> [String: Any] {
    let card = try #require(document["meal"] as? [String: Any])
    return try #require(card["meal"] as? [String: Any])
  }

  func slots(_ document: [String: Any], day index: Int = 0) throws -> [[String: Any]] {
    let days = try #require(document["days"] as? [[String: Any]])
    return try #require(days[index]["slots"] as? [[String: Any]])
  }

  @Test func test_AC_CLI_95_aMealsDayReadsOnceWithItsYearWhenFarAndAPastDayWarns()
    async throws
  {
    let scratch = try Scratch()
    try await scratch.couple()
    let far = await scratch.run(
      "alice", ["meal", "propose", "dinner", "Curry", "--day", "2027-01-05"])
    #expect(far.exitCode == 0, "\(far.stderr)")
    #expect(
      far.stdout.hasPrefix("Proposed: dinner on Tue 5 Jan 2027: Curry (proposed)\n"),
      "\(far.stdout)")
    #expect(far.stderr.isEmpty, "\(far.stderr)")
    let near = await scratch.run(
      "alice", ["meal", "propose", "lunch", "Soup", "--day", "tomorrow"])
    #expect(
      near.stdout.hasPrefix("Proposed: lunch tomorrow (Wed 2 Dec): Soup (proposed)\n"),
      "\(near.stdout)")
    let past = await scratch.run(
      "alice", ["meal", "decide", "lunch", "Curry", "--day", "1999-01-01"])
    #expect(past.exitCode == 0, "\(past.stderr)")
    #expect(
      past.stderr.contains("Fri 1 Jan 1999 is in the past; the meal was planned all the same"),
      "\(past.stderr)")
    #expect(past.stdout.hasPrefix("Decided: lunch on Fri 1 Jan 1999: Curry\n"), "\(past.stdout)")
  }

  @Test func test_AC_CLI_85_mealShowsEachSlotOfTheHouseholdsDay() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = try await scratch.json("alice", ["dish", "add", "Curry"])
    _ = try await scratch.json("alice", ["meal", "propose", "dinner", "curry", "Pasta"])
    _ = try await scratch.json(
      "alice", ["meal", "decide", "lunch", "takeaway", "--cook", "partner"])
    let shown = await scratch.run("bob", ["meal"])
    #expect(shown.exitCode == 0, "\(shown.stderr)")
    #expect(shown.stdout.hasPrefix("Today, Tue 1 Dec\n"), "\(shown.stdout)")
    #expect(shown.stdout.contains("breakfast  not decided"))
    #expect(shown.stdout.contains("lunch      takeaway · Bob cooks · waiting for you to know"))
    #expect(
      shown.stdout.contains(
        "dinner     Curry or Pasta (proposed) by Alice · waiting for you to know"))
    let document = try await scratch.json("bob", ["meal", "--day", "tomorrow", "--week"])
    let days = try #require(document["days"] as? [[String: Any]])
    #expect(days.count == 7 && days.first?["day"] as? String == "2026-12-02")
    #expect(try slots(document).map { $0["meal"] is NSNull } == [true, true, true])
    let today = try await scratch.json("bob", ["meal"])
    let dinner = try #require(try slots(today)[2]["meal"] as? [String: Any])
    let plan = try #require(dinner["meal"] as? [String: Any])
    #expect(plan["state"] as? String == "proposed" && plan["slot"] as? String == "dinner")
    let options = try #require(plan["options"] as? [[String: Any]])
    #expect(options.map { $0["kind"] as? String } == ["dish", "text"])
    #expect(options.map { $0["name"] as? String } == ["Curry", "Pasta"])
    #expect(dinner["kind"] as? String == "meal" && dinner["pending"] as? Bool == true)
    // A phone in another zone sees the household's day: 23:30 in Taipei is still Tuesday.
    let late = await scratch.run("bob", ["meal"], now: "2026-12-01T07:30:00-08:00")
    #expect(late.stdout.hasPrefix("Tomorrow, Wed 2 Dec") == false)
    #expect(late.stdout.hasPrefix("Today, Tue 1 Dec"), "\(late.stdout)")
    let bad = await scratch.run("bob", ["meal", "--day", "someday"])
    #expect(bad.exitCode == 64 && bad.stderr.contains("'someday' is not a day"))
  }

  @Test func test_AC_CLI_86_mealChangesGoThroughTheDeviceAndBadInputChangesNothing() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = try await scratch.json("alice", ["dish", "add", "Curry"])
    _ = try await scratch.json("alice", ["meal", "propose", "dinner", "Curry", "Pasta"])
    let before = try await plan(scratch)
    let refusals: [([String], Int32, String)] = [
      (["meal", "propose", "brunch", "Soup"], 64, "'brunch' is not a meal"),
      (["meal", "skip", "lunch", "--day", "2026-13-01"], 64, "is not a day"),
      (["meal", "propose", "lunch", "a", "b", "c", "d"], 1, "1 to 3 options"),
      (["meal", "propose", "lunch", " "], 1, "the meal cannot be empty"),
      (["meal", "pick", "dinner", "Soup"], 1, "not one of the options offered"),
      (["meal", "pick", "lunch", "Soup"], 1, "nothing is planned for lunch today"),
      (
        ["meal", "move", "dinner", "--to", "tomorrow", "--day", "tomorrow"], 1, "nothing is planned"
      ),
      (["meal", "propose", "lunch"], 64, "missing expected argument '<option>'"),
    ]
    for (arguments, status, words) in refusals {
      let outcome = await scratch.run("bob", arguments)
      #expect(outcome.exitCode == status, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stderr.contains(words), "\(arguments): \(outcome.stderr)")
    }
    #expect(try await plan(scratch) == before)
    // A second meal for a held slot, made offline while the partner planned it, names them.
    let waiting = await scratch.run(
      "alice", ["--offline", "meal", "propose", "breakfast", "Congee"])
    #expect(waiting.exitCode == 0, "\(waiting.stderr)")
    _ = try await scratch.json("bob", ["meal", "skip", "breakfast"])
    let told = await scratch.run("alice", ["sync"])
    #expect(
      told.stdout.contains(
        "Bob had already skipped breakfast today: your meal plan of 'breakfast 2026-12-01' did not land"
      ),
      "\(told.stdout)")

    let picked = try meal(try await scratch.json("bob", ["meal", "pick", "dinner", "CURRY"]))
    #expect((picked["choice"] as? [String: Any])?["name"] as? String == "Curry")
    let moved = try meal(
      try await scratch.json(
        "bob", ["meal", "move", "dinner", "--to", "wed", "--to-slot", "lunch"]))
    #expect(moved["day"] as? String == "2026-12-02" && moved["slot"] as? String == "lunch")
    // Offline, a change is shown at once and waits.
    let offline = await scratch.run(
      "alice", ["--offline", "meal", "decide", "dinner", "leftovers"])
    #expect(offline.stdout.contains("(offline: waits in the outbox)"), "\(offline.stdout)")
    #expect(await scratch.run("alice", ["outbox"]).stdout.contains("plan dinner 2026-12-01"))
    let synced = await scratch.run("alice", ["sync"])
    // NB: a piece of news per act, each as it was made: picked, then moved (issue 44).
    #expect(synced.stdout.contains("Bob picked Curry"), "\(synced.stdout)")
    #expect(synced.stdout.contains("Bob moved lunch to tomorrow"), "\(synced.stdout)")
    let removed = try await scratch.json("alice", ["meal", "remove", "dinner"])
    #expect((removed["meal"] as? [String: Any])?["deleted"] as? Bool == true)
  }

  @Test func test_AC_CLI_87_suggestionsRestWhatWasEatenAndHistoryShowsWhatWasEaten() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    for name in ["Curry", "Pasta", "Soup", "Dumplings"] {
      _ = try await scratch.json("alice", ["dish", "add", name])
    }
    _ = try await scratch.json(
      "alice", ["meal", "decide", "dinner", "Curry", "--day", "yesterday"])
    _ = try await scratch.json("alice", ["meal", "decide", "lunch", "Soup", "--day", "yesterday"])
    _ = try await scratch.json("alice", ["meal", "skip", "breakfast", "--day", "yesterday"])
    _ = try await scratch.json("alice", ["meal", "propose", "lunch", "Pasta"])
    let before = try await plan(scratch)
    let suggested = try await scratch.json("bob", ["meal", "suggest", "dinner", "--seed", "7"])
    let suggestion = try #require(suggested["suggestion"] as? [String: Any])
    let names = (suggestion["dishes"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
    #expect(Set(names ?? []) == ["Pasta", "Dumplings"] && suggestion["relaxed"] as? Bool == false)
    let same = try await scratch.json("bob", ["meal", "suggest", "dinner", "--seed", "7"])
    #expect((same["suggestion"] as? [String: Any])?["dishes"] as? [[String: String]] != nil)
    #expect(
      ((same["suggestion"] as? [String: Any])?["dishes"] as? [[String: Any]])?.compactMap {
        $0["name"] as? String
      } == names)
    #expect(try await plan(scratch) == before)
    let words = await scratch.run("bob", ["meal", "suggest", "dinner", "--seed", "7"])
    #expect(words.stdout.hasPrefix("For dinner today: "), "\(words.stdout)")
    let proposed = try meal(
      try await scratch.json("bob", ["meal", "suggest", "dinner", "--seed", "7", "--propose"]))
    #expect((proposed["options"] as? [Any])?.count == 2)

    let history = await scratch.run("bob", ["meal", "history"])
    #expect(history.stdout == "Mon 30 Nov  dinner     Curry\nMon 30 Nov  lunch      Soup\n")
    let document = try await scratch.json("bob", ["meal", "history", "--days", "30"])
    #expect((document["history"] as? [Any])?.count == 2)
    for word in ["cooked", "times", "your turn", "always"] {
      #expect(!history.stdout.contains(word))
    }
  }

  @Test func test_AC_CLI_88_dishesArePooledNamedAsNamesFoldAndNewsToThePartner() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let added = try await scratch.json(
      "alice", ["dish", "add", " Curry ", "--ingredient", "rice", "--ingredient", "2 onions"])
    let dish = try #require(added["dish"] as? [String: Any])
    #expect(dish["name"] as? String == "Curry" && dish["removed"] as? Bool == false)
    #expect(dish["ingredients"] as? [String] == ["rice", "2 onions"])
    let before = try await plan(scratch)
    let taken = await scratch.run("bob", ["dish", "add", "ｃｕｒｒｙ"])
    #expect(taken.exitCode == 1 && taken.stderr.contains("already has the dish 'Curry'"))
    let nothing = await scratch.run("bob", ["dish", "edit", "curry"])
    #expect(nothing.exitCode == 64 && nothing.stderr.contains("nothing to change"))
    let unknown = await scratch.run("bob", ["dish", "remove", "Soup"])
    #expect(unknown.exitCode == 1 && unknown.stderr.contains("there is no dish 'Soup'"))
    #expect(try await plan(scratch) == before)
    _ = try await scratch.json(
      "bob", ["dish", "edit", "CURRY", "--name", "Chicken curry", "--note", "mild"])
    _ = try await scratch.json("bob", ["dish", "remove", "chicken curry"])
    let listed = await scratch.run("bob", ["dish", "list"])
    #expect(listed.stdout.hasPrefix("No dishes yet"))
    #expect(await scratch.run("bob", ["dish", "list", "--removed"]).stdout.contains("(removed)"))
    _ = try await scratch.json("bob", ["dish", "restore", "Chicken Curry"])
    let synced = await scratch.run("alice", ["sync"])
    #expect(synced.stdout.contains("3 about dishes"), "\(synced.stdout)")
    #expect(synced.stdout.contains("Bob changed the dish Chicken curry"))
    #expect(synced.stdout.contains("Bob put Chicken curry back in the dishes"))
    let pending = try await scratch.json("alice", ["pending"])
    #expect(pending["badge"] as? Int == 0)
  }

  @Test func test_AC_CLI_89_mealTimesShowAndChangeTheHouseholdsSettings() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let shown = await scratch.run("bob", ["meal", "times"])
    #expect(
      shown.stdout
        == "breakfast 08:00, lunch 12:30, dinner 19:00; decided 60 min before; a dish rests 7 days\n"
    )
    let before = try await plan(scratch)
    for (arguments, status, words) in [
      (["--dinner", "25:00"], Int32(64), "is not a time of day"),
      (["--cooldown", "soon"], 64, "a whole number"),
      (["--cooldown", "61"], 1, "the cooldown is 61; it is 0 to 60"),
      (["--decide-by", "800"], 1, "the decide-by time is 800; it is 0 to 720"),
    ] {
      let outcome = await scratch.run("bob", ["meal", "times"] + arguments)
      #expect(outcome.exitCode == status, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stderr.contains(words), "\(arguments): \(outcome.stderr)")
    }
    #expect(try await plan(scratch) == before)
    let changed = try await scratch.json(
      "bob", ["meal", "times", "--dinner", "18:30", "--decide-by", "90", "--cooldown", "5"])
    let meals = try #require(changed["meals"] as? [String: Any])
    #expect(meals["dinner"] as? String == "18:30" && meals["decideByMinutes"] as? Int == 90)
    #expect(meals["cooldownDays"] as? Int == 5 && meals["breakfast"] as? String == "08:00")
    let told = await scratch.run("alice", ["sync"])
    #expect(told.stdout.contains("Bob changed when the household eats"), "\(told.stdout)")
    #expect(
      await scratch.run("alice", ["meal", "times"]).stdout.contains("dinner 18:30; decided 90"))
  }
}
