import Foundation
import TeammateKit
import Testing

@testable import TeammateCLI

@Suite struct TableTests {
  /// The display column where the cell after `cell` starts, on each line.
  func column(after cell: String, in text: String) -> [Int] {
    text.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: cell) else { return nil }
      return DisplayWidth.of(String(line[..<range.upperBound]))
    }
  }

  @Test func test_AC_CLI_39_columnsAreAlignedByTheColumnsCharactersTake() {
    #expect(DisplayWidth.of("買尿布") == 6)
    #expect(DisplayWidth.of("👶") == 2)
    #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
    #expect(DisplayWidth.of("e\u{0301}") == 1)
    #expect(DisplayWidth.of("Ｆｕｌｌ") == 8)
    #expect(DisplayWidth.of("plain") == 5)
    var table = Table(headers: ["TITLE", "STATUS"])
    table.rows = [["買尿布", "x"], ["👶 bath", "x"], ["plain title", "x"], ["Cafe\u{0301}", "x"]]
    let text = table.render(colour: false)
    let starts = text.split(separator: "\n").map { line in
      DisplayWidth.of(String(line.prefix { $0 != "x" && $0 != "S" }))
    }
    #expect(Set(starts).count == 1, "\(text)")
  }

  @Test func test_AC_CLI_40_onANarrowTerminalTheTitleIsCutWithAnEllipsis() throws {
    var table = Table(headers: ["ID", "TITLE", "STATUS"], flexible: 1)
    let long = String(repeating: "long title ", count: 15)
    table.rows = [["k3f9", long, "you know"], ["m7p2", "買尿布買尿布買尿布買尿布買尿布買尿布", "waiting"]]
    let cut = table.render(colour: false, width: 40)
    for line in cut.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 40) }
    #expect(cut.contains("…"))
    #expect(cut.contains("you know") && cut.contains("waiting"))
    let whole = table.render(colour: false)
    #expect(whole.contains(long))
    #expect(DisplayWidth.truncated("買尿布", to: 4) == "買…")
  }

  @Test func test_AC_CLI_40_pipedOutputIsNeverCut() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let long = String(repeating: "a very long title ", count: 10)
    _ = try await scratch.card("alice", [long])
    let piped = try await Binary.run(
      ["--as", "alice", "card", "list"],
      environment: scratch.environment.merging(["COLUMNS": "40"]) { $1 })
    #expect(piped.stdout.contains(long.trimmingCharacters(in: .whitespaces)))
  }
}

@Suite struct SuggestionTests {
  @Test(arguments: [
    (["crad"], "Did you mean 'card'?"),
    (["add"], "Did you mean 'card add', 'dish add' or 'list add'?"),
    (["edit"], "Did you mean 'card edit' or 'dish edit'?"),
    (["show"], "Did you mean 'household show', 'invite show' or 'card show'?"),
    (["version"], "Did you mean '--version'?"),
    (["card", "ad"], "Did you mean 'add'?"),
    (["--as", "a", "card", "add", "-5 degrees"], "put '--' before it: -- '-5 degrees'"),
  ])
  func test_AC_CLI_41_suggestionsFindWhatWasMeant(arguments: [String], hint: String) async {
    let outcome = await Teammate.run(arguments)
    #expect(outcome.exitCode == 64)
    #expect(outcome.stderr.contains(hint), "\(outcome.stderr)")
    #expect(Suggestion.distance("crad", "card") == 1)
  }

  @Test(arguments: [40, 60, 80, 120])
  func test_AC_CLI_83_aTableFitsAnyWidthCuttingTheWidestColumnFirst(width: Int) {
    var list = Table(headers: ["ID", "KIND", "TITLE", "WHEN", "STATUS"], flexible: 2)
    list.rows = [
      [
        "8296sxz4", "task", "Take the recycling down to the big bins by the gate",
        "Wed 2 Dec 19:00 (in 24 h), every Tue and Fri at 19:00", "waiting for your partner",
      ],
      ["k3f9m2aa", "event", "買尿布買尿布買尿布", "Thu 3 Dec 09:30 (tomorrow)", "you know"],
    ]
    var notifications = Table(headers: ["WHEN", "KIND", "TITLE", "TEXT"], flexible: 2)
    notifications.rows = [
      ["In 3 h 20 min", "digest", "3 cards", "Alice logged 3 things: Bought diapers, Checkup, 👶"],
      ["Tomorrow 09:30", "event", "Checkup", "Checkup starts in 45 minutes"],
    ]
    for table in [list, notifications] {
      let natural = table.columnWidths(table.rows)
      let widths = table.fitted(natural, to: width)
      let shown = table.render(colour: false, width: width)
      for line in shown.split(separator: "\n") {
        #expect(DisplayWidth.of(String(line)) <= width, "at \(width): \(line)")
      }
      for (column, fitted) in widths.enumerated() {
        // NB: never under a few columns, and never cut while a wider column was left.
        #expect(fitted >= min(natural[column], Table.narrowest))
        if fitted < natural[column] {
          #expect(widths.allSatisfy { $0 <= fitted + 1 }, "at \(width): \(widths)")
        }
      }
      // NB: every cell is whole or its own beginning with an ellipsis.
      let lines = shown.split(separator: "\n").dropFirst()
      for (row, line) in zip(table.rows, lines) {
        #expect(line.hasPrefix(String(row[0].prefix(max(1, widths[0] - 1)))))
      }
    }
    // NB: a short status outlives a long title.
    #expect(list.render(colour: false, width: 80).contains("you know"))
  }
}
