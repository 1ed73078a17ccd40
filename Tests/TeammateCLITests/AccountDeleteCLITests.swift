import Foundation
import Testing

@testable import TeammateSQLite

/// `teammate account delete`: an account erased through the built binary, and nothing of it
/// left in the household's file.
@Suite struct AccountDeleteCLITests {
  /// The tables and text columns of the store file whose rows hold `text`, as `table.column`.
  static func naming(_ text: String, in path: String) throws -> [String] {
    let connection = try SQLiteConnection(path: path)
    let tables = try connection.rows(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ) { $0.text(0) }
    var found: [String] = []
    for table in tables {
      let columns = try connection.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]) {
        $0.text(0)
      }
      for column in columns {
        let count = try connection.first(
          "SELECT count(*) FROM \(table) WHERE instr(CAST(\(column) AS TEXT), ?) > 0",
          [.text(text)]
        ) { $0.int(0) }
        if count ?? 0 > 0 { found.append("\(table).\(column)") }
      }
    }
    return found
  }

  @Test func test_AC_PORT_08_aliceDeletesHerAccountAndBobReadsAFormerMember() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let run = { (account: String, arguments: [String]) in
      try await Binary.run(["--as", account] + arguments, environment: scratch.environment)
    }
    #expect(try await run("alice", ["card", "add", "Checkup", "--kind", "task"]).exitCode == 0)
    _ = try await run("bob", ["sync"])
    let offline = try await run("alice", ["--offline", "account", "delete"])
    #expect(
      offline.exitCode == 1 && offline.stderr.contains("needs the network"), "\(offline.stderr)")

    let erased = try await run("alice", ["account", "delete"])
    #expect(erased.exitCode == 0, "\(erased.stderr)")
    #expect(
      erased.stdout == "Erased the account alice; what you wrote stays, by a former member.\n")
    let told = try await run("bob", ["sync"])
    #expect(told.stdout.contains("  A former member erased their account; what they wrote stays\n"))
    #expect(!(try await run("bob", ["sync"])).stdout.contains("erased"))
    let cards = try await run("bob", ["card", "list", "--json"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [String: Any])
    let checkup = try #require((document["cards"] as? [[String: Any]])?.first)
    let id = try #require(checkup["id"] as? String)
    let shown = try await run("bob", ["card", "show", id])
    #expect(shown.stdout.contains("by:        a former member, "), "\(shown.stdout)")
    let chinese = try await Binary.run(
      ["--as", "bob", "card", "show", id],
      environment: scratch.environment.merging(["LANG": "zh_TW.UTF-8"]) { $1 })
    #expect(chinese.stdout.contains("修改：前成員，"), "\(chinese.stdout)")
    let chineseAlone = try await Binary.run(
      ["--as", "bob", "account", "delete"],
      environment: scratch.environment.merging(["LANG": "zh_TW.UTF-8"]) { $1 })
    #expect(
      chineseAlone.stderr
        == "teammate: error: 你是這個家最後的成員：刪除帳號也會刪除這個家\n"
        + "提示：要連同這個家一起刪除：teammate account delete --delete-household\n",
      "\(chineseAlone.stderr)")

    // Alone, Bob is told how to delete the household with his account; then he does.
    let alone = try await run("bob", ["account", "delete"])
    #expect(alone.exitCode == 1, "\(alone.stderr)")
    #expect(
      alone.stderr.hasSuffix(
        "hint: to delete it with your account: teammate account delete --delete-household\n"),
      "\(alone.stderr)")
    #expect(try await run("bob", ["card", "list"]).exitCode == 0)
    #expect(try await run("bob", ["account", "delete", "--delete-household"]).exitCode == 0)
    let gone = try await run("bob", ["card", "list"])
    #expect(gone.exitCode == 1 && gone.stderr.contains("not in a household"), "\(gone.stderr)")
  }

  @Test func test_AC_PORT_07_noRowOfTheHouseholdsFileNamesAnErasedAccount() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let run = { (account: String, arguments: [String]) in
      try await Binary.run(["--as", account] + arguments, environment: scratch.environment)
    }
    _ = try await run("alice", ["card", "add", "Checkup", "--kind", "task"])
    _ = try await run("alice", ["list", "add", "milk"])
    _ = try await run("bob", ["sync"])
    _ = try await run("bob", ["ack", "--all"])
    _ = try await run("bob", ["card", "add", "Nap"])
    _ = try await run("bob", ["list", "got", "milk"])
    _ = try await run("alice", ["sync"])
    // NB: the scan finds her before: it can fail.
    let before = try Self.naming("alice", in: scratch.store)
    #expect(
      before.contains("account_households.account") && before.contains("device_parts.account"))
    #expect(try Self.naming("Alice", in: scratch.store).contains("households.body"))

    #expect(try await run("alice", ["account", "delete"]).exitCode == 0)
    _ = try await run("bob", ["sync"])
    #expect(try Self.naming("alice", in: scratch.store) == [])
    #expect(try Self.naming("Alice", in: scratch.store) == [])
    let list = try await run("bob", ["list", "--all"])
    #expect(list.stdout.contains("milk") && list.exitCode == 0, "\(list.stdout)")
    let cards = try await run("bob", ["card", "list"])
    #expect(cards.stdout.contains("Checkup") && cards.stdout.contains("Nap"), "\(cards.stdout)")
  }
}
