import Foundation
import Testing

/// `export --household` and `import`: a household leaves one store and arrives in another.
@Suite struct HouseholdDocumentCLITests {
  @Test func test_AC_CLI_97_exportAndImportMoveTheHouseholdWhole() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    #expect(await scratch.run("alice", ["card", "add", "Crib"]).exitCode == 0)
    #expect(await scratch.run("bob", ["list", "add", "milk"]).exitCode == 0)
    // NB: a write waiting in the outbox is sent first: the document has what Bob sees.
    #expect(await scratch.run("bob", ["--offline", "card", "add", "Wipes"]).exitCode == 0)
    let file = scratch.folder.appending("home.json")
    let exported = try await scratch.json(
      "bob", ["export", "--household", "--output", file])
    #expect(exported["cards"] as? Int == 2 && exported["items"] as? Int == 1, "\(exported)")
    let printed = await scratch.run("alice", ["export", "--household"])
    #expect(printed.stdout == (try String(contentsOfFile: file, encoding: .utf8)))

    let other = scratch.folder.appending("moved/store.sqlite")
    let imported = await scratch.run("alice", ["--store", other, "import", file])
    #expect(imported.exitCode == 0, "\(imported.stderr)")
    #expect(
      imported.stdout
        == "Imported the household 'Home' of Alice and Bob: 2 card(s), 1 list item(s), "
        + "\(exported["changes"] as? Int ?? 0) change(s).\n")
    // NB: the importer was told the history already; the partner knows what they knew.
    let synced = await scratch.run("alice", ["--store", other, "sync"])
    #expect(!synced.stdout.contains("logged"), "\(synced.stdout)")
    let titles = try #require(
      try await scratch.json("bob", ["--store", other, "card", "list"])["cards"]
        as? [[String: Any]]
    ).compactMap { $0["title"] as? String }
    #expect(titles.sorted() == ["Crib", "Wipes"])
    let again = await scratch.run("alice", ["--store", other, "export", "--household"])
    #expect(again.stdout == printed.stdout)

    // NB: refused, and nothing changes.
    let before = try Data(contentsOf: URL(fileURLWithPath: other))
    let twice = await scratch.run("bob", ["--store", other, "import", file])
    #expect(twice.exitCode == 1)
    #expect(
      twice.stderr.hasPrefix("teammate: error: this store holds household "), "\(twice.stderr)")
    let junk = scratch.folder.appending("junk.json")
    try Data("{\"format\": 1}".utf8).write(to: URL(fileURLWithPath: junk))
    let unreadable = await scratch.run("bob", ["--store", other, "import", junk])
    #expect(unreadable.exitCode == 1)
    #expect(
      unreadable.stderr.contains("this is not a household document this version can read"),
      "\(unreadable.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)
    let both = await scratch.run("alice", ["export", "--household", "--ics"])
    #expect(both.exitCode == 64, "\(both.stderr)")
  }
}
