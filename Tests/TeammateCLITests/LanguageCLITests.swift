import Foundation
import TeammateCLI
import Testing

/// The command line in the parents' language.
@Suite struct LanguageCLITests {
  @Test func test_AC_LANG_05_theCommandLineSpeaksTraditionalChineseUnderTheLocale() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = await scratch.run("alice", ["card", "add", "接小孩"])
    let english = try await scratch.json("bob", ["notifications"])
    func run(_ environment: [String: String], _ arguments: [String]) async -> CommandOutcome {
      await Teammate.run(
        ["--as", "bob"] + arguments, environment: scratch.environment.merging(environment) { $1 })
    }
    let synced = await run(["LANG": "zh_TW.UTF-8"], ["sync"])
    #expect(
      synced.stdout == "新增 1 件；已排定 2 個提醒。\n  Alice 記錄了「接小孩」\n未讀：1\n", "\(synced.stdout)")
    let planned = await run(["TEAMMATE_LANG": "zh-Hant"], ["--json", "notifications"])
    #expect(planned.stdout.contains("有事等你知道"), "\(planned.stdout)")
    // NB: the same document in either language, but for the words the phone shows.
    let keys = { (text: String) throws -> [String] in
      ((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?.keys.sorted())
        ?? []
    }
    #expect(try keys(planned.stdout) == english.keys.sorted())
    let json = await run(["LANG": "zh_TW.UTF-8"], ["--json", "pending"])
    let plain = await run([:], ["--json", "pending"])
    #expect(json.stdout == plain.stdout && !json.stdout.isEmpty)
    // NB: LC_ALL wins over LANG, and --lang over them all.
    let c = await run(["LC_ALL": "C", "LANG": "zh_TW.UTF-8"], ["sync"])
    #expect(c.stdout.hasSuffix("Badge: 1\n"), "\(c.stdout)")
    let told = await run(["LANG": "en_US.UTF-8"], ["--lang", "zh-Hant", "sync"])
    #expect(told.stdout.hasSuffix("未讀：1\n"), "\(told.stdout)")
    let wrong = await run([:], ["--lang", "fr", "sync"])
    #expect(wrong.exitCode == 64)
    #expect(wrong.stderr.hasPrefix("teammate: error: 'fr' is not a valid value for '--lang'"))
  }
}
