import Foundation
import TeammateCLI
import TeammateTestSupport
import Testing

@testable import TeammateSQLite

/// `pending` beside a store file reads the cards that may wait, not the whole household.
@Suite struct PendingReadsCLITests {
  func run(_ scratch: Scratch, _ account: String, _ arguments: [String], chinese: Bool = false)
    async throws -> CommandOutcome
  {
    var environment = scratch.environment
    if chinese { environment["TEAMMATE_LANG"] = "zh-Hant" }
    return try await Binary.run(["--as", account] + arguments, environment: environment)
  }

  /// The titles `--json pending` lists for `account`, and what `card list` marks pending.
  func titles(_ scratch: Scratch, _ account: String) async throws -> (
    pending: [String], marked: [String]
  ) {
    func cards(_ arguments: [String]) async throws -> [[String: Any]] {
      let outcome = try await run(scratch, account, ["--json"] + arguments)
      #expect(outcome.exitCode == 0, "\(arguments): \(outcome.stderr)")
      let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
      return try #require((document as? [String: Any])?["cards"] as? [[String: Any]])
    }
    let pending = try await cards(["pending"]).compactMap { $0["title"] as? String }
    let marked = try await cards(["card", "list"]).filter { $0["pending"] as? Bool == true }
    return (pending, marked.compactMap { $0["title"] as? String }.sorted())
  }

  @Test func test_AC_CLI_100_pendingReadsOnlyTheCardsThatMayWait() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let crib = try await scratch.card("alice", ["Crib"])
    let bottle = try await scratch.card("alice", ["Bottle"])
    let gone = try await scratch.card("alice", ["Gone"])
    _ = try await scratch.card("bob", ["Nap"])
    let bottleID = try #require(bottle["id"] as? String)
    #expect(
      await scratch.run("alice", ["card", "delete", try #require(gone["id"] as? String)]).exitCode
        == 0)
    #expect(await scratch.run("bob", ["ack", bottleID]).exitCode == 0)
    let shown = try await titles(scratch, "bob")
    #expect(shown.pending == ["Crib"] && shown.marked == ["Crib"], "\(shown)")
    let chinese = try await run(scratch, "bob", ["pending"], chinese: true)
    #expect(chinese.exitCode == 0 && chinese.stdout.contains("Crib"), "\(chinese.stdout)")

    // NB: a row `pending` does not need, unreadable: `card list` fails on it, `pending` not.
    let connection = try SQLiteConnection(path: scratch.store)
    try connection.run("UPDATE cards SET kind = 'teleport' WHERE id = ?", [.text(bottleID)])
    let list = try await run(scratch, "bob", ["card", "list"])
    #expect(list.exitCode == 74, "\(list.stderr)")
    let pending = try await run(scratch, "bob", ["pending"])
    #expect(pending.exitCode == 0 && pending.stdout.contains("Crib"), "\(pending.stderr)")
    try connection.run("UPDATE cards SET kind = 'note' WHERE id = ?", [.text(bottleID)])

    // NB: what waits in the outbox is shown over the cards it read: an offline ack empties it.
    let cribID = try #require(crib["id"] as? String)
    #expect(try await run(scratch, "bob", ["--offline", "ack", cribID]).exitCode == 0)
    #expect(try await titles(scratch, "bob").pending.isEmpty)
    let sent = try await run(scratch, "bob", ["sync"])
    #expect(sent.exitCode == 0, "\(sent.stderr)")
    #expect(try await titles(scratch, "bob").pending.isEmpty)
    #expect(try await titles(scratch, "alice").pending == ["Nap"])
  }
}
