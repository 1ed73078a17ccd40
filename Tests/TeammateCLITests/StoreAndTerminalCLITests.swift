import Foundation
import TeammateCLI
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateSQLite

/// Damaged, foreign and hostile input, through the built binary: nothing is lost, nothing
/// takes over the terminal.
@Suite struct StoreAndTerminalCLITests {
  func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// Runs a shell command line with `$T` set to the built tool; stdout, stderr and status.
  func shell(_ script: String, environment: [String: String] = [:]) async throws -> CommandOutcome {
    try await Binary.run(
      URL(fileURLWithPath: "/bin/bash"), ["-c", script],
      environment: environment.merging([
        "PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "T": Binary.url.path,
      ]) { $1 })
  }

  /// A couple's store with a few cards, closed, its write-ahead log folded in.
  func couple(_ scratch: Scratch, cards: Int = 3) async throws {
    try await scratch.couple()
    for index in 0..<cards { _ = try await scratch.card("alice", ["Card \(index)"]) }
    try SQLiteConnection(path: scratch.store).execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  func run(_ scratch: Scratch, _ account: String, _ arguments: [String]) async throws
    -> CommandOutcome
  {
    try await Binary.run(["--as", account] + arguments, environment: scratch.environment)
  }

  @Test func test_AC_CLI_31_onlyStartingCommandsCreateAStore() async throws {
    let scratch = try Scratch()
    let folder = scratch.folder.appending("typo")
    let path = folder + "/x.sqlite"
    for arguments in [
      ["pending"], ["card", "list"], ["card", "add", "x"], ["sync"], ["ack", "--all"],
    ] {
      let outcome = try await Binary.run(
        ["--store", path, "--as", "a"] + arguments, environment: scratch.environment)
      #expect(outcome.exitCode == 1, "\(arguments)")
      #expect(outcome.stderr.contains("there is no Teammate store at \(path)"))
      #expect(outcome.stderr.contains("teammate household create"))
    }
    #expect(!FileManager.default.fileExists(atPath: folder))
    let created = try await Binary.run(
      ["--store", path, "--as", "a", "household", "create", "--name", "H", "--tz", "UTC"],
      environment: scratch.environment)
    #expect(created.exitCode == 0)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func test_AC_CLI_32_readingCommandsWorkOnAStoreTheUserCannotWrite() async throws {
    let scratch = try Scratch()
    try await couple(scratch)
    // Root may write anything, so the reader is another user, who may read but not write.
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: scratch.store)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: scratch.folder.path)
    let before = try #require(bytes(scratch.store))
    let store = scratch.store
    // NB: a copy of the tool where the other user can reach it, wherever this clone lives,
    // written by a process of its own: a copy written here could still be open when another
    // test's child starts, which inherits it, and then it cannot run ("Text file busy").
    let tool = scratch.folder.appending("teammate")
    let copied = try await shell("install -m 0755 '\(Binary.url.path)' '\(tool)'")
    #expect(copied.exitCode == 0, "\(copied.stderr)")
    for arguments in [
      "card list", "pending", "household show", "notifications", "settings",
    ] {
      let outcome = try await shell(
        "runuser -u nobody -- '\(tool)' --store '\(store)' --as alice \(arguments)")
      #expect(outcome.exitCode == 0, "\(arguments): \(outcome.stderr)")
    }
    let write = try await shell(
      "runuser -u nobody -- '\(tool)' --store '\(store)' --as alice card add x")
    #expect(write.exitCode == 74)
    #expect(write.stderr.contains("cannot be written"))
    #expect(bytes(scratch.store) == before)
  }

  @Test(arguments: ["foreign", "cut by 7 bytes", "cut by 1 byte", "cut by a page", "time", "feed"])
  func test_AC_CLI_33_unreadableStoresExit74AndKeepTheirBytes(damage: String) async throws {
    let scratch = try Scratch()
    try await couple(scratch, cards: 40)
    switch damage {
    case "foreign":
      try FileManager.default.removeItem(atPath: scratch.store)
      try SQLiteConnection(path: scratch.store).execute(
        "CREATE TABLE notes (x); PRAGMA user_version = 1")
    case "time", "feed":
      let connection = try SQLiteConnection(path: scratch.store)
      // NB: with no device state, Bob's sync reads the whole feed, damage and all.
      try connection.execute(
        damage == "time"
          ? "UPDATE cards SET time = 1e300"
          : "UPDATE changes SET card = '{'; DELETE FROM device_parts")
      try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    default:
      var data = try #require(bytes(scratch.store))
      data.removeLast(damage == "cut by a page" ? 4_096 : damage == "cut by 7 bytes" ? 7 : 1)
      #expect(FileManager.default.createFile(atPath: scratch.store, contents: data))
    }
    let before = try #require(bytes(scratch.store))
    // A damaged file fails every command; a damaged value fails the commands that read it.
    let commands: [(String, [String])] =
      switch damage {
      case "time": [("alice", ["card", "list"]), ("bob", ["pending"])]
      case "feed": [("bob", ["sync"])]
      default:
        [
          ("alice", ["card", "list"]), ("alice", ["pending"]), ("alice", ["card", "add", "x"]),
          ("bob", ["sync"]), ("carol", ["household", "create", "--name", "X", "--tz", "UTC"]),
        ]
      }
    for (account, arguments) in commands {
      let outcome = try await run(scratch, account, arguments)
      #expect(outcome.exitCode == 74, "\(damage), \(arguments): \(outcome.stderr)")
      #expect(outcome.stderr.contains(scratch.store), "\(damage), \(arguments)")
      #expect(!outcome.stderr.contains("DecodingError"))
    }
    #expect(bytes(scratch.store) == before)
    #expect(!FileManager.default.fileExists(atPath: scratch.store + "-wal") || damage != "foreign")
  }

  @Test func test_AC_CLI_34_aNewStoreIsTheOwnersOnly() async throws {
    let scratch = try Scratch()
    let folder = scratch.folder.appending("new")
    let path = folder + "/s.sqlite"
    let created = try await Binary.run(
      ["--store", path, "--as", "a", "household", "create", "--name", "H", "--tz", "UTC"],
      environment: scratch.environment)
    #expect(created.exitCode == 0)
    let file = try FileManager.default.attributesOfItem(atPath: path)
    let directory = try FileManager.default.attributesOfItem(atPath: folder)
    #expect((file[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
    #expect((directory[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
  }

  @Test func test_AC_CLI_35_controlCharactersNeverReachTheTerminal() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}Bath"
    _ = try await scratch.card("alice", [hostile])
    _ = try await scratch.card("alice", ["two\nlines"])
    for arguments in [["card", "list"], ["pending"], ["sync"]] {
      let outcome = try await run(scratch, "bob", arguments)
      #expect(outcome.exitCode == 0)
      #expect(!outcome.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      #expect(outcome.stdout.contains("\\u{1B}[2J\\u{1B}]0;pwned\\u{7}Bath"), "\(arguments)")
    }
    let list = try await run(scratch, "bob", ["card", "list"])
    #expect(list.stdout.split(separator: "\n").count == 3)
    #expect(list.stdout.contains("two\\nlines"))
    let json = try await run(scratch, "bob", ["--json", "card", "list"])
    #expect(json.stdout.contains("\\u001b[2J\\u001b]0;pwned\\u0007Bath"))
    #expect(json.stdout.contains("two\\nlines"))
  }

  @Test func test_AC_CLI_36_anArgumentThatIsNotUTF8IsAUsageError() async throws {
    let scratch = try Scratch()
    let outcome = try await shell(
      "cd '\(scratch.folder.path)' && \"$T\" --store \"$(printf 'st\\377.sqlite')\" --as a "
        + "household create --name H --tz UTC")
    #expect(outcome.exitCode == 64)
    #expect(outcome.stderr.contains("argument 2"))
    #expect(outcome.stderr.contains("is not valid UTF-8"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).isEmpty)
  }

  @Test func test_AC_CLI_37_outputThatCannotBeWrittenIsAnErrorAClosedPipeIsNot() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    // NB: well over a pipe's 64 KiB, so that the reader goes away while the tool still writes.
    let drafts = (0..<1_200).map { CardDraft(title: "A rather long card title, number \($0)") }
    let store = try SQLiteBackend(path: scratch.store, clock: FixedWallClock(Fixtures.start))
    let home = try #require(try await store.householdID(of: "alice", as: "alice"))
    _ = try await store.addCards(drafts, to: home, as: "alice")
    let environment = scratch.environment.merging(["TEAMMATE_USER": "alice"]) { $1 }
    let full = try await shell("\"$T\" card list > /dev/full", environment: environment)
    #expect(full.exitCode == 74)
    #expect(full.stderr.contains("teammate: error: cannot write the output"))
    let closed = try await shell(
      "cd '\(scratch.folder.path)' && \"$T\" card list 2>err | head -c 10 >/dev/null; "
        + "echo \"${PIPESTATUS[0]}\"; cat err",
      environment: environment)
    #expect(closed.stdout == "141\n")
  }

  @Test func test_AC_CLI_38_helpAndReadmeSayWhatAsAndNowAre() async throws {
    let help = try await Binary.run(["--help"], environment: [:])
    #expect(help.stdout.contains("TRUST:"))
    #expect(help.stdout.contains("anyone who can run teammate on this machine can act as any"))
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    #expect(text.contains("**Trust on one machine.**"))
    #expect(text.contains("anyone who can run the tool on a machine can act as any account"))
  }

  @Test func test_AC_STORE_19_aProcessKilledInTheMiddleOfABatchLeavesAllOrNothing() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let count = 8_000
    do {
      let store = try SQLiteBackend(path: scratch.store, clock: FixedWallClock(Fixtures.start))
      let home = try #require(try await store.householdID(of: "alice", as: "alice"))
      _ = try await store.addCards(
        (0..<count).map { CardDraft(title: "Card \($0) with a title long enough to weigh") },
        to: home, as: "alice")
    }
    let wal = scratch.store + "-wal"
    let process = Process()
    process.executableURL = Binary.url
    process.arguments = ["--as", "bob", "ack", "--all"]
    process.environment = scratch.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Killed once the write has spilled half a megabyte into the log: inside the transaction.
    var spins = 0
    while process.isRunning, spins < 50_000_000 {
      spins += 1
      let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
      if size > 1 << 19 { break }
    }
    let killedMidway = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(killedMidway, "the write ended before it could be killed")
    #expect(process.terminationReason == .uncaughtSignal)

    let store = try SQLiteBackend(path: scratch.store, clock: FixedWallClock(Fixtures.start))
    let home = try #require(try await store.householdID(of: "bob", as: "bob"))
    let pending = AcknowledgementRules.badge(
      cards: try await store.cards(in: home, as: "bob"), viewer: "bob")
    #expect(pending == count || pending == 0, "\(pending) of \(count) still pending")
    let check = try SQLiteConnection(path: scratch.store)
    #expect(try check.rows("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
  }

  @Test func test_AC_STORE_21_aFullDiskLosesNothingAndTheStoreWorksAgain() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    // The file-size limit stands in for a full disk: writes past it fail (SIGXFSZ ignored).
    let note = String(repeating: "n", count: 1_900)
    let outcome = try await shell(
      """
      cd '\(scratch.folder.path)'
      ulimit -f 160; trap '' XFSZ
      for i in $(seq 1 2000); do
        "$T" --as alice card add "t$i" --note '\(note)' >/dev/null 2>err || break
      done
      echo "$i $?"; cat err
      """, environment: scratch.environment)
    let words = outcome.stdout.split(whereSeparator: \.isWhitespace)
    let failedAt = try #require(words.first.flatMap { Int($0) })
    #expect(failedAt > 1 && failedAt < 2_000, "\(outcome.stdout)")
    #expect(outcome.stdout.contains("the store"), "\(outcome.stdout)")
    let after = try await run(scratch, "alice", ["--json", "card", "list"])
    #expect(after.exitCode == 0, "\(after.stderr)")
    let cards = try #require(
      (try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])?[
        "cards"] as? [Any])
    // NB: the add that failed may have landed before the device could keep its answer: it
    // then waits in the device's outbox, and sending it again is answered once (ADR 0020).
    #expect(cards.count == failedAt - 1 || cards.count == failedAt)
    await #expect(try run(scratch, "alice", ["card", "add", "after the disk"]).exitCode == 0)
    let final = try await run(scratch, "alice", ["--json", "card", "list"])
    let titles = try #require(
      (try JSONSerialization.jsonObject(with: Data(final.stdout.utf8)) as? [String: Any])?[
        "cards"] as? [[String: Any]]
    ).compactMap { $0["title"] as? String }
    #expect(Set(titles).count == titles.count && titles.count >= failedAt)
    let check = try SQLiteConnection(path: scratch.store)
    #expect(try check.rows("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
  }
}
