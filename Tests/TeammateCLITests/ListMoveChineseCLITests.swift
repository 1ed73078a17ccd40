import Foundation
import TeammateCLI
import Testing

/// A thing moved to another aisle, told in Chinese with the aisle's Chinese name (AC-LANG-16).
@Suite struct ListMoveChineseCLITests {
  @Test func test_AC_LANG_16_aMoveIsToldWithTheAislesChineseName() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    #expect(await scratch.run("alice", ["list", "add", "豆漿"]).exitCode == 0)
    _ = await scratch.run("bob", ["sync"])
    let moved = await scratch.run("alice", ["list", "move", "豆漿", "--to", "drinks"])
    #expect(moved.exitCode == 0, "\(moved.stderr)")
    let told = await scratch.run("bob", ["--lang", "zh-Hant", "sync"])
    #expect(told.stdout.contains("把豆漿移到「飲料」"), "\(told.stdout)")
    #expect(!told.stdout.contains("drinks"), "\(told.stdout)")
  }
}
