import Foundation
import TeammateCLI
import TeammateTestSupport
import Testing

@Suite struct OfflineCLITests {
  /// A couple with one event of Alice's that Bob has synced; its id.
  func checkup(_ scratch: Scratch) async throws -> String {
    try await scratch.couple()
    let card = try await scratch.card(
      "alice", ["Checkup", "--kind", "event", "--at", "tomorrow 9:30"])
    _ = try await scratch.json("bob", ["sync"])
    return try #require(card["id"] as? String)
  }

  @Test func test_AC_CLI_56_offlineWritesWaitInTheOutboxAndShowInTheView() async throws {
    let scratch = try Scratch()
    let id = try await checkup(scratch)
    let ack = await scratch.run("bob", ["--offline", "ack", id])
    #expect(ack.stdout.contains("You know 1 card now (offline: waits in the outbox). Badge: 0"))
    let added = await scratch.run("bob", ["card", "add", "Milk", "--kind", "task", "--offline"])
    #expect(added.stdout.hasPrefix("Logged (offline: waits in the outbox): "))
    let milk = try #require(
      added.stdout.components(separatedBy: "outbox): ").last?.split(separator: " ").first.map(
        String.init))
    var environment = scratch.environment
    environment["TEAMMATE_OFFLINE"] = "1"
    let edit = await Teammate.run(
      ["--as", "bob", "card", "edit", milk, "--note", "oat"], environment: environment)
    #expect(edit.exitCode == 0, "\(edit.stderr)")

    let outbox = try await scratch.json("bob", ["outbox"])
    let entries = try #require(outbox["outbox"] as? [[String: Any]])
    #expect(entries.compactMap { $0["kind"] as? String } == ["acknowledge", "add", "edit"])
    #expect(entries.last?["text"] as? String == "change the note of 'Milk'")
    let listed = await scratch.run("bob", ["outbox"])
    #expect(listed.stdout.contains("acknowledge 'Checkup' (revision 1)"))
    #expect(listed.stdout.hasSuffix("3 writes wait; 'teammate sync' sends them.\n"))
    #expect(try await scratch.json("bob", ["pending"])["badge"] as? Int == 0)
    let show = try await scratch.json("bob", ["card", "show", milk])
    #expect((show["card"] as? [String: Any])?["note"] as? String == "oat")
    #expect(try await scratch.json("bob", ["status"])["outbox"] as? Int == 3)
    // NB: nothing has reached the store yet.
    let alices = try #require(try await scratch.json("alice", ["card", "list"])["cards"] as? [Any])
    #expect(alices.count == 1)

    let sent = try await scratch.json("bob", ["sync"])
    #expect(sent["outbox"] as? Int == 0)
    #expect((sent["conflicts"] as? [Any])?.isEmpty == true)
    let landed = try #require(
      try await scratch.json("alice", ["card", "list"])["cards"] as? [[String: Any]])
    #expect(landed.contains { $0["id"] as? String == milk && $0["note"] as? String == "oat" })
    #expect(
      await scratch.run("bob", ["outbox"]).stdout == "Nothing waits: every write has landed.\n")

    environment["TEAMMATE_OFFLINE"] = "soon"
    let odd = await Teammate.run(["--as", "bob", "pending"], environment: environment)
    #expect(odd.exitCode == 64 && odd.stderr.contains("TEAMMATE_OFFLINE is 'soon'"))
    for command in [
      ["household", "leave"], ["invite", "create"], ["household", "join", "123456"],
    ] {
      let refused = await scratch.run("bob", ["--offline"] + command)
      #expect(refused.exitCode == 1, "\(command)")
      #expect(refused.stderr.contains("needs the network and cannot wait in the outbox"))
    }
  }

  @Test func test_AC_CLI_57_whatDidNotLandIsSaidOnce() async throws {
    let scratch = try Scratch()
    let id = try await checkup(scratch)
    _ = await scratch.run("bob", ["--offline", "ack", id])
    let edit = await scratch.run("alice", ["card", "edit", id, "--title", "Checkup at 10"])
    #expect(edit.exitCode == 0)
    let sync = await scratch.run("bob", ["sync"])
    #expect(
      sync.stdout.contains(
        "Did not land as you made it:\n  ! Alice changed 'Checkup at 10' while you were offline; "
          + "your acknowledgement was of the old version"), "\(sync.stdout)")
    let again = try await scratch.json("bob", ["sync"])
    #expect((again["conflicts"] as? [Any])?.isEmpty == true)

    _ = await scratch.run("bob", ["--offline", "ack", id])
    _ = await scratch.run("alice", ["card", "edit", id, "--title", "Checkup at 11"])
    let json = try await scratch.json("bob", ["sync"])
    let conflicts = try #require(json["conflicts"] as? [[String: Any]])
    #expect(conflicts.count == 1)
    #expect(conflicts.first?["kind"] as? String == "refused")
    #expect(conflicts.first?["cardId"] as? String == id)
    #expect(
      (conflicts.first?["text"] as? String)?.hasPrefix("Alice changed 'Checkup at 11'") == true)
  }
}
