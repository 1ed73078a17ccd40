import Foundation
import TeammateTestHarness
import Testing

/// `teammate list rename ITEM TEXT` through the built binary, in both languages (AC-LIST-38).
@Suite struct ListRenameCLITests {
  @Test func test_AC_LIST_38_listRenameShowsTheItemAndThePartnerIsToldInBothLanguages()
    async throws
  {
    let scratch = try Scratch()
    try await scratch.couple()
    let run = { (account: String, arguments: [String]) in
      try await Binary.run(["--as", account] + arguments, environment: scratch.environment)
    }
    #expect(try await run("alice", ["list", "add", "oat drink", "bread"]).exitCode == 0)
    _ = try await run("bob", ["sync"])
    let renamed = try await run("alice", ["list", "rename", "OAT DRINK", "oat milk"])
    #expect(renamed.exitCode == 0, "\(renamed.stderr)")
    #expect(renamed.stdout.hasPrefix("Changed:\n  "), "\(renamed.stdout)")
    #expect(renamed.stdout.contains("oat milk"), "\(renamed.stdout)")
    // NB: the partner's list tells it before any sync, and not as an add.
    let list = try await run("bob", ["list"])
    #expect(list.stdout.contains("Alice renamed oat drink to oat milk"), "\(list.stdout)")
    #expect(!list.stdout.contains("Alice added oat milk"), "\(list.stdout)")

    // NB: offline it waits, worded in the outbox; Chinese words for the partner.
    let offline = try await run(
      "bob", ["--offline", "--lang", "zh-Hant", "list", "rename", "bread", "吐司"])
    #expect(offline.exitCode == 0, "\(offline.stderr)")
    #expect(offline.stdout.hasPrefix("已修改（離線：在待送區等候）："), "\(offline.stdout)")
    let outbox = try await run("bob", ["--lang", "zh-Hant", "outbox"])
    #expect(outbox.stdout.contains("把「bread」改名為「吐司」"), "\(outbox.stdout)")
    _ = try await run("bob", ["sync"])
    let told = try await run("alice", ["--lang", "zh-Hant", "sync"])
    #expect(told.stdout.contains("把bread改名為吐司"), "\(told.stdout)")

    // NB: refused onto another needed thing, in the session's language, changing nothing.
    let before = try await run("alice", ["list", "--json"]).stdout
    for (language, words) in [("en", "'吐司' is on the list already"), ("zh-Hant", "清單上已經有")] {
      let taken = try await run("alice", ["--lang", language, "list", "rename", "oat milk", "吐司"])
      #expect(taken.exitCode == 1, "\(taken.stderr)")
      #expect(taken.stderr.hasPrefix("teammate: error: "), "\(taken.stderr)")
      #expect(taken.stderr.contains(words), "\(taken.stderr)")
    }
    let usage = try await run("alice", ["list", "rename", "bread"])
    #expect(usage.exitCode == 64, "\(usage.stderr)")
    let unknown = try await run("alice", ["list", "rename", "caviar", "roe"])
    #expect(unknown.exitCode == 1, "\(unknown.stderr)")
    let empty = try await run("alice", ["list", "rename", "oat milk", " "])
    #expect(empty.exitCode == 1, "\(empty.stderr)")
    #expect(try await run("alice", ["list", "--json"]).stdout == before)
  }
}
