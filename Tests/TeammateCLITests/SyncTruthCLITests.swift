import Foundation
import TeammateCLI
import Testing

/// What `sync` and the writing commands tell a person, and what they leave planned.
@Suite struct SyncTruthCLITests {
  func ids(_ document: [String: Any], _ key: String) -> [String] {
    ((document[key] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
  }

  func kinds(_ document: [String: Any], _ key: String) -> [String] {
    ((document[key] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String }
  }

  @Test func test_AC_CLI_24_syncSaysWhatThePartnerDidInASummaryAndOneLineEach() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let mine = try #require(try await scratch.card("bob", ["Bottles"])["id"] as? String)
    _ = await scratch.run("bob", ["sync"])
    // NB: before Alice's cards: a command opening the device pulls, and shows what it pulled.
    _ = try await scratch.card("bob", ["My own"])
    for title in ["Checkup", "Bath", "Nap"] { _ = try await scratch.card("alice", [title]) }
    let bath = try #require(
      (try await scratch.json("alice", ["card", "list"])["cards"] as? [[String: Any]])?
        .first { $0["title"] as? String == "Bath" }?["id"] as? String)
    _ = await scratch.run("alice", ["card", "edit", bath, "--title", "Bath time"])
    _ = await scratch.run("alice", ["ack", mine])
    let synced = await scratch.run("bob", ["sync"])
    #expect(synced.exitCode == 0, "\(synced.stderr)")
    let lines = synced.stdout.split(separator: "\n").map(String.init)
    // Three activity notifications and the digest.
    #expect(lines.first == "3 new, Alice knows 1 of yours; 4 reminders planned.")
    // In feed order of each card's latest change: Bath was renamed after Nap was logged.
    #expect(
      Array(lines.dropFirst()) == [
        "  Alice logged \"Checkup\"", "  Alice logged \"Nap\"", "  Alice logged \"Bath time\"",
        "  Alice knows \"Bottles\"", "Badge: 3",
      ])
    _ = await scratch.run("alice", ["card", "edit", bath, "--note", "warm", "--at", "today 19:00"])
    let json = try await scratch.json("bob", ["sync"])
    let news = try #require((json["news"] as? [[String: Any]])?.first)
    #expect(news["kind"] as? String == "changed")
    #expect(news["changed"] as? [String] == ["note", "time"])
    #expect(news["by"] as? String == "alice")
    #expect(news["cardId"] as? String == bath)
    #expect(news["title"] as? String == "Bath time")
    #expect(news["needsKnowing"] as? Bool == true)
    let quiet = await scratch.run("bob", ["sync"])
    #expect(quiet.stdout.hasPrefix("Nothing new from your partner; "))
  }

  @Test func test_AC_CLI_25_anEventReminderDueAtOnceIsDeliveredOnceThroughTheBinary() async throws {
    let scratch = try Scratch()
    var environment = scratch.environment
    func run(_ account: String, _ arguments: [String], at now: String) async throws
      -> CommandOutcome
    {
      environment["TEAMMATE_NOW"] = now
      return try await Binary.run(["--as", account] + arguments, environment: environment)
    }
    let created = try await run(
      "alice", ["--json", "household", "create", "--name", "Home", "--tz", "Asia/Taipei"],
      at: "2026-12-01T09:00:00+08:00")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
    let code = try #require((document["invite"] as? [String: Any])?["code"] as? String)
    await #expect(
      try run("bob", ["household", "join", code], at: "2026-12-01T09:01:00+08:00").exitCode == 0)
    await #expect(
      try run(
        "alice", ["card", "add", "Dentist", "--kind", "event", "--at", "2026-12-01 10:20"],
        at: "2026-12-01T10:00:00+08:00"
      ).exitCode == 0)
    for minute in ["01", "02", "03"] {
      await #expect(try run("bob", ["sync"], at: "2026-12-01T10:\(minute):00+08:00").exitCode == 0)
    }
    let delivered = try await run(
      "bob", ["--json", "notifications", "--delivered"], at: "2026-12-01T10:04:00+08:00")
    let shown = try #require(
      try JSONSerialization.jsonObject(with: Data(delivered.stdout.utf8)) as? [String: Any])
    #expect(kinds(shown, "notifications").filter { $0 == "event" }.count == 1)
  }

  @Test func test_AC_CLI_26_everyWriteReplansThisDeviceAtOnce() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    for title in ["Bottles", "Bath", "Nap"] { _ = try await scratch.card("alice", [title]) }
    let trash = try #require(
      try await scratch.card(
        "alice", ["Trash", "--kind", "task", "--at", "today 19:00", "--assignee", "partner"])["id"]
        as? String)
    _ = await scratch.run("bob", ["sync"])
    #expect(
      kinds(try await scratch.json("bob", ["notifications"]), "notifications").contains("digest"))
    #expect(await scratch.run("bob", ["ack", "--all"]).exitCode == 0)
    let afterAck = kinds(try await scratch.json("bob", ["notifications"]), "notifications")
    #expect(!afterAck.contains("digest"))
    #expect(afterAck.contains("task"))
    #expect(await scratch.run("bob", ["card", "done", trash]).exitCode == 0)
    #expect(
      !kinds(try await scratch.json("bob", ["notifications"]), "notifications").contains("task"))
    #expect(await scratch.run("bob", ["card", "done", trash, "--undo"]).exitCode == 0)
    #expect(
      kinds(try await scratch.json("bob", ["notifications"]), "notifications").contains("task"))
    #expect(await scratch.run("bob", ["settings", "--disable", "task"]).exitCode == 0)
    #expect(
      !kinds(try await scratch.json("bob", ["notifications"]), "notifications").contains("task"))
  }

  @Test func test_AC_CLI_27_theLastMemberLeavesOnlyByDeletingAndLeavingForgetsNotifications()
    async throws
  {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = try await scratch.card("alice", ["Secret from alice"])
    _ = await scratch.run("bob", ["sync"], now: "2026-12-01T09:30:00+08:00")
    let delivered = try await scratch.json(
      "bob", ["notifications", "--delivered"], now: "2026-12-01T09:31:00+08:00")
    #expect(!kinds(delivered, "notifications").isEmpty)
    #expect(await scratch.run("bob", ["household", "leave"]).exitCode == 0)
    let after = try await scratch.json("bob", ["notifications", "--delivered"])
    #expect(kinds(after, "notifications").isEmpty)
    #expect(kinds(try await scratch.json("bob", ["notifications"]), "notifications").isEmpty)

    let before = try await scratch.fingerprint()
    let refused = await scratch.run("alice", ["household", "leave"])
    #expect(refused.exitCode == 1)
    #expect(refused.stderr.contains("last member"))
    #expect(try await scratch.fingerprint() as NSDictionary == before as NSDictionary)
    let deleted = await scratch.run("alice", ["household", "leave", "--delete-household"])
    #expect(deleted.exitCode == 0, "\(deleted.stderr)")
    #expect(deleted.stdout.contains("deleted it"))
    #expect(await scratch.run("alice", ["pending"]).stderr.contains("not in a household yet"))
  }

  @Test func test_AC_CLI_28_restoreBringsADeletedCardBackToKnowAgain() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let id = try #require(try await scratch.card("alice", ["Nap"])["id"] as? String)
    _ = await scratch.run("bob", ["ack", id])
    _ = await scratch.run("alice", ["card", "delete", id])
    let restored = try await scratch.json("bob", ["card", "restore", id])
    let card = try #require(restored["card"] as? [String: Any])
    #expect(card["deleted"] as? Bool == false)
    #expect(card["revision"] as? Int == 3)
    #expect(card["ackBy"] is NSNull)
    #expect(ids(try await scratch.json("alice", ["pending"]), "cards") == [id])
    let again = await scratch.run("bob", ["card", "restore", id])
    #expect(again.exitCode == 1)
    #expect(again.stderr.contains("is not deleted"))
  }

  @Test func test_AC_CLI_29_cardsSayWhereTheyStandFromTheViewersSide() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let id = try #require(try await scratch.card("alice", ["Nap"])["id"] as? String)
    #expect(
      await scratch.run("alice", ["card", "list"]).stdout.contains("waiting for your partner"))
    #expect(await scratch.run("bob", ["card", "list"]).stdout.contains("waiting for you to know"))
    _ = await scratch.run("bob", ["ack", id])
    #expect(await scratch.run("bob", ["card", "list"]).stdout.contains("you know"))
    #expect(await scratch.run("alice", ["card", "list"]).stdout.contains("Bob knows"))
    #expect(await scratch.run("alice", ["card", "show", id]).stdout.contains("Bob knows"))
    #expect(!(await scratch.run("bob", ["card", "list"]).stdout.contains("Bob knows")))
  }

  @Test func test_AC_CLI_30_ackAllAcknowledgesWhatIsPendingThenAndSaysHowMany() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    for title in ["Bottles", "Bath"] { _ = try await scratch.card("alice", [title]) }
    let all = await scratch.run("bob", ["ack", "--all"])
    #expect(all.exitCode == 0)
    #expect(all.stdout.contains("You know 2 cards now. Badge: 0"))
    let none = await scratch.run("bob", ["ack", "--all"])
    #expect(none.stdout == "Nothing waits for you. Badge: 0\n")
    let mixed = await scratch.run("bob", ["ack", "--all", "--revision", "2"])
    #expect(mixed.exitCode == 64)
  }
}
