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

extension SuggestChineseCLITests {
  @Test func test_AC_LANG_18_mealTimesAndAnOfflineMealSpeakChinese() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let shown = await scratch.run("bob", ["--lang", "zh-Hant", "meal", "times"])
    #expect(shown.stdout == "早餐 08:00，午餐 12:30，晚餐 19:00；餐前 60 分鐘決定；吃過的菜休息 7 天\n")
    let changed = await scratch.run(
      "bob", ["--lang", "zh-Hant", "--offline", "meal", "times", "--cooldown", "5"])
    #expect(changed.exitCode == 0, "\(changed.stderr)")
    #expect(
      changed.stdout
        == "已變更（離線：在待送區等候）：早餐 08:00，午餐 12:30，晚餐 19:00；餐前 60 分鐘決定；吃過的菜休息 5 天\n",
      "\(changed.stdout)")
    let proposed = await scratch.run(
      "bob", ["--lang", "zh-Hant", "--offline", "meal", "propose", "dinner", "Soup"])
    #expect(proposed.stdout.hasPrefix("已提議（離線：在待送區等候）："), "\(proposed.stdout)")
    let english = await scratch.run("bob", ["--offline", "meal", "propose", "lunch", "Soup"])
    #expect(english.stdout.hasPrefix("Proposed (offline: waits in the outbox): "))
  }
}
