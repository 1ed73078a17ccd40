import Foundation
import TeammateCLI
import Testing

@Suite struct ExportCLITests {
  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")

  /// The text with every `UID` line made the same: card ids are random.
  static func withoutIDs(_ text: String) -> String {
    text.components(separatedBy: "\r\n").map { $0.hasPrefix("UID:") ? "UID:…" : $0 }
      .joined(separator: "\r\n")
  }

  @Test func test_AC_CLI_67_exportPrintsOrWritesTheCalendarWhole() async throws {
    var scratch = try Scratch()
    scratch.now = "2026-12-01T09:00:00-05:00"
    _ = try await scratch.json(
      "alice", ["household", "create", "--name", "Home", "--tz", "America/New_York"])
    _ = try await scratch.card(
      "alice", ["Trash", "--kind", "task", "--at", "tue 19:00", "--every", "week on tue,fri"])
    _ = try await scratch.card("alice", ["Checkup", "--kind", "event", "--at", "tomorrow 9:30"])
    _ = try await scratch.card("alice", ["Milk"])
    let printed = await scratch.run("alice", ["export", "--ics"])
    #expect(printed.exitCode == 0, "\(printed.stderr)")
    #expect(
      printed.stdout.hasPrefix("BEGIN:VCALENDAR\r\n")
        && printed.stdout.hasSuffix("END:VCALENDAR\r\n"))
    #expect(printed.stdout.components(separatedBy: "BEGIN:VEVENT").count == 2)
    #expect(printed.stdout.components(separatedBy: "BEGIN:VTODO").count == 2)

    let file = scratch.folder.appending("home.ics")
    let wrote = await scratch.run("alice", ["export", "--ics", "--output", file])
    #expect(wrote.stdout == "Wrote 1 event(s) and 1 task(s) to \(file).\n")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.stdout)
    let json = try await scratch.json("alice", ["export", "--ics", "--output", file])
    #expect(
      json["events"] as? Int == 1 && json["tasks"] as? Int == 1 && json["output"] as? String == file
    )

    for usage in [["export"], ["--json", "export", "--ics"]] {
      let outcome = await scratch.run("alice", usage)
      #expect(outcome.exitCode == 64, "\(usage): \(outcome.stderr)")
    }
    let missing = scratch.folder.appending("no/such/folder/home.ics")
    let refused = await scratch.run("alice", ["export", "--ics", "--output", missing])
    #expect(refused.exitCode == 74 && refused.stderr.contains("cannot write \(missing)"))
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test func test_AC_ICS_05_theDocsSampleIsWhatTheExportWrites() async throws {
    var scratch = try Scratch()
    scratch.now = "2026-12-01T09:00:00-05:00"
    _ = try await scratch.json(
      "alice", ["household", "create", "--name", "Home", "--tz", "America/New_York"])
    let page = try String(
      contentsOf: Self.docs.appendingPathComponent("icalendar.md"), encoding: .utf8)
    let steps = try #require(
      page.components(separatedBy: "<!-- sample cards -->\n").last?
        .components(separatedBy: "<!-- end -->").first)
    for line in steps.split(separator: "\n") {
      let words = ReadmeTourTests.words(String(line.dropFirst("teammate card add ".count)))
      _ = try await scratch.card("alice", words)
    }
    let exported = await scratch.run("alice", ["export", "--ics"])
    let sample = try String(
      contentsOf: Self.docs.appendingPathComponent("sample.ics"), encoding: .utf8)
    #expect(Self.withoutIDs(sample) == Self.withoutIDs(exported.stdout))
    #expect(sample.components(separatedBy: "\r\n").dropLast().allSatisfy { $0.utf8.count <= 75 })
    #expect(sample.hasSuffix("END:VCALENDAR\r\n"))
  }
}
