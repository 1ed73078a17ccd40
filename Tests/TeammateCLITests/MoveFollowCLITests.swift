import Foundation
import TeammateCLI
import TeammateTestHarness
import Testing

/// A phone that goes straight to where the household moved, and the store left answering
/// every command with where it went, through the built binary (AC-PORT-20, AC-PORT-22).
@Suite struct MoveFollowCLITests {
  /// Runs the built binary as `account` on `store` (the scratch's own when none is given).
  static func run(
    _ scratch: Scratch, _ account: String, _ arguments: [String], store: String? = nil
  ) async throws -> CommandOutcome {
    var environment = scratch.environment
    if let store { environment["TEAMMATE_STORE"] = store }
    return try await Binary.run(["--as", account] + arguments, environment: environment)
  }

  @Test func test_AC_PORT_20_aPhoneThatGoesStraightToTheNewFileSendsItsWriteThereOnce()
    async throws
  {
    let scratch = try Scratch()
    try await scratch.couple()
    let target = scratch.folder.appending("d2.sqlite")
    let run = { (account: String, arguments: [String], store: String?) in
      try await Self.run(scratch, account, arguments, store: store)
    }
    #expect(try await run("alice", ["card", "add", "Old card"], nil).exitCode == 0)
    _ = try await run("bob", ["sync"], nil)
    #expect(
      try await run("bob", ["--offline", "card", "add", "Written offline"], nil).exitCode == 0)
    let moved = try await run("alice", ["household", "move", "--to", target], nil)
    #expect(moved.exitCode == 0, "\(moved.stderr)")

    // NB: Bob never opens the file the household left.
    let there = try await run("bob", ["sync"], target)
    #expect(there.exitCode == 0, "\(there.stderr)")
    #expect(there.stdout.hasPrefix("1 waiting write sent;"), "\(there.stdout)")
    #expect(!there.stdout.contains("Old card"), "\(there.stdout)")
    let outbox = try await run("bob", ["outbox"], target)
    #expect(outbox.stdout.contains("every write has landed"), "\(outbox.stdout)")
    let again = try await run("bob", ["sync"], target)
    #expect(!again.stdout.contains("sent"), "\(again.stdout)")
    let cards = try await run("alice", ["--json", "card", "list"], target)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [String: Any])
    let titles = ((document["cards"] as? [[String: Any]]) ?? []).compactMap {
      $0["title"] as? String
    }
    #expect(titles.sorted() == ["Old card", "Written offline"], "\(titles)")
    // NB: the file left keeps neither phone's state: asked there, Bob is told where it went.
    let left = try await run("bob", ["outbox"], nil)
    #expect(left.exitCode == 1 && left.stderr.contains("has moved to \(target)"), "\(left.stderr)")
  }

  @Test func test_AC_PORT_22_everyCommandOnTheStoreLeftSaysWhereTheHouseholdWent() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let target = scratch.folder.appending("moved.sqlite")
    #expect(try await Self.run(scratch, "alice", ["card", "add", "Checkup"]).exitCode == 0)
    _ = try await Self.run(scratch, "bob", ["sync"])
    let moved = try await Self.run(scratch, "alice", ["household", "move", "--to", target])
    #expect(moved.exitCode == 0, "\(moved.stderr)")
    let reads = [
      ["card", "list"], ["pending"], ["outbox"], ["status"], ["household", "show"], ["list"],
      ["meal", "history"], ["card", "add", "Too late"],
    ]
    for account in ["bob", "alice"] {
      for command in reads {
        for (language, words) in [("en", "has moved to \(target)"), ("zh-Hant", "已經搬到 \(target)")] {
          let outcome = try await Self.run(scratch, account, ["--lang", language] + command)
          #expect(
            outcome.exitCode == 1, "\(account) \(command): \(outcome.stdout)\(outcome.stderr)")
          #expect(outcome.stderr.contains(words), "\(account) \(command): \(outcome.stderr)")
        }
      }
    }
    // NB: making a household there is still allowed (AC-PORT-19).
    let made = try await Self.run(scratch, "bob", ["household", "create", "--name", "Again"])
    #expect(made.exitCode == 0, "\(made.stderr)")
  }
}

/// What a move leaves in the file the household left, through the built binary (AC-PORT-25).
@Suite struct MoveLeavesTheMarkCLITests {
  @Test func test_AC_PORT_25_theFileLeftNamesNobodyButInTheMarkAndAnErasedMemberNowhere()
    async throws
  {
    let scratch = try Scratch()
    try await scratch.couple()
    let target = scratch.folder.appending("moved.sqlite")
    let run = { (account: String, arguments: [String]) in
      try await MoveFollowCLITests.run(scratch, account, arguments)
    }
    #expect(try await run("alice", ["card", "add", "Checkup", "--kind", "task"]).exitCode == 0)
    _ = try await run("bob", ["sync"])
    #expect(try await run("bob", ["list", "add", "2 kg rice"]).exitCode == 0)
    // NB: the scan finds them before: it can fail.
    #expect(try AccountDeleteCLITests.naming("alice", in: scratch.store).count > 3)
    #expect(try await run("alice", ["household", "move", "--to", target]).exitCode == 0)
    for text in ["alice", "Alice", "bob", "Bob"] {
      let found = try AccountDeleteCLITests.naming(text, in: scratch.store)
      #expect(found.allSatisfy { $0.hasPrefix("moved_households.") }, "\(text): \(found)")
    }
    let erased = try await run("alice", ["account", "delete"])
    #expect(erased.exitCode == 0, "\(erased.stderr)")
    #expect(try AccountDeleteCLITests.naming("alice", in: scratch.store) == [])
    #expect(
      try AccountDeleteCLITests.naming("bob", in: scratch.store) == ["moved_households.members"])
    let beside = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path)
    #expect(!beside.contains { $0.contains("alice") }, "\(beside)")
    // Bob, still listed, is told where it went.
    let told = try await run("bob", ["status"])
    #expect(told.exitCode == 1 && told.stderr.contains("has moved to \(target)"), "\(told.stderr)")
  }
}
