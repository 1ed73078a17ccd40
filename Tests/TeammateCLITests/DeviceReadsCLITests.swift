import Foundation
import TeammateTestSupport
import Testing

/// Every command reads through the acting account's device: what the partner did a moment ago
/// can be named without a sync, and `sync` still tells it.
@Suite struct DeviceReadsCLITests {
  @Test func test_AC_CLI_96_commandsReadThroughTheDeviceAndNameThePartnersLatest() async throws {
    // NB: on a store file, the partner's item is named by a command that writes.
    let scratch = try Scratch()
    try await scratch.couple()
    #expect(await scratch.run("alice", ["list", "add", "garlic"]).exitCode == 0)
    let got = await scratch.run("bob", ["list", "got", "garlic"])
    #expect(got.exitCode == 0, "\(got.stderr)")
    // NB: pending in the order the rules give, the longest waiting first.
    let first = try #require(
      (try await scratch.json("alice", ["card", "add", "First"], now: "2026-12-01T09:01:00+08:00")[
        "card"] as? [String: Any])?["id"] as? String)
    _ = try await scratch.json(
      "alice", ["card", "add", "Second"], now: "2026-12-01T09:02:00+08:00")
    _ = await scratch.run(
      "alice", ["card", "edit", first, "--note", "again"], now: "2026-12-01T09:03:00+08:00")
    let waiting = try #require(
      try await scratch.json("bob", ["pending"])["cards"] as? [[String: Any]])
    #expect(waiting.compactMap { $0["title"] as? String } == ["Second", "First"])
    // NB: what waits in the outbox is what the device shows, the household's settings too.
    #expect(await scratch.run("bob", ["--offline", "settings", "--lead", "45"]).exitCode == 0)
    let shown = try await scratch.json("bob", ["--offline", "settings"])
    #expect((shown["settings"] as? [String: Any])?["leadMinutes"] as? Int == 45, "\(shown)")

    // NB: on a server, by any command: it refreshes the device first.
    let machines = ServerCLITests()
    let (server, alice, bob) = try await machines.couple()
    #expect(
      try await machines.run(server, alice, "alice", ["list", "add", "garlic"]).exitCode == 0)
    let gotThere = try await machines.run(server, bob, "bob", ["list", "got", "garlic"])
    #expect(gotThere.exitCode == 0, "\(gotThere.stderr)")
    #expect(
      try await machines.run(server, alice, "alice", ["card", "add", "Checkup"]).exitCode == 0)
    let pending = try await machines.run(server, bob, "bob", ["pending"])
    #expect(pending.stdout.contains("Checkup"), "\(pending.stdout)")
    // NB: the pending pulled it; the sync tells it all the same, once.
    let synced = try await machines.run(server, bob, "bob", ["sync"])
    #expect(synced.stdout.contains("alice logged \"Checkup\""), "\(synced.stdout)")
    let again = try await machines.run(server, bob, "bob", ["sync"])
    #expect(!again.stdout.contains("Checkup"), "\(again.stdout)")
  }
}
