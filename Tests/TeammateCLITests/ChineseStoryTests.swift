import Foundation
import Testing

/// The couple's week, told in Traditional Chinese through the built binary.
@Suite struct ChineseStoryTests {
  /// The English left in `text` once what may stay is taken out: the tool's own prefix, ids
  /// and codes, the commands a hint names (inside 「」), and `typed`, what the couple typed.
  static func english(in text: String, typed: [String]) -> [String] {
    var rest = text
    for word in typed { rest = rest.replacingOccurrences(of: word, with: " ") }
    for prefix in ["teammate: error: ", "teammate: warning: "] {
      rest = rest.replacingOccurrences(of: prefix, with: " ")
    }
    rest = rest.replacingOccurrences(
      of: #"「teammate [^」]*」"#, with: " ", options: .regularExpression)
    rest = rest.replacingOccurrences(
      of: #"teammate --as PARTNER household join \d{6}"#, with: " ", options: .regularExpression)
    rest = rest.replacingOccurrences(
      of: #"\b[a-z0-9]{8,10}\b"#, with: " ", options: .regularExpression)
    rest = rest.replacingOccurrences(of: "Asia/Taipei", with: " ")
    return rest.components(separatedBy: .newlines).filter {
      $0.range(of: #"[A-Za-z]{2,}"#, options: .regularExpression) != nil
    }
  }

  @Test func test_AC_LANG_14_theCouplesWeekReadsChineseOnly() async throws {
    let scratch = try Scratch()
    var environment = scratch.environment
    environment["LANG"] = "zh_TW.UTF-8"
    var said: [String] = []
    let typed = ["alice", "bob", "Alice", "Bob"]
    func run(_ account: String, _ arguments: [String], now: String? = nil) async throws -> String {
      var shown = environment
      if let now { shown["TEAMMATE_NOW"] = now }
      let outcome = try await Binary.run(["--as", account] + arguments, environment: shown)
      #expect(outcome.exitCode == 0, "\(arguments): \(outcome.stderr)")
      said.append(outcome.stdout + outcome.stderr)
      return outcome.stdout
    }
    let made = try await run(
      "alice",
      ["household", "create", "--name", "家", "--tz", "Asia/Taipei", "--display-name", "小美"])
    let code = try #require(made.firstMatch(of: #/邀請碼：(\d{6})/#)?.1)
    _ = try await run("bob", ["household", "join", String(code), "--display-name", "阿明"])
    _ = try await run("alice", ["dish", "add", "咖哩", "--ingredient", "2 洋蔥", "--ingredient", "米"])
    _ = try await run("alice", ["dish", "add", "湯", "--ingredient", "洋蔥"])
    _ = try await run("alice", ["meal", "propose", "dinner", "咖哩", "湯", "--day", "tomorrow"])
    _ = try await run("bob", ["sync"])
    _ = try await run("bob", ["meal", "pick", "dinner", "咖哩", "--day", "tomorrow"])
    _ = try await run("alice", ["sync"])
    _ = try await run("alice", ["meal", "decide", "lunch", "湯", "--day", "thu"])
    _ = try await run("alice", ["list", "from-meal", "dinner", "--day", "tomorrow"])
    let list = try await run("alice", ["list", "from-meal", "lunch", "--day", "thu"])
    #expect(list.contains("3 洋蔥"), "\(list)")
    _ = try await run("alice", ["list", "add", "牛奶", "麵包"])
    // NB: Bob walks through the shop: bread, then the onions, the milk, the rice.
    _ = try await run("bob", ["sync"])
    _ = try await run("bob", ["list", "--shop", "好市多"])
    for (minute, thing) in ["麵包", "洋蔥", "牛奶", "米"].enumerated() {
      _ = try await run(
        "bob", ["list", "got", thing], now: "2026-12-01T18:0\(minute):00+08:00")
    }
    _ = try await run("alice", ["sync"], now: "2026-12-01T19:00:00+08:00")
    _ = try await run(
      "alice", ["list", "add", "米", "牛奶", "洋蔥", "麵包"], now: "2026-12-02T09:00:00+08:00")
    let walk = try await run(
      "alice", ["list", "--shop", "好市多"], now: "2026-12-02T09:00:00+08:00")
    let needed = walk.components(separatedBy: "已買").first ?? walk
    let aisles = needed.split(separator: "\n").filter {
      $0.hasPrefix("  ") && !$0.hasPrefix("    ")
    }
    #expect(
      aisles.map { $0.trimmingCharacters(in: .whitespaces) } == ["麵包", "蔬果", "乳製品", "乾貨"], "\(walk)"
    )
    _ = try await run("bob", ["sync"], now: "2026-12-02T09:05:00+08:00")
    _ = try await run("bob", ["pending"], now: "2026-12-02T09:05:00+08:00")
    let english = Self.english(in: said.joined(separator: "\n"), typed: typed)
    #expect(english.isEmpty, "English left: \(english)")
  }
}
