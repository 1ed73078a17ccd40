import Foundation
import TeammatePostgres
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammateCLI

@Suite struct OfflineCLITests {
  /// A couple with one event of Alice's that Bob has synced; its id.
  func checkup(_ scratch: Scratch) async throws -> String {
    try await scratch.couple()
    let card = try await scratch.card(
      "alice", ["Checkup", "--kind", "event", "--at", "tomorrow 9:30"])
    _ = try await scratch.json("bob", ["sync"])
    return try #require(card["id"] as? String)
  }

  @Test func test_AC_HH_12_aHouseholdMadeOfflineWaitsAndTheNextSyncSendsIt() async throws {
    let scratch = try Scratch()
    let made = try await Binary.run(
      [
        "--as", "alice", "--offline", "household", "create", "--name", "Home", "--tz",
        "Asia/Taipei", "--display-name", "Alice",
      ],
      environment: scratch.environment)
    #expect(made.exitCode == 0, "\(made.stderr)")
    #expect(
      made.stdout
        == "Created 'Home' in Asia/Taipei on this device; it waits in the outbox until the "
        + "next sync.\nOnce it has landed, 'teammate invite show' prints the code your partner "
        + "joins with.\n")
    let shown = try await scratch.json("alice", ["--offline", "household", "show"])
    #expect((shown["household"] as? [String: Any])?["name"] as? String == "Home")
    _ = try await scratch.card("alice", ["--offline", "Diapers", "--kind", "task"])
    let outbox = try await scratch.json("alice", ["outbox"])
    let kinds = (outbox["outbox"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
    #expect(kinds == ["household-create", "add"])
    // NB: Bob cannot join what has not landed; the code comes after the sync.
    #expect(await scratch.run("alice", ["invite", "show"]).exitCode == 1)

    let sent = try await scratch.json("alice", ["sync"])
    #expect(sent["outbox"] as? Int == 0 && (sent["conflicts"] as? [Any])?.isEmpty == true)
    let invite = try await scratch.json("alice", ["invite", "show"])
    let code = try #require(invite["code"] as? String)
    _ = try await scratch.json("bob", ["household", "join", code, "--display-name", "Bob"])
    let bobs = try #require(
      try await scratch.json("bob", ["card", "list"])["cards"] as? [[String: Any]])
    #expect(bobs.map { $0["title"] as? String } == ["Diapers"])
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

/// Two machines, one server: `--store postgresql://…` with a device file each.
@Suite struct ServerCLITests {
  /// A schema of its own on the test server, as a `--store` URL.
  static func server() throws -> String { try PostgresTestServer.freshStore("cli") }

  func run(_ server: String, _ device: String, _ account: String, _ arguments: [String])
    async throws -> CommandOutcome
  {
    try await Binary.run(
      ["--store", server, "--device", device, "--as", account] + arguments,
      environment: ["TEAMMATE_NOW": "2026-12-01T09:00:00+08:00"])
  }

  func json(_ outcome: CommandOutcome) throws -> [String: Any] {
    #expect(outcome.exitCode == 0, "\(outcome.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
  }

  /// Alice creates "Home" on a fresh server store and Bob joins, each with a device file of
  /// their own: the store's URL and the two files.
  func couple() async throws -> (String, String, String) { try await couple(on: try Self.server()) }

  /// Alice creates "Home" on `server` and Bob joins: the URL and the two device files.
  func couple(on server: String) async throws -> (String, String, String) {
    let folder = try TemporaryFolder.make()
    let (alice, bob) = (folder.appending("alice.sqlite"), folder.appending("bob.sqlite"))
    let created = try await json(
      try run(server, alice, "alice", ["--json", "household", "create", "--name", "Home"]))
    let code = try #require((created["invite"] as? [String: Any])?["code"] as? String)
    await #expect(try run(server, bob, "bob", ["household", "join", code]).exitCode == 0)
    return (server, alice, bob)
  }

  @Test func test_AC_CLI_59_twoDeviceFilesShareAHouseholdOnTheServer() async throws {
    let (server, alice, bob) = try await couple()
    let card = try await json(
      try run(server, alice, "alice", ["--json", "card", "add", "Checkup", "--kind", "event"]))
    let id = try #require((card["card"] as? [String: Any])?["id"] as? String)
    let synced = try await run(server, bob, "bob", ["sync"])
    #expect(synced.stdout.contains("alice logged \"Checkup\""), "\(synced.stdout)")
    await #expect(try run(server, bob, "bob", ["ack", id]).exitCode == 0)
    let back = try await run(server, alice, "alice", ["sync"])
    #expect(back.stdout.contains("bob knows \"Checkup\""), "\(back.stdout)")
    let status = try await json(try run(server, bob, "bob", ["--json", "status"]))
    let store = try #require(status["store"] as? [String: Any])
    #expect(store["kind"] as? String == "postgresql")
    #expect(store["schema"] as? Int == PostgresBackend.schemaVersion)
    #expect(FileManager.default.fileExists(atPath: alice))
    #expect(FileManager.default.fileExists(atPath: bob))
  }

  @Test func test_AC_CLI_84_throughAPoolerTheCommandsWorkAndWatchAsksForTheServer() async throws {
    let store = try PostgresTestServer.freshPooledStore("clipool")
    let (server, alice, bob) = try await couple(on: store.pooled)
    await #expect(try run(server, alice, "alice", ["card", "add", "Checkup"]).exitCode == 0)
    let synced = try await run(server, bob, "bob", ["sync"])
    #expect(synced.stdout.contains("alice logged \"Checkup\""), "\(synced.stdout)")
    let watch = try await run(server, bob, "bob", ["watch", "--count", "1"])
    #expect(watch.exitCode == 74)
    #expect(
      watch.stderr.contains(
        "pushes need a session of their own, which a pooler in transaction mode does not keep: "
          + "follow the household with the server's own URL"), "\(watch.stderr)")
    let direct = try await run(store.direct, bob, "bob", ["pending"])
    #expect(direct.stdout.contains("Checkup"), "\(direct.stdout)")
  }

  @Test func test_AC_CLI_78_aMissingDeviceFileIsCalledWhatItIs() async throws {
    let (server, _, _) = try await couple()
    let fresh = try TemporaryFolder.make().appending("new-phone.sqlite")
    let read = try await run(server, fresh, "bob", ["pending"])
    #expect(read.exitCode == 1, "\(read.stderr)")
    #expect(
      read.stderr
        == "teammate: error: there is no device file at \(fresh) yet: any command that writes "
        + "makes it (or give --device the right path)\n")
    #expect(!FileManager.default.fileExists(atPath: fresh))
  }

  @Test func test_AC_CLI_60_anUnreachableServerIs74AndOfflineWritesWait() async throws {
    let (server, alice, bob) = try await couple()
    let card = try await json(
      try run(server, alice, "alice", ["--json", "card", "add", "Diapers"]))
    let id = try #require((card["card"] as? [String: Any])?["id"] as? String)
    await #expect(try run(server, bob, "bob", ["sync"]).exitCode == 0)

    #expect(
      ServerURL.masked(
        "postgresql://al%40ice:p%40ss%3Aw@db.example:5432/home?sslmode=require&password=x%26y")
        == "postgresql://al%40ice:***@db.example:5432/home?sslmode=require&password=***")
    let gone = "postgresql://bob:s3cret@localhost:1/teammate"
    let refused = try await run(gone, bob, "bob", ["pending"])
    #expect(refused.exitCode == 74)
    #expect(refused.stderr.contains("postgresql://bob:***@localhost:1/teammate"))
    #expect(!refused.stderr.contains("s3cret"))
    #expect(refused.stderr.contains("hint: "))
    let waiting = try await run(gone, bob, "bob", ["--offline", "ack", id])
    #expect(waiting.exitCode == 0, "\(waiting.stderr)")
    #expect(waiting.stdout.contains("(offline: waits in the outbox)"))
    await #expect(try run(gone, bob, "bob", ["--offline", "pending"]).stdout.contains("Badge: 0"))
    await #expect(try run(server, bob, "bob", ["sync"]).exitCode == 0)
    let landed = try await json(try run(server, alice, "alice", ["--json", "card", "show", id]))
    #expect((landed["card"] as? [String: Any])?["ackBy"] as? String == "bob")
  }
}

@Suite struct ServerRefusalCLITests {
  @Test func test_AC_CLI_61_aRefusedSignInOrRoleIs74WithTheServersSentence() async throws {
    let base = try PostgresTestServer.url()
    let store = try ServerCLITests.server()
    let schema = try #require(store.components(separatedBy: "search_path%3D").last)
    // NB: the throwaway cluster asks `teammate_password` for its password (scripts/postgres.sh).
    // The roles are the server's; the schema is the store's database's.
    try await Self.psql(
      store,
      "DO $$ BEGIN CREATE ROLE teammate_password LOGIN PASSWORD 'right'; "
        + "EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
        + "DO $$ BEGIN CREATE ROLE teammate_nobody LOGIN; "
        + "EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
        + "GRANT USAGE ON SCHEMA \(schema) TO teammate_nobody")
    let folder = try TemporaryFolder.make()
    func pending(_ url: String) async throws -> CommandOutcome {
      try await Binary.run(
        ["--store", url, "--device", folder.appending("d.sqlite"), "--as", "alice", "pending"],
        environment: [:])
    }
    let wrong = try await pending(
      base.replacingOccurrences(of: "user=postgres", with: "user=teammate_password")
        + "&password=wrong")
    #expect(wrong.exitCode == 74)
    #expect(wrong.stderr.contains("password authentication failed"), "\(wrong.stderr)")
    #expect(wrong.stderr.contains("password=***") && !wrong.stderr.contains("=wrong"))
    let bare = try await pending(
      store.replacingOccurrences(of: "user=postgres", with: "user=teammate_nobody"))
    #expect(bare.exitCode == 74)
    #expect(bare.stderr.contains("permission denied"), "\(bare.stderr)")
  }

  static func psql(_ url: String, _ sql: String) async throws {
    _ = try await offThePool {
      try ProgramRun(URL(fileURLWithPath: "/usr/bin/env"), ["psql", url, "-qc", sql])
    }
  }
}

extension ServerCLITests {
  @Test func test_AC_CLI_62_theDemoPlaysTwoMachinesOnAServer() async throws {
    let server = try Self.server()
    let demo = try await Binary.run(["--store", server, "demo"], environment: [:])
    #expect(demo.exitCode == 0, "\(demo.stderr)")
    #expect(demo.stdout.contains("Store: the server at postgresql://"))
    #expect(demo.stdout.contains("each phone keeps a device file of its own"))
    #expect(
      demo.stdout.hasSuffix(
        "Nothing waits for you. Badge: 0\n\n"
          + "The demo's household is deleted from the server: alice and bob are free again.\n"))
    // NB: the README's next line works: alice makes a household of her own on that server.
    let folder = try TemporaryFolder.make()
    let created = try await Binary.run(
      [
        "--store", server, "--device", folder.appending("alice.sqlite"), "--as", "alice",
        "household", "create", "--name", "Home",
      ], environment: [:])
    #expect(created.exitCode == 0, "\(created.stderr)")
  }
}

@Suite struct SentWritesCLITests {
  @Test func test_AC_CLI_76_aSyncThatSentWaitingWritesSaysSo() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = await scratch.run("bob", ["--offline", "card", "add", "Milk"])
    _ = await scratch.run("bob", ["--offline", "card", "add", "Bread"])
    let sent = await scratch.run("bob", ["sync"])
    #expect(sent.exitCode == 0, "\(sent.stderr)")
    #expect(
      sent.stdout.hasPrefix("2 waiting writes sent; nothing new from your partner; "),
      "\(sent.stdout)")
    _ = await scratch.run("bob", ["--offline", "card", "add", "Eggs"])
    #expect(await scratch.run("bob", ["sync"]).stdout.hasPrefix("1 waiting write sent; "))
    let again = await scratch.run("bob", ["sync"])
    #expect(again.stdout.hasPrefix("Nothing new from your partner; "), "\(again.stdout)")
  }
}

@Suite struct JoinedDeviceCLITests {
  @Test func test_AC_CLI_77_aDeviceKnowsItsHouseholdOnAStoreFileAsSoonAsItJoins() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let waiting = await scratch.run("bob", ["--offline", "card", "add", "Milk"])
    #expect(waiting.exitCode == 0, "\(waiting.stderr)")
    #expect(waiting.stdout.hasPrefix("Logged (offline: waits in the outbox): "))
    let made = await scratch.run("carol", ["household", "create", "--name", "Flat"])
    #expect(made.exitCode == 0, "\(made.stderr)")
    let alone = await scratch.run("carol", ["--offline", "card", "add", "Rent"])
    #expect(alone.exitCode == 0 && alone.stdout.hasPrefix("Logged (offline"), "\(alone.stderr)")
    _ = await scratch.run("bob", ["sync"])
    let cards = try #require(
      try await scratch.json("alice", ["card", "list"])["cards"] as? [[String: Any]])
    #expect(cards.contains { $0["title"] as? String == "Milk" })
  }
}
