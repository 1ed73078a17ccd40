import Foundation
import TeammateCLI
import Testing

/// `teammate list`.
@Suite struct ListCLITests {
  /// The items a list command printed, by text.
  func items(_ document: [String: Any]) throws -> [[String: Any]] {
    try #require(document["items"] as? [[String: Any]])
  }

  /// Everything the list commands could change, to prove a refused one changed nothing.
  func everything(_ scratch: Scratch) async -> String {
    [
      await scratch.run("alice", ["--json", "--offline", "list", "--all"]),
      await scratch.run("alice", ["outbox"]),
      await scratch.run("bob", ["outbox"]),
    ].map(\.stdout).joined()
  }

  @Test func test_AC_LIST_16_onlineAnItemIsNamedAsTheBackendHasIt() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = await scratch.run("bob", ["sync"])
    _ = try await scratch.json("alice", ["list", "add", "garlic"])
    let offline = await scratch.run("bob", ["--offline", "list", "got", "garlic"])
    #expect(offline.exitCode == 1, "\(offline.stdout)")
    #expect(offline.stderr.contains("there is no item 'garlic' on the list"), "\(offline.stderr)")
    let got = try items(try await scratch.json("bob", ["list", "got", "garlic"]))
    #expect(got.map { $0["text"] as? String } == ["garlic"])
    #expect(got.first?["state"] as? String == "got")
  }

  @Test func test_AC_CLI_90_theListShowsNeededThenGotAndItsCommandsChangeIt() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let added = try items(
      try await scratch.json("alice", ["list", "add", "milk", "eggs", "--note", "2 litres"]))
    #expect(added.map { $0["text"] as? String } == ["milk", "eggs"])
    #expect(added.allSatisfy { $0["state"] as? String == "needed" && $0["by"] is NSNull })
    let merged = try items(
      try await scratch.json("bob", ["list", "add", " MILK", "--note", "oat"]))
    #expect(merged.first?["id"] as? String == added.first?["id"] as? String)
    #expect(merged.first?["note"] as? String == "2 litres; oat")

    let shown = await scratch.run("bob", ["list"])
    #expect(shown.exitCode == 0, "\(shown.stderr)")
    // NB: what Alice did, as `sync` tells it: Bob's own merge into her milk is no news to him.
    #expect(shown.stdout.hasPrefix("Alice added milk and eggs\n\nNeeded\n"), "\(shown.stdout)")
    #expect(shown.stdout.contains("milk · 2 litres; oat  (added by Alice)"))
    // Looking marks it seen: the news is shown once.
    let again = await scratch.run("bob", ["list"])
    #expect(again.stdout.hasPrefix("Needed\n"), "\(again.stdout)")

    let got = try items(try await scratch.json("bob", ["list", "got", "milk"]))
    #expect(got.first?["state"] as? String == "got" && got.first?["by"] as? String == "bob")
    #expect(got.first?["at"] as? String == "2026-12-01T09:00:00+08:00")
    let list = await scratch.run("alice", ["list"])
    #expect(list.stdout.contains("Bob got milk\n"), "\(list.stdout)")
    #expect(list.stdout.contains("Got\n  \(added[0]["id"] as? String ?? "")  milk"))
    #expect(list.stdout.contains("(got by Bob)"))
    #expect(
      try items(try await scratch.json("alice", ["list", "undo", "milk"])).first?["state"]
        as? String == "needed")

    // Offline: the got waits in the outbox and is shown at once.
    let eggs = try #require(added.last?["id"] as? String)
    let offline = await scratch.run("alice", ["--offline", "list", "got", String(eggs.prefix(4))])
    #expect(offline.stdout.hasPrefix("Got (offline: waits in the outbox):"), "\(offline.stdout)")
    #expect(await scratch.run("alice", ["outbox"]).stdout.contains("got 'eggs'"))
    let waiting = try items(try await scratch.json("alice", ["--offline", "list"]))
    #expect(waiting.map { $0["state"] as? String } == ["needed", "got"])
    _ = try await scratch.json("alice", ["sync"])
    let cleared = try items(try await scratch.json("alice", ["list", "clear", "--got"]))
    #expect(cleared.map { $0["text"] as? String } == ["eggs"])
    #expect(try items(try await scratch.json("alice", ["list"])).count == 1)
    let all = try items(try await scratch.json("alice", ["list", "--all"]))
    #expect(all.map { $0["state"] as? String } == ["needed", "cleared"])

    // A meal's ingredients.
    _ = try await scratch.json(
      "alice", ["dish", "add", "Curry", "--ingredient", "rice", "--ingredient", "Milk"])
    _ = try await scratch.json("alice", ["meal", "decide", "dinner", "curry"])
    let fromMeal = try items(try await scratch.json("bob", ["list", "from-meal", "dinner"]))
    #expect(fromMeal.map { $0["text"] as? String } == ["rice", "milk"])
    #expect(fromMeal.allSatisfy { ($0["fromMeals"] as? [String])?.count == 1 })
    let twice = await scratch.run("bob", ["list", "from-meal", "dinner"])
    #expect(twice.exitCode == 0 && twice.stdout == "Nothing changed.\n", "\(twice.stdout)")
  }

  @Test func test_AC_CLI_91_badListInputChangesNothing() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = try await scratch.json("alice", ["list", "add", "milk", "bread"])
    _ = try await scratch.json("alice", ["list", "got", "bread"])
    _ = try await scratch.json("alice", ["list", "add", "bread"])
    _ = try await scratch.json("alice", ["list", "got", "bread"])
    let before = await everything(scratch)
    let refused: [([String], String)] = [
      (["list", "add", "  "], "item text"),
      (["list", "add", String(repeating: "x", count: 121)], "item text"),
      (["list", "got", "cheese"], "there is no item 'cheese' on the list"),
      (["list", "undo", "bread"], "'bread' names 2 items"),
      (["list", "from-meal", "dinner"], "nothing is planned for dinner today"),
    ]
    for (arguments, words) in refused {
      let outcome = await scratch.run("alice", arguments)
      #expect(outcome.exitCode == 1, "\(arguments): \(outcome.stderr)")
      #expect(outcome.stderr.contains(words), "\(arguments): \(outcome.stderr)")
    }
    for arguments in [
      ["list", "add"], ["list", "got"], ["list", "clear"], ["list", "clear", "milk", "--got"],
    ] {
      let outcome = await scratch.run("alice", arguments)
      #expect(outcome.exitCode == 64, "\(arguments): \(outcome.stderr)")
    }
    _ = try await scratch.json("alice", ["meal", "decide", "lunch", "takeaway"])
    let noDish = await scratch.run("alice", ["list", "from-meal", "lunch"])
    #expect(noDish.exitCode == 1 && noDish.stderr.contains("dish"), "\(noDish.stderr)")
    #expect(await everything(scratch) == before)
  }

  @Test func test_AC_LIST_29_skippingDinnerTakesBackOnlyTheCurrysOnions() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    func texts(_ account: String) async throws -> [String] {
      try items(try await scratch.json(account, ["list"])).compactMap { $0["text"] as? String }
    }
    _ = try await scratch.json(
      "alice", ["dish", "add", "Curry", "--ingredient", "2 onions", "--ingredient", "rice"])
    _ = try await scratch.json("alice", ["meal", "decide", "dinner", "curry"])
    _ = try await scratch.json("alice", ["list", "from-meal", "dinner"])
    _ = try await scratch.json("bob", ["sync"])
    _ = try await scratch.json("bob", ["list", "add", "onions"])
    _ = try await scratch.json("alice", ["sync"])
    let planned = try await texts("alice")
    #expect(planned.sorted() == ["3 onions", "rice"], "\(planned)")
    let skipped = await scratch.run("alice", ["meal", "skip", "dinner"])
    #expect(skipped.exitCode == 0, "\(skipped.stderr)")
    _ = try await scratch.json("bob", ["sync"])
    for account in ["alice", "bob"] {
      #expect(try await texts(account) == ["onions"], "\(account)")
    }
    let all = try items(try await scratch.json("bob", ["list", "--all"]))
    #expect(all.first { $0["text"] as? String == "rice" }?["state"] as? String == "cleared")
  }
}

/// The list as it is walked in a shop.
@Suite struct ListAisleCLITests {
  @Test func test_AC_CLI_98_theNeededItemsAreShownAisleByAisle() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let added = await scratch.run(
      "alice", ["list", "add", "batteries", "diapers", "milk", "onions", "牛奶", "bread"])
    #expect(added.exitCode == 0, "\(added.stderr)")
    _ = await scratch.run("bob", ["list", "got", "bread"])
    let shown = await scratch.run("bob", ["list"])
    let lines = shown.stdout.split(separator: "\n").map { line -> String in
      // NB: the ids are the device's own: the rest of each line is what a person reads.
      let indent = line.prefix { $0 == " " }
      let rest = line.dropFirst(indent.count)
      guard rest.count > 10, rest.dropFirst(8).hasPrefix("  ") else { return String(line) }
      return indent + "ID" + rest.dropFirst(8)
    }
    #expect(
      Array(lines.drop { $0 != "Needed" }) == [
        "Needed", "  Produce", "    ID  onions  (added by Alice)", "  Dairy",
        "    ID  milk  (added by Alice)", "    ID  牛奶  (added by Alice)", "  Baby",
        "    ID  diapers  (added by Alice)", "  Other", "    ID  batteries  (added by Alice)",
        "Got", "  ID  bread  (got by Bob)",
      ], "\(shown.stdout)")
    let json = try await scratch.json("bob", ["list"])
    let categories = (json["items"] as? [[String: Any]] ?? []).compactMap {
      $0["category"] as? String
    }
    #expect(Set(categories) == ["produce", "dairy", "baby", "other", "bakery"])
  }
}

/// A shop's walk taught by one partner and followed by the other.
@Suite struct ShopWalkCLITests {
  @Test func test_AC_CLI_99_bobsWalkAtTheShopOrdersAlicesListThere() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let run = { (account: String, arguments: [String], minute: Int) in
      try await Binary.run(
        ["--as", account] + arguments,
        environment: scratch.environment.merging([
          "TEAMMATE_NOW": String(format: "2026-12-05T10:%02d:00+08:00", minute)
        ]) { $1 })
    }
    #expect(
      try await run("alice", ["list", "add", "onions", "bread", "milk", "diapers"], 0).exitCode
        == 0)
    let entered = try await run("bob", ["list", "--shop", "Costco"], 1)
    #expect(entered.stdout.contains("Needed, in costco\n  Produce\n"), "\(entered.stdout)")
    for (minute, thing) in [(2, "diapers"), (4, "milk"), (6, "bread"), (8, "onions")] {
      let got = try await run("bob", ["list", "got", thing], minute)
      #expect(got.exitCode == 0, "\(got.stderr)")
    }
    #expect(
      try await run("alice", ["list", "add", "eggs", "wipes", "bananas", "toast"], 30).exitCode
        == 0)
    let hers = try await run("alice", ["list", "--shop", "costco"], 31)
    let headings = hers.stdout.split(separator: "\n").filter {
      $0.hasPrefix("  ") && !$0.hasPrefix("    ")
    }
    #expect(
      headings.prefix(4) == ["  Baby", "  Dairy", "  Bakery", "  Produce"], "\(hers.stdout)")
    let elsewhere = try await run("alice", ["list", "--shop", "none"], 32)
    #expect(elsewhere.stdout.contains("Needed\n  Produce\n"), "\(elsewhere.stdout)")
  }

  @Test func test_AC_LIST_22_listMoveSaysWhereTheItemWentAndThePartnerIsTold() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let run = { (account: String, arguments: [String]) in
      try await Binary.run(["--as", account] + arguments, environment: scratch.environment)
    }
    #expect(try await run("alice", ["list", "add", "oat drink", "bread"]).exitCode == 0)
    _ = try await run("bob", ["sync"])
    let moved = try await run("alice", ["list", "move", "OAT DRINK", "--to", "Dairy"])
    #expect(moved.exitCode == 0, "\(moved.stderr)")
    #expect(moved.stdout.hasPrefix("Moved to dairy:\n  "), "\(moved.stdout)")
    let list = try await run("alice", ["list"])
    #expect(list.stdout.contains(#/  Dairy\n    \w+  oat drink/#), "\(list.stdout)")
    let told = try await run("bob", ["sync"])
    #expect(told.stdout.contains("Alice moved oat drink to dairy"), "\(told.stdout)")

    let before = try await run("alice", ["list", "--json"]).stdout
    let usage = try await run("alice", ["list", "move", "bread"])
    #expect(usage.exitCode == 64)
    #expect(
      usage.stderr.hasPrefix("teammate: error: missing expected option '--to <category>'"),
      "\(usage.stderr)")
    let unknown = try await run("alice", ["list", "move", "caviar", "--to", "dairy"])
    #expect(unknown.exitCode == 1, "\(unknown.stderr)")
    #expect(unknown.stderr.hasPrefix("teammate: error: "), "\(unknown.stderr)")
    let empty = try await run("alice", ["list", "move", "bread", "--to", " "])
    #expect(empty.exitCode == 1, "\(empty.stderr)")
    #expect(try await run("alice", ["list", "--json"]).stdout == before)
  }

  @Test func test_AC_LIST_25_twoOnionsAndOnionsAreThreeOnionsOnBothPhones() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let run = { (account: String, arguments: [String]) in
      try await Binary.run(["--as", account] + arguments, environment: scratch.environment)
    }
    #expect(try await run("alice", ["list", "add", "2 onions"]).exitCode == 0)
    _ = try await run("bob", ["sync"])
    let added = try await run("bob", ["list", "add", "onions"])
    #expect(added.exitCode == 0, "\(added.stderr)")
    _ = try await run("alice", ["sync"])
    for account in ["alice", "bob"] {
      let list = try await run(account, ["list", "--json"]).stdout
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any])
      let texts = (document["items"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
      #expect(texts == ["3 onions"], "\(account): \(list)")
    }
    let got = try await run("alice", ["list", "got", "onions"])
    #expect(got.exitCode == 0, "\(got.stderr)")
    #expect(got.stdout.contains("3 onions"), "\(got.stdout)")
  }
}

extension ListCLITests {
  @Test func test_AC_LIST_31_theListTellsEveryActOfThePartnersAsSyncDoesOnce() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    #expect(await scratch.run("alice", ["list", "add", "milk"]).exitCode == 0)
    _ = await scratch.run("bob", ["list"])
    #expect(await scratch.run("alice", ["list", "move", "milk", "--to", "frozen"]).exitCode == 0)
    #expect(await scratch.run("alice", ["list", "add", "milk", "--note", "oat"]).exitCode == 0)
    #expect(await scratch.run("alice", ["list", "add", "eggs"]).exitCode == 0)
    let looked = await scratch.run("bob", ["list"]).stdout
    let told = looked.components(separatedBy: "\n\n").first ?? ""
    #expect(told.contains("Alice moved milk to frozen"), "\(looked)")
    #expect(told.contains("Alice added eggs") && told.contains("oat"), "\(looked)")
    #expect(!told.contains("added milk"), "\(looked)")
    let again = await scratch.run("bob", ["list"]).stdout
    #expect(!again.contains("moved") && !again.contains("Alice added"), "\(again)")
    let synced = await scratch.run("bob", ["sync"]).stdout
    #expect(!synced.contains("milk") && !synced.contains("eggs"), "\(synced)")
    // NB: in Traditional Chinese, and as sync gives it in --json.
    #expect(await scratch.run("alice", ["list", "move", "eggs", "--to", "drinks"]).exitCode == 0)
    let chinese = await scratch.run("bob", ["--lang", "zh-Hant", "list"]).stdout
    #expect(chinese.contains("移到「飲料」"), "\(chinese)")
    #expect(await scratch.run("alice", ["list", "got", "milk"]).exitCode == 0)
    let json = try await scratch.json("bob", ["list"])
    let news = try #require(json["news"] as? [[String: Any]])
    #expect(news.map { $0["kind"] as? String } == ["got-items"], "\(news)")
  }
}

extension ShopWalkCLITests {
  @Test func test_AC_LIST_33_anOfflineTripSentInOneSyncTeachesItsWalk() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    #expect(await scratch.run("alice", ["list", "add", "nappies", "milk", "apples"]).exitCode == 0)
    _ = await scratch.run("alice", ["--offline", "list", "--shop", "costco"])
    for thing in ["apples", "milk", "nappies"] {
      #expect(await scratch.run("alice", ["--offline", "list", "got", thing]).exitCode == 0)
    }
    #expect(await scratch.run("alice", ["sync"]).exitCode == 0)
    #expect(await scratch.run("alice", ["list", "add", "wipes", "cheese", "pears"]).exitCode == 0)
    for account in ["alice", "bob"] {
      let shown = await scratch.run(account, ["list", "--shop", "costco"]).stdout
      let headings = shown.split(separator: "\n").filter {
        $0.hasPrefix("  ") && !$0.hasPrefix("    ")
      }
      #expect(Array(headings.prefix(2)) == ["  Dairy", "  Baby"], "\(account): \(shown)")
    }
  }
}

extension ShopWalkCLITests {
  @Test func test_AC_LIST_34_bobsWalkOrdersAlicesListThoughSheClearedTheGotFirst() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    func run(_ account: String, _ arguments: [String], _ minute: Int) async -> CommandOutcome {
      await scratch.run(
        account, arguments, now: String(format: "2026-12-05T10:%02d:00+08:00", minute))
    }
    #expect(
      await run("alice", ["list", "add", "onions", "bread", "milk", "diapers"], 0).exitCode == 0)
    _ = await run("bob", ["list", "--shop", "Costco"], 1)
    for (minute, thing) in [(2, "diapers"), (4, "milk"), (6, "bread"), (8, "onions")] {
      #expect(await run("bob", ["list", "got", thing], minute).exitCode == 0)
    }
    #expect(await run("alice", ["list", "clear", "--got"], 20).exitCode == 0)
    #expect(
      await run("alice", ["list", "add", "eggs", "wipes", "bananas", "toast"], 30).exitCode == 0)
    let hers = await run("alice", ["list", "--shop", "costco"], 31).stdout
    let headings = hers.split(separator: "\n").filter {
      $0.hasPrefix("  ") && !$0.hasPrefix("    ")
    }
    #expect(headings.prefix(4) == ["  Baby", "  Dairy", "  Bakery", "  Produce"], "\(hers)")
  }
}
