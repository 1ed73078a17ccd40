import Foundation
import TeammateCLI
import TeammateSQLite
import Testing

@Suite struct EnvironmentTests {
  @Test func test_AC_CLI_08_environmentStandsInForOptionsWhichWin() async throws {
    let scratch = try Scratch()
    var environment = scratch.environment
    environment["TEAMMATE_USER"] = "alice"
    let created = await Teammate.run(
      ["--json", "household", "create", "--name", "Home", "--tz", "UTC"], environment: environment)
    #expect(created.exitCode == 0)
    let asBob = await Teammate.run(["--as", "bob", "pending"], environment: environment)
    #expect(asBob.stderr.contains("'bob' is not in a household yet"))
    let other = scratch.folder.appending("other.sqlite")
    let elsewhere = await Teammate.run(["--store", other, "pending"], environment: environment)
    #expect(elsewhere.stderr.contains("there is no Teammate store at \(other)"))

    let create = ["--as", "a", "household", "create", "--name", "H", "--tz", "UTC"]
    let xdg = scratch.folder.appending("xdg")
    let viaXDG = await Teammate.run(
      create, environment: ["XDG_DATA_HOME": xdg, "TEAMMATE_NOW": scratch.now])
    #expect(viaXDG.exitCode == 0)
    #expect(FileManager.default.fileExists(atPath: xdg + "/teammate/teammate.sqlite"))
    let home = scratch.folder.appending("home")
    _ = await Teammate.run(create, environment: ["HOME": home, "TEAMMATE_NOW": scratch.now])
    #expect(FileManager.default.fileExists(atPath: home + "/.local/share/teammate/teammate.sqlite"))
  }

  @Test func test_AC_CLI_09_nowSetsTheWholeInvocationsClock() async throws {
    let scratch = try Scratch()
    let created = try await scratch.json(
      "alice", ["household", "create", "--name", "Home", "--tz", "Asia/Taipei"],
      now: "2026-12-01T08:30:00+08:00")
    let household = try #require(created["household"] as? [String: Any])
    let invite = try #require(created["invite"] as? [String: Any])
    #expect(household["createdAt"] as? String == "2026-12-01T08:30:00+08:00")
    #expect(invite["expiresAt"] as? String == "2026-12-02T08:30:00+08:00")
    let card = try await scratch.card(
      "alice", ["Dinner", "--kind", "event", "--at", "today 19:00"],
      now: "2026-12-01T09:00:00+08:00")
    #expect(card["createdAt"] as? String == "2026-12-01T09:00:00+08:00")
    #expect(card["time"] as? String == "2026-12-01T19:00:00+08:00")
    let later = try await scratch.card("alice", ["Later"], now: "2026-12-03T09:00:00+08:00")
    #expect(later["createdAt"] as? String == "2026-12-03T09:00:00+08:00")
    let code = try #require(invite["code"] as? String)
    let late = await scratch.run(
      "bob", ["household", "join", code], now: "2026-12-02T08:30:00+08:00")
    #expect(late.exitCode == 1)
    #expect(late.stderr.contains("expired"))
  }

  @Test func test_AC_CLI_19_verboseSaysWhatHappenedOnStderr() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = try await scratch.card("alice", ["Milk"])
    _ = try await scratch.card("alice", ["Bread"])
    let outcome = await scratch.run("bob", ["-v", "sync"])
    #expect(outcome.exitCode == 0)
    #expect(
      outcome.stderr.contains("store \(scratch.store) (schema \(SQLiteBackend.schemaVersion)"))
    #expect(outcome.stderr.contains("teammate sync as bob"))
    #expect(outcome.stderr.contains("household "))
    #expect(outcome.stderr.contains("sync: pulled 2 change(s)"))
    #expect(outcome.stderr.contains(" ms] teammate sync: done"))
    #expect(!outcome.stdout.contains("teammate: ["))
  }

  @Test func test_AC_CLI_20_humanOutputIsAlignedRelativeAndUncoloured() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = try await scratch.card("alice", ["Checkup", "--kind", "event", "--at", "today 11:00"])
    _ = try await scratch.card("alice", ["Bought diapers"])
    var environment = scratch.environment
    environment["NO_COLOR"] = "1"
    let outcome = await Teammate.run(["--as", "bob", "card", "list"], environment: environment)
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("ID ") == true)
    #expect(!outcome.stdout.contains("\u{1B}["))
    let column = try #require(lines.first?.range(of: "TITLE")).lowerBound.utf16Offset(in: lines[0])
    for line in lines.dropFirst() {
      #expect(
        line.dropFirst(column).hasPrefix("Checkup") || line.dropFirst(column).hasPrefix("Bought"))
    }
    #expect(outcome.stdout.contains("Tue 1 Dec 11:00 (in 2 h)"))
  }

  @Test func test_AC_CLI_08_nowOptionWinsOverTeammateNow() async throws {
    let scratch = try Scratch()
    var environment = scratch.environment
    environment["TEAMMATE_NOW"] = "2026-12-01T08:00:00+08:00"
    let created = await Teammate.run(
      [
        "--now", "2026-12-03T11:15:00+08:00", "--as", "alice", "--json", "household", "create",
        "--name", "Home", "--tz", "Asia/Taipei",
      ], environment: environment)
    #expect(created.exitCode == 0, "\(created.stderr)")
    #expect(created.stdout.contains("\"createdAt\": \"2026-12-03T11:15:00+08:00\""))
    let fromEnvironment = await Teammate.run(
      ["--as", "alice", "--json", "invite", "create"], environment: environment)
    #expect(fromEnvironment.stdout.contains("\"expiresAt\": \"2026-12-02T08:00:00+08:00\""))
  }

  @Test func test_AC_CLI_44_nowWithoutAnOffsetIsReadInTheHouseholdsZone() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let card = try await scratch.card("alice", ["Bath"], now: "2026-12-01 07:30")
    #expect(card["createdAt"] as? String == "2026-12-01T07:30:00+08:00")
    let logged = await scratch.run("alice", ["-v", "pending"], now: "2026-12-01 07:45")
    #expect(logged.stderr.contains("now 2026-12-01T07:45:00+08:00"), "\(logged.stderr)")
    let offset = try await scratch.card("alice", ["Nap"], now: "2026-12-01T07:30:00Z")
    #expect(offset["createdAt"] as? String == "2026-12-01T15:30:00+08:00")
  }

  @Test func test_AC_CLI_45_farDatesShowTheirYearAndPastTimesAreWarnedOf() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let far = await scratch.run(
      "alice", ["card", "add", "Trip", "--kind", "event", "--at", "2027-08-01 10:00"])
    #expect(far.stdout.contains("Sun 1 Aug 2027 10:00"), "\(far.stdout)")
    #expect(far.stderr.isEmpty)
    let near = await scratch.run(
      "alice", ["card", "add", "Soon", "--kind", "event", "--at", "tomorrow 10:00"])
    #expect(near.stdout.contains("Wed 2 Dec 10:00"))
    let next = await scratch.run(
      "alice", ["card", "add", "New year", "--kind", "event", "--at", "2027-01-02 10:00"])
    #expect(next.stdout.contains("Sat 2 Jan 2027 10:00"))
    let past = await scratch.run(
      "alice", ["card", "add", "Bath", "--kind", "event", "--at", "today 07:00"])
    #expect(past.exitCode == 0)
    #expect(past.stderr.contains("teammate: warning: Tue 1 Dec 07:00 (2 h ago) is in the past"))
  }
}
