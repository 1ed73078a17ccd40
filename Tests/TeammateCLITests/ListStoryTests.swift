import Foundation
import TeammateCLI
import Testing

/// The shopping list through the built binary, as two partners in one shop live it.
@Suite struct ListStoryTests {
  func run(_ scratch: Scratch, _ account: String, _ arguments: [String]) async throws
    -> CommandOutcome
  {
    let outcome = try await Binary.run(
      ["--as", account] + arguments, environment: scratch.environment)
    #expect(outcome.exitCode == 0, "\(arguments): \(outcome.stderr)")
    return outcome
  }

  func items(_ outcome: CommandOutcome) throws -> [[String: Any]] {
    let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    return try #require((document as? [String: Any])?["items"] as? [[String: Any]])
  }

  @Test func test_AC_LIST_14_adaInTheBasementBobOnlineNothingCheckedComesBack() async throws {
    let scratch = try Scratch()
    let created = try await run(
      scratch, "ada",
      [
        "--json", "household", "create", "--name", "Home", "--tz", "Asia/Taipei", "--display-name",
        "Ada",
      ])
    let document =
      try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any]
    let code = try #require((document?["invite"] as? [String: Any])?["code"] as? String)
    _ = try await run(scratch, "bob", ["household", "join", code, "--display-name", "Bob"])
    let listed = try await items(
      try run(scratch, "ada", ["--json", "list", "add", "milk", "eggs"]))
    let oldMilk = try #require(listed.first?["id"] as? String)
    _ = try await run(scratch, "bob", ["list"])

    // In the basement: no signal.
    let offline = try await run(scratch, "ada", ["--offline", "list", "got", "milk", "eggs"])
    #expect(offline.stdout.hasPrefix("Got (offline: waits in the outbox):"), "\(offline.stdout)")
    // Upstairs, Bob got milk too, needs more, and clears what was got.
    _ = try await run(scratch, "bob", ["list", "got", "milk"])
    let again = try await items(try run(scratch, "bob", ["--json", "list", "add", "milk"]))
    let newMilk = try #require(again.first?["id"] as? String)
    #expect(newMilk != oldMilk)
    _ = try await run(scratch, "bob", ["list", "clear", "--got"])

    // Ada comes back.
    let synced = try await run(scratch, "ada", ["sync"])
    #expect(
      synced.stdout.contains("Bob had already cleared 'milk': your check-off did not land"),
      "\(synced.stdout)")
    let all = try await items(try run(scratch, "ada", ["--json", "list", "--all"]))
    let needed = all.filter { $0["state"] as? String == "needed" }
    #expect(needed.map { $0["id"] as? String } == [newMilk])
    #expect(needed.first?["addedBy"] as? String == "bob")
    let old = all.first { $0["id"] as? String == oldMilk }
    #expect(old?["state"] as? String == "cleared" && old?["by"] as? String == "bob")
    let eggs = all.first { $0["text"] as? String == "eggs" }
    #expect(eggs?["state"] as? String == "got" && eggs?["by"] as? String == "ada")
    // Bob sees the same list.
    let bobs = try await items(try run(scratch, "bob", ["--json", "list", "--all"]))
    #expect(
      Set(bobs.map { "\($0["id"] ?? "") \($0["state"] ?? "")" })
        == Set(all.map { "\($0["id"] ?? "") \($0["state"] ?? "")" }))
  }
}
