import Foundation
import TeammateCLI
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateSQLite

/// What a person types, tried through the built binary as a parent would: no value ends in a
/// signal, locks an account out or reaches the terminal raw.
@Suite struct InputCLITests {
  /// Runs the built tool as `account`; the outcome.
  func binary(
    _ scratch: Scratch, _ account: String, _ arguments: [String], extra: [String: String] = [:]
  ) async throws -> CommandOutcome {
    try await Binary.run(
      ["--as", account] + arguments, environment: scratch.environment.merging(extra) { $1 })
  }

  /// Every command of both partners still runs: the account is not locked out.
  func bothStillRun(_ scratch: Scratch, _ context: String) async throws {
    for account in ["alice", "bob"] {
      for command in [["list"], ["status"], ["sync"], ["outbox"], ["card", "add", "still here"]] {
        let outcome = try await binary(scratch, account, command)
        #expect(outcome.exitCode == 0, "\(context): \(account) \(command): \(outcome.stderr)")
      }
    }
  }

  /// A refusal: exit 1, one line on stderr, nothing on stdout.
  func expectRefusal(_ outcome: CommandOutcome, _ context: String) {
    #expect(outcome.exitCode == 1, "\(context): \(outcome.exitCode) \(outcome.stderr)")
    #expect(outcome.stdout.isEmpty, "\(context): \(outcome.stdout)")
    #expect(outcome.stderr.split(separator: "\n").count == 1, "\(context): \(outcome.stderr)")
  }

  @Test func test_AC_INPUT_03_noTypoLocksAnAccountOut() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let before = try await scratch.json("alice", ["list"])
    for _ in 0..<2 {
      expectRefusal(
        try await binary(scratch, "bob", ["list", "add", "999999999999999999999 eggs"]), "huge")
    }
    #expect(try await binary(scratch, "bob", ["list", "add", "1 kg rice"]).exitCode == 0)
    expectRefusal(try await binary(scratch, "bob", ["list", "add", "1e400 kg rice"]), "infinite")
    // NB: the partner's write onto an offline one.
    #expect(
      try await binary(scratch, "alice", ["--offline", "list", "add", "flour"]).exitCode == 0)
    expectRefusal(try await binary(scratch, "bob", ["list", "add", "1e308 kg flour"]), "1e308")
    let times: [[String]] = [
      ["card", "add", "x", "--at", "1969-12-31 23:59"],
      ["--now", "1969-12-31", "card", "add", "x"],
      ["--offline", "--now", "1900-01-01", "card", "add", "x"],
    ]
    for arguments in times {
      let outcome = try await binary(scratch, "alice", arguments)
      expectRefusal(outcome, "\(arguments)")
      #expect(outcome.stderr.contains("between the start of 1970 and the end of 9999"))
    }
    try await bothStillRun(scratch, "after the refusals")
    let after = try await scratch.json("alice", ["list"])
    let texts = ((after["items"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }
    #expect(texts.sorted() == ["1 kg rice", "flour"], "\(texts) after \(before)")
  }

  @Test func test_AC_INPUT_04_errorsAreOneLineWithEveryControlCharacterEscaped() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let hostile = ["\u{1B}[2J", "x\u{1B}[2J", "a\nb\u{7}", "\u{8}\r\u{9B}2J"]
    for text in hostile {
      let runs: [(String, [String], [String: String])] = [
        ("alice", ["card", "show", text], [:]),
        ("alice", ["card", "show", text], ["TEAMMATE_LANG": "zh-Hant"]),
        ("alice", ["card", "add", "x", "--kind", text], [:]),
        ("alice", ["card", "list", text], [:]),
        ("alice", ["card", "add", "x", "--at", text], [:]),
        ("alice", ["card", "add", "x", "--note", "a", "--note", text], [:]),
        (text, ["card", "list"], [:]),
        ("alice", ["--store", scratch.folder.appending(text), "card", "list"], [:]),
      ]
      for (account, arguments, extra) in runs {
        let outcome = try await binary(scratch, account, arguments, extra: extra)
        #expect(outcome.exitCode != 0 && outcome.exitCode < 128, "\(arguments)")
        let raw = outcome.stderr.unicodeScalars.filter {
          $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
        }
        #expect(raw.isEmpty, "\(arguments): \(outcome.stderr.debugDescription)")
        let told = outcome.stderr.split(separator: "\n").filter {
          !$0.hasPrefix("Usage:") && !$0.hasPrefix("  See ")
        }
        #expect((1...2).contains(told.count), "\(arguments): \(outcome.stderr.debugDescription)")
        #expect(told.first?.hasPrefix("teammate: error: ") == true, "\(arguments)")
      }
    }
  }

  @Test func test_AC_INPUT_05_aForeignDocumentIsRefusedInWordsAndMakesNoStore() async throws {
    let scratch = try Scratch()
    let file = scratch.folder.appending("app.json")
    try Data(#"{"name":"my-app"}"#.utf8).write(to: URL(fileURLWithPath: file))
    let store = scratch.folder.appending("new.sqlite")
    let outcome = try await binary(scratch, "alice", ["--store", store, "import", file])
    #expect(outcome.exitCode == 1)
    #expect(outcome.stderr.contains("it has no format"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains("hint: give the file 'teammate export --household' wrote"))
    #expect(!FileManager.default.fileExists(atPath: store))
  }
}

extension InputCLITests {
  @Test func test_AC_INPUT_08_aFailedCommandLeavesNoFileAndNoDeviceRow() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let home = scratch.folder.appending("home.json")
    let exported = try await binary(scratch, "alice", ["export", "--household", "--output", home])
    #expect(exported.exitCode == 0, "\(exported.stderr)")
    let before = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).sorted()
    let none = scratch.folder.appending("none.sqlite")
    let refused = try await binary(scratch, "mallory", ["--store", none, "import", home])
    #expect(refused.exitCode == 1, "\(refused.stderr)")
    let made = try await binary(
      scratch, "carol", ["household", "create", "--name", "X", "--tz", "Mars/Olympus"])
    #expect(made.exitCode == 1, "\(made.stderr)")
    let after = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).sorted()
    #expect(after == before)
    // NB: no device row of carol's: the store holds the couple's alone.
    let rows = try await Binary.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT (SELECT count(*) FROM devices WHERE account = ?1) + (SELECT count(*) FROM device_parts WHERE account = ?1)', ('carol',)).fetchone()[0])",
        scratch.store,
      ],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(rows.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(rows.stderr)")
    // NB: a later command of hers that succeeds makes her device.
    #expect(
      try await binary(scratch, "carol", ["household", "create", "--name", "X", "--tz", "UTC"])
        .exitCode == 0)
  }
}

/// What another build saved, that this one cannot read, through the built binary.
extension InputCLITests {
  /// Runs `sql` on the scratch store, as another build's device might have left it.
  func damage(_ scratch: Scratch, _ sql: String) throws {
    try SQLiteConnection(path: scratch.store).run(sql)
  }

  @Test func test_AC_INPUT_12_aWaitingWriteAnotherBuildSavedIsToldOnceAndTheRestLand()
    async throws
  {
    let scratch = try Scratch()
    try await scratch.couple()
    for title in ["Unreadable tea", "Kept tea"] {
      #expect(try await binary(scratch, "bob", ["--offline", "card", "add", title]).exitCode == 0)
    }
    try damage(
      scratch,
      """
      UPDATE device_parts SET body = json_set(body, '$[0].write', json('{"teleport":{}}'))
      WHERE account = 'bob' AND part = 'outbox'
      """)
    let chinese = ["TEAMMATE_LANG": "zh-Hant"]
    let synced = try await binary(scratch, "bob", ["sync"], extra: chinese)
    #expect(synced.exitCode == 0, "\(synced.stderr)")
    #expect(synced.stdout.contains("無法由這個版本讀取：它沒有送出"), "\(synced.stdout)")
    let again = try await binary(scratch, "bob", ["sync"], extra: chinese)
    #expect(again.exitCode == 0 && !again.stdout.contains("無法"), "\(again.stdout)")
    let cards = try await binary(scratch, "alice", ["card", "list"])
    #expect(cards.stdout.contains("Kept tea") && !cards.stdout.contains("Unreadable tea"))
    try await bothStillRun(scratch, "a write set aside")
  }

  @Test func test_AC_INPUT_13_aSavedStateAnotherBuildSavedIsKeptAsideThroughTheBinary()
    async throws
  {
    let scratch = try Scratch()
    try await scratch.couple()
    #expect(try await binary(scratch, "bob", ["--offline", "card", "add", "Tea"]).exitCode == 0)
    try damage(
      scratch, "UPDATE device_parts SET body = '42' WHERE account = 'bob' AND part = 'householdID'")
    // NB: a command that only reads opens fresh and leaves the rows to one that writes.
    let status = try await binary(scratch, "bob", ["status"])
    #expect(status.exitCode == 0, "\(status.stderr)")
    let synced = try await binary(scratch, "bob", ["sync"])
    #expect(synced.exitCode == 0, "\(synced.stderr)")
    #expect(synced.stdout.contains("saved state could not be read"), "\(synced.stdout)")
    let again = try await binary(scratch, "bob", ["sync"])
    #expect(!again.stdout.contains("could not be read"), "\(again.stdout)")
    let kept = try SQLiteConnection(path: scratch.store).rows(
      "SELECT body FROM device_set_aside WHERE account = 'bob'"
    ) { $0.text(0) }
    #expect(kept.count == DeviceState.partNames.count && kept.contains("42"))
    try await bothStillRun(scratch, "a state set aside")
  }
}
