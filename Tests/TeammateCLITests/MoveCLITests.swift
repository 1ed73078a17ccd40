import Foundation
import TeammateCLI
import Testing

/// `teammate household move`: a household taken to another store through the built binary,
/// each device following it (AC-PORT-15).
@Suite struct MoveCLITests {
  @Test func test_AC_PORT_15_theHouseholdMovesAndBobsOfflineWriteLandsThereOnce() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let target = scratch.folder.appending("new.sqlite")
    func run(_ account: String, _ arguments: [String], store: String? = nil) async throws
      -> CommandOutcome
    {
      var environment = scratch.environment
      if let store { environment["TEAMMATE_STORE"] = store }
      return try await Binary.run(["--as", account] + arguments, environment: environment)
    }
    #expect(try await run("alice", ["card", "add", "Checkup", "--kind", "task"]).exitCode == 0)
    _ = try await run("bob", ["sync"])
    #expect(try await run("bob", ["--offline", "card", "add", "Written offline"]).exitCode == 0)
    #expect(try await run("alice", ["card", "add", "Before the move"]).exitCode == 0)

    let moved = try await run("alice", ["household", "move", "--to", target])
    #expect(moved.exitCode == 0, "\(moved.stderr)")
    #expect(moved.stdout.hasPrefix("Moved the household 'Home' to \(target);"), "\(moved.stdout)")
    // The store it left says where it went, and changes nothing.
    let left = try await run("bob", ["sync"])
    #expect(left.exitCode == 1, "\(left.stderr)")
    #expect(left.stderr.contains("has moved to \(target)"), "\(left.stderr)")
    #expect(left.stderr.contains("hint: run it with --store \(target)"), "\(left.stderr)")
    let refused = try await run("alice", ["card", "add", "Too late"])
    #expect(refused.exitCode == 1 && refused.stderr.contains("has moved to"), "\(refused.stderr)")

    // Each device follows: nothing told again, Bob's waiting write sent once.
    let bobThere = try await run("bob", ["sync"], store: target)
    #expect(bobThere.exitCode == 0, "\(bobThere.stderr)")
    #expect(bobThere.stdout.hasPrefix("1 waiting write sent; 1 new;"), "\(bobThere.stdout)")
    #expect(bobThere.stdout.contains("Alice logged \"Before the move\""))
    #expect(!bobThere.stdout.contains("Checkup"))
    let aliceThere = try await run("alice", ["sync"], store: target)
    #expect(aliceThere.stdout.contains("Bob logged \"Written offline\""), "\(aliceThere.stdout)")
    #expect(!aliceThere.stdout.contains("Checkup"))
    let cards = try await run("alice", ["--json", "card", "list"], store: target)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [String: Any])
    let titles = ((document["cards"] as? [[String: Any]]) ?? []).compactMap {
      $0["title"] as? String
    }
    #expect(titles.sorted() == ["Before the move", "Checkup", "Written offline"], "\(titles)")
  }
}
