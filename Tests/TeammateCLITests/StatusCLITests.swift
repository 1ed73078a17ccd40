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
