import Foundation
import TeammateCLI
import TeammateTestHarness
import TeammateTestSupport
import Testing

/// The README's tour, run as written: the README cannot drift from the tool.
@Suite struct ReadmeTourTests {
  /// The words of a shell command line: spaces split, double quotes group, `#` ends it.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    var started = false
    for character in line {
      if character == "\"" {
        quoted.toggle()
        started = true
      } else if character == "#" && !quoted {
        break
      } else if character == " " && !quoted {
        if started { words.append(current) }
        current = ""
        started = false
      } else {
        current.append(character)
        started = true
      }
    }
    if started { words.append(current) }
    return words
  }

  /// The clocks the tour is run at: a morning, 19:30, 23:50, a Tuesday evening, and the night
  /// daylight saving starts (in New York, which has it: the tour's zone is swapped for it).
  static let clocks: [(now: String, zone: String?)] = [
    ("2026-12-03T08:00:00+08:00", nil),
    ("2026-12-02T19:30:00+08:00", nil),
    ("2026-12-03T23:50:00+08:00", nil),
    ("2026-12-01T19:30:00+08:00", nil),
    ("2027-03-14T01:50:00-05:00", "America/New_York"),
  ]

  /// The tour's command lines, as the README writes them.
  static func tour() throws -> [String] {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let start = try #require(text.range(of: "## A tour of the command line"))
    let block = try #require(text[start.upperBound...].range(of: "```sh\n"))
    let end = try #require(text[block.upperBound...].range(of: "```"))
    let lines = text[block.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    return lines.filter { $0.hasPrefix("teammate ") }
  }

  /// Runs the tour on `store` at `now`, each step succeeding with no warning; on a server,
  /// each account on a device file of its own.
  static func run(on store: String, now: String, zone: String?, devices: String?) async throws {
    let commands = try tour()
    #expect(commands.count >= 10)
    var code = ""
    var id = ""
    for line in commands {
      // NB: `a && b` is two commands, as the shell runs them.
      for part in line.components(separatedBy: " && ") {
        var arguments = Array(Self.words(part).dropFirst())
        arguments = arguments.map { $0 == "<CODE>" ? code : $0 == "<ID>" ? id : $0 }
        if let zone { arguments = arguments.map { $0 == "Asia/Taipei" ? zone : $0 } }
        var environment = ["TEAMMATE_STORE": store, "TEAMMATE_NOW": now]
        if let devices, let account = arguments.firstIndex(of: "--as").map({ arguments[$0 + 1] }) {
          environment["TEAMMATE_DEVICE"] = devices + "/\(account).sqlite"
        }
        let outcome = await Teammate.run(["--json"] + arguments, environment: environment)
        #expect(outcome.exitCode == 0, "at \(now): \(part): \(outcome.stderr)")
        #expect(!outcome.stderr.contains("warning"), "at \(now): \(part): \(outcome.stderr)")
        let document =
          (try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))) as? [String: Any]
        if let invite = document?["invite"] as? [String: Any], let found = invite["code"] as? String
        {
          code = found
        }
        if id.isEmpty, let card = document?["card"] as? [String: Any],
          card["kind"] as? String == "event", let found = card["id"] as? String
        {
          id = found
        }
      }
    }
    #expect(!code.isEmpty && !id.isEmpty)
  }

  @Test(arguments: 0..<clocks.count)
  func test_AC_CLI_46_theReadmeTourRunsAsWrittenAtAnyHour(clock: Int) async throws {
    let scratch = try Scratch()
    try await Self.run(
      on: scratch.store, now: Self.clocks[clock].now, zone: Self.clocks[clock].zone, devices: nil)
  }

  @Test(arguments: 0..<clocks.count)
  func test_AC_CLI_46_theReadmeTourRunsAsWrittenOnAServer(clock: Int) async throws {
    let folder = try TemporaryFolder.make()
    try await Self.run(
      on: try PostgresTestServer.freshStore("tour"), now: Self.clocks[clock].now,
      zone: Self.clocks[clock].zone, devices: folder.path)
  }

  @Test func test_AC_CLI_82_aNewSeriesBeginsOnItsOwnDays() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    // NB: Wednesday 2 December, 19:30 in Taipei: 19:00 is tomorrow, a Thursday.
    let wednesday = "2026-12-02T19:30:00+08:00"
    let trash = try await scratch.json(
      "alice",
      ["card", "add", "Trash", "--kind", "task", "--at", "19:00", "--every", "week on tue,fri"],
      now: wednesday)
    let card = try #require(trash["card"] as? [String: Any])
    #expect(card["next"] as? String == "2026-12-04T19:00:00+08:00")
    let named = try await scratch.json(
      "alice",
      ["card", "add", "Bins", "--kind", "task", "--at", "wed 20:00", "--every", "week on tue,fri"],
      now: wednesday)
    #expect((named["card"] as? [String: Any])?["next"] as? String == "2026-12-04T20:00:00+08:00")
  }
}
