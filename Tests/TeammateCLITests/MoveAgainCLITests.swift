import Foundation
import TeammateCLI
import Testing

/// A move cut short after its import, made again through the built binary (AC-PORT-32).
@Suite struct MoveAgainCLITests {
  @Test func test_AC_PORT_32_aMoveCutShortIsMadeAgainAndAStaleCopyIsRefusedInBothLanguages()
    async throws
  {
    let scratch = try Scratch()
    try await scratch.couple()
    func run(_ account: String, _ arguments: [String], store: String? = nil) async throws
      -> CommandOutcome
    {
      var environment = scratch.environment
      if let store { environment["TEAMMATE_STORE"] = store }
      return try await Binary.run(["--as", account] + arguments, environment: environment)
    }
    #expect(try await run("alice", ["card", "add", "Checkup"]).exitCode == 0)
    _ = try await run("bob", ["sync"])
    // NB: what a move killed between its import and its mark leaves: the household copied
    // there, never marked here.
    func copy(to target: String) async throws {
      let document = scratch.folder.appending("home.json")
      let exported = try await run("alice", ["export", "--household", "--output", document])
      #expect(exported.exitCode == 0, "\(exported.stderr)")
      let imported = try await run("alice", ["import", document], store: target)
      #expect(imported.exitCode == 0, "\(imported.stderr)")
    }
    let stale = scratch.folder.appending("stale.sqlite")
    try await copy(to: stale)
    #expect(try await run("alice", ["card", "add", "Later"]).exitCode == 0)
    for (language, words) in [("en", "holds an older copy"), ("zh-Hant", "有這個家較舊的一份")] {
      let refused = try await run(
        "alice", ["--lang", language, "household", "move", "--to", stale])
      #expect(refused.exitCode == 1, "\(refused.stderr)")
      #expect(refused.stderr.hasPrefix("teammate: error: "), "\(refused.stderr)")
      #expect(refused.stderr.contains(words), "\(refused.stderr)")
    }
    // NB: the household stays, working, where it lives.
    let here = try await run("bob", ["sync"])
    #expect(here.exitCode == 0 && here.stdout.contains("Later"), "\(here.stdout)\(here.stderr)")

    let again = scratch.folder.appending("again.sqlite")
    try await copy(to: again)
    let moved = try await run("alice", ["household", "move", "--to", again])
    #expect(moved.exitCode == 0, "\(moved.stderr)")
    let bob = try await run("bob", ["sync"], store: again)
    #expect(bob.exitCode == 0, "\(bob.stderr)")
    let cards = try await run("bob", ["--json", "card", "list"], store: again)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [String: Any])
    let titles = ((document["cards"] as? [[String: Any]]) ?? []).compactMap {
      $0["title"] as? String
    }
    #expect(titles.sorted() == ["Checkup", "Later"], "\(titles)")
    #expect(try await run("bob", ["sync"]).stderr.contains("has moved to \(again)"))
  }
}
