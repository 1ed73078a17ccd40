import Foundation
import TeammateCLI
import Testing

@Suite struct ErrorTests {
  @Test(arguments: [
    ["pending"], ["sync"], ["card", "add", "x"], ["card", "list"], ["invite", "create"],
    ["household", "show"], ["settings"], ["ack", "--all"], ["household", "leave"],
  ])
  func test_AC_CLI_04_withoutAHouseholdCommandsSayWhatToDoFirst(arguments: [String]) async throws {
    let scratch = try Scratch()
    _ = try await scratch.json("carol", ["household", "create", "--name", "Other", "--tz", "UTC"])
    let outcome = await scratch.run("alice", arguments)
    #expect(outcome.exitCode == 1)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("'alice' is not in a household yet"))
    #expect(outcome.stderr.contains("teammate household create --name NAME"))
    #expect(outcome.stderr.contains("teammate household join CODE"))
  }

  @Test func test_AC_CLI_05_ruleRefusalsExitOneWithTheRulesSentence() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let card = try await scratch.card("alice", ["Bought diapers"])
    let id = try #require(card["id"] as? String)
    let own = await scratch.run("alice", ["ack", id])
    #expect(own.exitCode == 1)
    #expect(own.stdout.isEmpty)
    #expect(
      own.stderr
        == "teammate: error: you made the last change to '\(id)'; your partner is the one who acknowledges it\n"
    )
    let third = await scratch.run("carol", ["household", "join", "123456"])
    #expect(third.exitCode == 1)
    #expect(third.stderr.hasPrefix("teammate: error: there is no invite with the code 123456"))
    let full = await scratch.run("alice", ["invite", "create"])
    #expect(full.stderr == "teammate: error: this household already has two members\n")
  }

  @Test func test_AC_CLI_06_unusableStoresExit74NamingTheFile() async throws {
    let scratch = try Scratch()
    let garbage = scratch.folder.appending("garbage.sqlite")
    #expect(
      FileManager.default.createFile(atPath: garbage, contents: Data(repeating: 0x42, count: 4_096))
    )
    let notADatabase = await Teammate.run(["--store", garbage, "--as", "a", "pending"])
    #expect(notADatabase.exitCode == 74)
    #expect(notADatabase.stdout.isEmpty)
    #expect(notADatabase.stderr.contains("\(garbage) is not a Teammate store"))

    let blocker = scratch.folder.appending("file")
    #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
    let unwritable = await Teammate.run([
      "--store", blocker + "/deeper/s.sqlite", "--as", "a", "household", "create", "--name", "H",
    ])
    #expect(unwritable.exitCode == 74)
    #expect(unwritable.stderr.contains("cannot create the store's folder \(blocker)/deeper"))
  }

  @Test func test_AC_CLI_07_failingCommandsChangeNothing() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let card = try await scratch.card("alice", ["Laundry", "--kind", "task"])
    let id = try #require(card["id"] as? String)
    let before = try await scratch.fingerprint()
    let failing: [(String, [String])] = [
      ("alice", ["card", "add", "   "]),
      ("alice", ["card", "add", "x", "--kind", "chore"]),
      ("alice", ["card", "add", "x", "--at", "someday"]),
      ("alice", ["card", "add", "x", "--reply-by", "today 20:00"]),
      ("alice", ["card", "edit", id, "--title", ""]),
      ("bob", ["ack", id, "--revision", "7"]),
      ("bob", ["ack", id, "nonexistent"]),
      ("alice", ["settings", "--lead", "5000"]),
      ("alice", ["settings", "--digest-time", "25:00"]),
      ("alice", ["household", "create", "--name", "Second"]),
      ("carol", ["household", "join", "000000"]),
    ]
    for (account, arguments) in failing {
      let outcome = await scratch.run(account, arguments)
      #expect(outcome.exitCode != 0, "\(arguments)")
      #expect(outcome.stdout.isEmpty, "\(arguments)")
    }
    #expect(
      NSDictionary(dictionary: try await scratch.fingerprint()) == NSDictionary(dictionary: before))
    #expect(try await scratch.json("bob", ["pending"])["badge"] as? Int == 1)
  }

  @Test func test_AC_CLI_06_aNewerSchemaExits74AndIsLeftAsItWas() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    // The schema version is SQLite's user_version: four big-endian bytes at offset 60.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.store))
    bytes.replaceSubrange(60..<64, with: [0, 0, 0x7F, 0xFF])
    try bytes.write(to: URL(fileURLWithPath: scratch.store))
    for arguments in [["pending"], ["card", "add", "Milk"]] {
      let refused = await scratch.run("alice", arguments)
      #expect(refused.exitCode == 74, "\(arguments)")
      #expect(refused.stdout.isEmpty)
      #expect(refused.stderr.contains(scratch.store), "\(refused.stderr)")
      #expect(refused.stderr.contains("newer"), "\(refused.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.store)) == bytes)
  }
}
