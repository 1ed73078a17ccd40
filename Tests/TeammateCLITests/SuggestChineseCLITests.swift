import Testing

/// A suggestion's words in Traditional Chinese, its warning too.
@Suite struct SuggestChineseCLITests {
  @Test func test_AC_LANG_17_aSuggestionOfDishesEatenLatelySaysWhyInChinese() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = try await scratch.json("alice", ["dish", "add", "咖哩"])
    _ = try await scratch.json("alice", ["meal", "decide", "dinner", "咖哩", "--day", "yesterday"])
    let shown = await scratch.run("bob", ["--lang", "zh-Hant", "meal", "suggest", "dinner"])
    #expect(shown.exitCode == 0, "\(shown.stderr)")
    #expect(
      shown.stdout == "今天，12月1日（週二）的晚餐：咖哩\n（每道菜最近 7 天內都吃過了：這些是最久沒吃的）\n", "\(shown.stdout)")
    let proposed = await scratch.run(
      "bob", ["--lang", "zh-Hant", "meal", "suggest", "dinner", "--propose"])
    #expect(proposed.exitCode == 0, "\(proposed.stderr)")
    #expect(
      proposed.stderr == "teammate: warning: 每道菜最近 7 天內都吃過了：這些是最久沒吃的\n",
      "\(proposed.stderr)")
  }
}
