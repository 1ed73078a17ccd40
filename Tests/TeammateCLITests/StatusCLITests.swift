import Foundation
import TeammateCLI
import Testing

@Suite struct StatusCLITests {
  @Test func test_AC_CLI_42_statusSaysWhereTheAccountStands() async throws {
    let scratch = try Scratch()
    let before = await scratch.run("alice", ["status"])
    #expect(before.exitCode == 0, "\(before.stderr)")
    #expect(before.stdout.contains("(none yet)"))
    #expect(before.stdout.contains("teammate household create --name NAME"))
    #expect(!FileManager.default.fileExists(atPath: scratch.store))

    try await scratch.couple()
    _ = try await scratch.card("alice", ["Bottles"])
    let bob = try await scratch.json("bob", ["status"])
    #expect(bob.keys.sorted() == ["account", "household", "outbox", "partner", "pending", "store"])
    #expect(bob["account"] as? String == "bob")
    #expect(bob["partner"] as? String == "alice")
    #expect(bob["pending"] as? Int == 1)
    #expect(bob["outbox"] as? Int == 0)
    let store = try #require(bob["store"] as? [String: Any])
    #expect(store["path"] as? String == scratch.store)
    #expect(store["exists"] as? Bool == true && store["kind"] as? String == "sqlite")
    let human = await scratch.run("bob", ["whoami"])
    #expect(human.stdout.contains("partner:    Alice (alice)"))
    #expect(human.stdout.contains("pending:    1"))
    #expect(human.stdout.contains("household:  Home ("))
  }
}

@Suite struct CardListFilterCLITests {
  @Test func test_AC_CLI_43_cardListFiltersSayWhatTheyFilteredAndMarkOverdueTasks() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    // NB: a minute apart, so that the list's order (oldest first) does not hang on random ids.
    _ = try await scratch.card("alice", ["Bought diapers"], now: "2026-12-01T09:01:00+08:00")
    _ = try await scratch.card(
      "alice", ["Trash", "--kind", "task", "--at", "today 10:00", "--assignee", "partner"],
      now: "2026-12-01T09:02:00+08:00")
    _ = try await scratch.card(
      "alice", ["Checkup", "--kind", "event", "--at", "tomorrow 09:30"],
      now: "2026-12-01T09:03:00+08:00")
    let titles = { (arguments: [String]) async throws -> [String] in
      let document = try await scratch.json("bob", ["card", "list"] + arguments)
      return ((document["cards"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
    }
    #expect(try await titles(["--open"]) == ["Bought diapers", "Trash", "Checkup"])
    #expect(try await titles(["--assignee", "me"]) == ["Trash"])
    #expect(try await titles(["--assignee", "both"]) == ["Bought diapers", "Checkup"])
    #expect(try await titles(["--due-before", "tomorrow 08:00"]) == ["Trash"])
    #expect(try await titles(["--search", "CHECK"]) == ["Checkup"])
    #expect(try await titles(["--sort", "due"]) == ["Trash", "Checkup", "Bought diapers"])
    let none = await scratch.run("bob", ["card", "list", "--kind", "topic", "--open"])
    #expect(none.stdout == "No cards match (kind topic, open); 3 card(s) in all.\n")
    let both = await scratch.run("bob", ["card", "list", "--open", "--done"])
    #expect(both.exitCode == 64)
    #expect(both.stderr.contains("'--open' and '--done' cannot be given together"))
    let sort = await scratch.run("bob", ["card", "list", "--sort", "title"])
    #expect(sort.exitCode == 64)
    let late = await scratch.run("bob", ["card", "list"], now: "2026-12-01T11:00:00+08:00")
    #expect(late.stdout.contains("overdue, waiting for you to know"))
  }
}
