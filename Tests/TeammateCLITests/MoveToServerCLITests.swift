import Foundation
import TeammateCLI
import TeammateTestHarness
import Testing

@testable import TeammatePostgres

/// The couple's household leaves a phone's file for a server, Alice then erases her account,
/// and the household goes back to a file, through the built binary (AC-PORT-16).
@Suite struct MoveToServerCLITests {
  @Test func test_AC_PORT_16_fromAFileToAServerThenAliceErasedAndNoTableHoldsHer() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let server = try PostgresTestServer.freshStore("moving")
    var urls: [String: String] = [:]
    for name in ["alice", "bob"] {
      urls[name] = try #require(
        try await ServerAccountCLITests.add(
          name, on: server, passfile: scratch.folder.appending("\(name).pgpass"))["url"]
          as? String)
    }
    func run(_ account: String, _ arguments: [String], onServer: Bool = false) async throws
      -> CommandOutcome
    {
      var environment = scratch.environment
      environment["TEAMMATE_DEVICE"] = scratch.folder.appending("\(account).sqlite")
      if onServer { environment["TEAMMATE_STORE"] = urls[account] }
      return try await Binary.run(["--as", account] + arguments, environment: environment)
    }
    #expect(try await run("alice", ["card", "add", "Checkup", "--kind", "task"]).exitCode == 0)
    _ = try await run("bob", ["sync"])
    #expect(try await run("bob", ["--offline", "card", "add", "Written offline"]).exitCode == 0)

    let moved = try await run("alice", ["household", "move", "--to", server])
    #expect(moved.exitCode == 0, "\(moved.stderr)")
    let left = try await run("bob", ["sync"])
    #expect(left.exitCode == 1 && left.stderr.contains("has moved to"), "\(left.stderr)")
    let bobThere = try await run("bob", ["sync"], onServer: true)
    #expect(
      bobThere.stdout.hasPrefix("1 waiting write sent;"), "\(bobThere.stdout)\(bobThere.stderr)")
    let aliceThere = try await run("alice", ["sync"], onServer: true)
    #expect(aliceThere.stdout.contains("Bob logged \"Written offline\""), "\(aliceThere.stdout)")

    // NB: every text column of every table on the server, read as its superuser.
    func naming(_ text: String = "alice") throws -> [String] {
      let connection = try PostgresConnection(url: server)
      let columns = try connection.query(
        """
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema()
          AND data_type IN ('text', 'name', 'character varying')
        """)
      var holding: [String] = []
      var scanned = 0
      for row in 0..<columns.count {
        let table = try columns.text(row, "table_name")
        let column = try columns.text(row, "column_name")
        guard PostgresQuery.isPlainName(table), PostgresQuery.isPlainName(column) else { continue }
        scanned += 1
        let count = try connection.query(
          PostgresQuery(
            stringLiteral:
              "SELECT count(*) AS n FROM \(table) WHERE strpos(lower(\(column)::text), '\(text)') > 0"
          ))
        if try count.text(0, "n") != "0" { holding.append("\(table).\(column)") }
      }
      #expect(scanned > 20 && scanned == columns.count, "\(scanned) of \(columns.count)")
      return holding
    }
    // NB: the scan finds her before: it can fail.
    #expect(try naming().contains("cards.body"))
    #expect(try await run("alice", ["account", "delete"], onServer: true).exitCode == 0)
    let told = try await run("bob", ["sync"], onServer: true)
    #expect(told.stdout.contains("A former member erased their account"), "\(told.stdout)")
    let cards = try await run("bob", ["--json", "card", "list"], onServer: true)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [String: Any])
    let all = (document["cards"] as? [[String: Any]]) ?? []
    let checkup = try #require(all.first { $0["title"] as? String == "Checkup" }?["id"] as? String)
    let shown = try await run("bob", ["card", "show", checkup], onServer: true)
    #expect(shown.stdout.contains("by:        a former member, "), "\(shown.stdout)")
    #expect(all.filter { $0["title"] as? String == "Written offline" }.count == 1)

    #expect(try naming() == [])

    // NB: and back: Bob, alone now, moves the household from the server to a phone's file.
    let file = scratch.folder.appending("back.sqlite")
    let back = try await run("bob", ["household", "move", "--to", file], onServer: true)
    #expect(back.exitCode == 0, "\(back.stderr)")
    let refused = try await run("bob", ["sync"], onServer: true)
    #expect(
      refused.exitCode == 1 && refused.stderr.contains("has moved to \(file)"), "\(refused.stderr)")
    // NB: the server keeps nothing of the household but its mark (AC-PORT-24, an array the
    // scan of text columns passes over); Bob's account is still the server's, his role's row.
    let remaining = try naming("bob")
    #expect(remaining == ["teammate_accounts.account"], "\(remaining)")
    let onFile = try await run("bob", ["--store", file, "card", "list"])
    #expect(
      onFile.exitCode == 0 && onFile.stdout.contains("Checkup")
        && onFile.stdout.contains("Written offline"), "\(onFile.stdout)\(onFile.stderr)")
  }
}
