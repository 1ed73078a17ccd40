import Foundation
import Testing

@testable import TeammateCLI

/// Every help page, word for word: a change to one is deliberate and shows in the diff.
@Suite struct HelpPageTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("HelpPages")

  /// The root, every group and every command, as the words that ask for their page.
  static var pages: [[String]] {
    let table = Commands.table
    let groups = table.topLevelNames.filter(table.isGroup).map { [$0] }
    // NB: a group that runs alone (`meal`) has one page, its group's.
    return [[]] + groups + table.commands.map(\.path).filter { !groups.contains($0) }
  }

  @Test func test_AC_CLI_80_everyHelpPageFitsAHundredColumns() async throws {
    for words in Self.pages {
      let shown = await Teammate.run(words + ["--help"])
      for line in shown.stdout.split(separator: "\n") {
        #expect(line.count <= 100, "teammate \(words.joined(separator: " ")): \(line)")
      }
    }
    // A long word stands alone; bracketed and quoted words are carried whole.
    let wrapped = HelpText.wrapped(
      "see [--reply-by <time>] and 'week on tue' " + String(repeating: "x", count: 120),
      first: "  ", rest: "    ")
    #expect(wrapped.split(separator: "\n").count == 2)
    #expect(
      HelpText.words("a [--b <c d>] 'e f' household's g") == [
        "a", "[--b <c d>]", "'e f'", "household's", "g",
      ])
  }

  @Test func test_AC_CLI_48_everyHelpPageIsPinnedWordForWord() async throws {
    for words in Self.pages {
      let name = (["teammate"] + words).joined(separator: "-") + ".txt"
      let file = Self.folder.appendingPathComponent(name)
      guard let pinned = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no pinned page \(name): run scripts/help-pages.sh and read the diff")
        continue
      }
      let shown = await Teammate.run(words + ["--help"])
      #expect(shown.exitCode == 0)
      #expect(shown.stdout == pinned, "\(name) differs: run scripts/help-pages.sh if on purpose")
    }
    let root = await Teammate.run(["--help"])
    #expect(root.stdout.contains("ENVIRONMENT:\n  TEAMMATE_STORE"))
    let add = await Teammate.run(["card", "add", "--help"])
    #expect(add.stdout.contains("TIMES:\n") && add.stdout.contains("EXAMPLES:\n"))
    let settings = await Teammate.run(["settings", "--help"])
    #expect(settings.stdout.contains("default: 30"))
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
    #expect(files.count == Self.pages.count, "a pinned page without a command: \(files.sorted())")
  }

  @Test func test_AC_CLI_81_usageNamesEveryGlobalOptionAndEnvironmentEveryVariableRead()
    async throws
  {
    let page = await Teammate.run(["--help"]).stdout
    let usage = page.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE:") } ?? ""
    for option in GlobalOptions.specs where !["help", "version"].contains(option.name) {
      #expect(usage.contains(option.usage), "USAGE leaves out \(option.usage)")
    }
    // NB: every variable the tool's sources read, found by reading them.
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/TeammateCLI").standardized
    var read: Set<String> = []
    let files = FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(
        contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: /environment\["([A-Z_]+)"\]/) { read.insert(String(match.1)) }
    }
    #expect(read.count >= 10, "the scan found \(read.sorted())")
    let listed = Set(HelpText.environment.map(\.0))
    #expect(read.subtracting(listed).isEmpty, "ENVIRONMENT leaves out \(read.subtracting(listed))")
    let environment = page.components(separatedBy: "ENVIRONMENT:").last ?? ""
    for name in listed { #expect(environment.contains("  \(name) "), "\(name) not on the page") }
  }
}
