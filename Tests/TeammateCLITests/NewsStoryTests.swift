import Foundation
import TeammateCLI
import Testing

/// The partner's news through the built binary, as a couple's ordinary week makes it.
@Suite struct NewsStoryTests {
  /// Alice's and Bob's household on a store of their own, each synced once.
  struct Couple {
    let scratch: Scratch
    let now = "2026-06-06T10:00:00+08:00"

    init() async throws {
      scratch = try Scratch()
      let created = try await run(
        "alice",
        [
          "--json", "household", "create", "--name", "Home", "--tz", "Asia/Taipei",
          "--display-name", "Alice",
        ])
      let document =
        try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any]
      let code = try #require((document?["invite"] as? [String: Any])?["code"] as? String)
      _ = try await run("bob", ["household", "join", code, "--display-name", "Bob"])
      _ = try await run("alice", ["sync"])
      _ = try await run("bob", ["sync"])
    }

    @discardableResult
    func run(_ account: String, _ arguments: [String]) async throws -> CommandOutcome {
      var environment = scratch.environment
      environment["TEAMMATE_NOW"] = now
      let outcome = try await Binary.run(["--as", account] + arguments, environment: environment)
      #expect(outcome.exitCode == 0, "\(arguments): \(outcome.stderr)")
      return outcome
    }

    /// The news lines `account`'s sync prints.
    func told(_ account: String) async throws -> [String] {
      try await run(account, ["sync"]).stdout.split(separator: "\n")
        .filter { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  @Test func test_AC_NEWS_05_aDishAddedBeforeThePartnersOwnDishIsStillNews() async throws {
    let couple = try await Couple()
    try await couple.run("alice", ["dish", "add", "Curry"])
    try await couple.run("alice", ["card", "add", "Bought diapers"])
    try await couple.run("bob", ["dish", "add", "Soup"])
    #expect(
      try await couple.told("bob") == [
        "Alice added Curry to the dishes", #"Alice logged "Bought diapers""#,
      ])
  }

  @Test func test_AC_NEWS_05_theOwnLaterDecisionIsNotToldAsThePartners() async throws {
    let couple = try await Couple()
    try await couple.run(
      "alice", ["meal", "propose", "lunch", "Pasta", "fried rice", "--day", "tomorrow"])
    _ = try await couple.told("bob")
    try await couple.run(
      "bob", ["meal", "propose", "lunch", "takeaway", "eating out", "--day", "tomorrow"])
    try await couple.run(
      "alice", ["--offline", "meal", "decide", "lunch", "leftovers", "--day", "tomorrow"])
    #expect(
      try await couple.told("alice") == ["Bob proposed takeaway or eating out for lunch tomorrow"])
  }

  @Test func test_AC_NEWS_05_aDecisionOfSomethingNotOfferedIsToldAsDecided() async throws {
    let couple = try await Couple()
    try await couple.run(
      "bob", ["meal", "propose", "breakfast", "toast", "porridge", "--day", "2026-06-07"])
    try await couple.run(
      "alice", ["meal", "decide", "breakfast", "pancakes", "--day", "2026-06-07"])
    #expect(try await couple.told("bob") == ["Alice decided pancakes for breakfast tomorrow"])
  }

  @Test func test_AC_NEWS_05_aDecisionWithItsCookIsOneLineNamingTheCook() async throws {
    let couple = try await Couple()
    try await couple.run(
      "bob", ["meal", "propose", "dinner", "takeaway", "eating out", "--day", "tomorrow"])
    try await couple.run(
      "alice", ["meal", "decide", "dinner", "fried rice", "--day", "tomorrow", "--cook", "me"])
    #expect(
      try await couple.told("bob") == ["Alice decided fried rice for dinner tomorrow; Alice cooks"])
  }
}
