import Foundation
import TeammateCLI
import Testing

@testable import TeammateSQLite

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

  @Test func test_AC_LANG_06_theListReadsInTraditionalChinese() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = await scratch.run("alice", ["list", "add", "牛奶", "尿布", "oat drink", "麵包"])
    func run(_ arguments: [String]) async -> CommandOutcome {
      await Teammate.run(
        ["--as", "bob", "--lang", "zh-Hant"] + arguments, environment: scratch.environment)
    }
    let got = await run(["list", "got", "麵包"])
    #expect(got.stdout.hasPrefix("已買：\n  "), "\(got.stdout)")
    let moved = await run(["list", "move", "oat drink", "--to", "乳製品"])
    #expect(moved.stdout.hasPrefix("已移到「乳製品」：\n  "), "\(moved.stdout)")
    let list = await run(["list", "--shop", "costco"])
    #expect(list.exitCode == 0, "\(list.stderr)")
    let shown = list.stdout
    #expect(shown.contains("要買（在 costco）\n  乳製品\n"), "\(shown)")
    #expect(shown.contains("  嬰兒用品\n"), "\(shown)")
    #expect(shown.contains("（Alice 加的）") && shown.contains("（Bob 買的）"), "\(shown)")
    #expect(shown.contains("\n已買\n"), "\(shown)")
    // NB: nothing English but what the people typed, their names and the ids.
    var words = shown
    for typed in ["oat drink", "costco", "Alice", "Bob"] {
      words = words.replacingOccurrences(of: typed, with: "")
    }
    words = words.replacing(#/\b[a-z0-9]{8}\b/#, with: "")
    #expect(!words.contains(where: { $0.isASCII && $0.isLetter }), "\(words)")
    // NB: the same in English under the locale of C, and `--json` the same in both.
    let english = await Teammate.run(
      ["--as", "bob", "list"], environment: scratch.environment.merging(["LC_ALL": "C"]) { $1 })
    #expect(english.stdout.contains("Needed, in costco\n  Dairy\n"), "\(english.stdout)")
    let json = await run(["--json", "list"])
    let plain = await Teammate.run(
      ["--as", "bob", "--json", "list"], environment: scratch.environment)
    #expect(json.stdout == plain.stdout && !json.stdout.isEmpty)
  }

  @Test func test_AC_LANG_07_pendingAndTheCardsReadInTraditionalChinese() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = await scratch.run("alice", ["card", "add", "看牙醫", "--kind", "event", "--at", "17:00"])
    _ = await scratch.run("alice", ["card", "add", "Call the plumber", "--kind", "task"])
    _ = await scratch.run(
      "alice",
      [
        "card", "add", "繳電費", "--kind", "task", "--at", "2026-12-08 09:00", "--every",
        "week on mon",
      ])
    func run(_ account: String, _ arguments: [String]) async -> CommandOutcome {
      await Teammate.run(
        ["--as", account, "--lang", "zh-Hant"] + arguments, environment: scratch.environment)
    }
    let pending = await run("bob", ["pending"]).stdout
    let lines = pending.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("編號      類型  標題") == true, "\(pending)")
    #expect(pending.contains(#/行程  看牙醫 +12月1日（週二）17:00（8 小時後） +等你知道/#), "\(pending)")
    #expect(pending.contains("待辦  Call the plumber  -"), "\(pending)")
    #expect(pending.contains("12月14日（週一）09:00（13 天後），每週一 09:00"), "\(pending)")
    #expect(pending.hasSuffix("\n未讀：3\n"), "\(pending)")
    _ = await scratch.run("bob", ["ack", "--all"])
    let cards = await run("alice", ["card", "list"]).stdout
    #expect(cards.contains("Bob 已知道"), "\(cards)")
    // NB: nothing English but the titles, the names and the ids.
    var words = pending + cards
    for typed in ["Call the plumber", "Bob"] {
      words = words.replacingOccurrences(of: typed, with: "")
    }
    words = words.replacing(#/\b[a-z0-9]{8}\b/#, with: "")
    #expect(!words.contains(where: { $0.isASCII && $0.isLetter }), "\(words)")
    #expect(await run("bob", ["pending"]).stdout == "沒有等你知道的事。未讀：0\n")
    // NB: a card as a command shows it after changing it.
    let logged = await run("alice", ["card", "add", "買尿布", "--note", "兩包", "--kind", "task"])
    #expect(logged.stdout.hasPrefix("已記錄："), "\(logged.stdout)")
    #expect(logged.stdout.contains("  待辦  買尿布\n  備註：兩包\n  對象：兩個人\n  修改：Alice，"), "\(logged.stdout)")
    #expect(logged.stdout.hasSuffix("，第 1 版\n  狀態：等對方知道\n"), "\(logged.stdout)")
    // NB: English as before without the language, `--json` the same in both.
    let english = await scratch.run("alice", ["card", "list"]).stdout
    #expect(english.hasPrefix("ID        KIND   TITLE"), "\(english)")
    let json = await run("alice", ["--json", "card", "list"]).stdout
    #expect(json == (await scratch.run("alice", ["--json", "card", "list"])).stdout)
  }

  @Test func test_AC_LANG_08_theWeekOfMealsReadsInTraditionalChinese() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    _ = await scratch.run("bob", ["meal", "propose", "dinner", "curry", "外帶"])
    _ = await scratch.run("alice", ["meal", "decide", "lunch", "剩菜", "--cook", "me"])
    let week = await Teammate.run(
      ["--as", "alice", "--lang", "zh-Hant", "meal", "--week"], environment: scratch.environment)
    let lines = week.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "今天，12月1日（週二）", "\(week.stdout)")
    #expect(lines.contains("  早餐       未決定"), "\(week.stdout)")
    #expect(
      lines.contains { $0.hasPrefix("  午餐       剩菜 · Alice 煮 · 等對方知道  [") }, "\(week.stdout)")
    #expect(
      lines.contains { $0.hasPrefix("  晚餐       curry或外帶（Bob 提議） · 等你知道  [") },
      "\(week.stdout)")
    #expect(lines.contains("明天，12月2日（週三）"), "\(week.stdout)")
    var words = week.stdout
    for typed in ["curry", "Alice", "Bob"] {
      words = words.replacingOccurrences(of: typed, with: "")
    }
    words = words.replacing(#/\[[a-z0-9]{8}\]/#, with: "")
    #expect(!words.contains(where: { $0.isASCII && $0.isLetter }), "\(words)")
    // NB: one meal as a command shows it after it changed it.
    let decided = await Teammate.run(
      [
        "--as", "alice", "--lang", "zh-Hant", "meal", "decide", "dinner", "fried rice", "--day",
        "tomorrow", "--cook", "me",
      ], environment: scratch.environment)
    #expect(
      decided.stdout.hasPrefix("已決定：明天，12月2日（週三）的晚餐：fried rice\n  編號：  "),
      "\(decided.stdout)")
    #expect(decided.stdout.contains("\n  誰煮：  Alice 煮\n"), "\(decided.stdout)")
    #expect(decided.stdout.contains("，第 1 版\n  狀態：  等對方知道\n"), "\(decided.stdout)")
    let english = await scratch.run("alice", ["meal"])
    #expect(
      english.stdout.hasPrefix("Today, Tue 1 Dec\n  breakfast  not decided\n"), "\(english.stdout)")
  }

  @Test func test_AC_LANG_09_aHouseholdsLifeTheOutboxAndConflictsReadInChinese() async throws {
    let scratch = try Scratch()
    func run(_ account: String, _ arguments: [String]) async -> CommandOutcome {
      await Teammate.run(
        ["--as", account] + arguments,
        environment: scratch.environment.merging(["LANG": "zh_TW.UTF-8"]) { $1 })
    }
    let made = await run(
      "alice",
      ["household", "create", "--name", "家", "--tz", "Asia/Taipei", "--display-name", "小美"])
    let lines = made.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "已建立「家」，時區 Asia/Taipei。", "\(made.stdout)")
    let code = try #require(lines.dropFirst().first?.split(separator: "：").last?.prefix(6))
    #expect(lines.dropFirst().first == "邀請碼：\(code)，有效到 12月2日（週三）09:00（24 小時後）。")
    let joined = await run("bob", ["household", "join", String(code), "--display-name", "阿明"])
    #expect(joined.stdout == "已加入「家」，和小美一起；你是阿明。\n", "\(joined.stdout)")
    let shown = await run("alice", ["household", "show"])
    #expect(shown.stdout.hasPrefix("家，Asia/Taipei\n\n帳號   名字  加入\n"), "\(shown.stdout)")
    let refused = await run("alice", ["card", "add", ""])
    #expect(refused.stderr == "teammate: error: 卡片需要標題\n" && refused.exitCode == 1)
    let missing = await run("alice", ["list", "got", "caviar"])
    #expect(missing.stderr == "teammate: error: 清單上沒有「caviar」（用「teammate list --all」看看）\n")
    let nobody = await Teammate.run(
      ["card", "add", "x"], environment: scratch.environment.merging(["LANG": "zh_TW.UTF-8"]) { $1 }
    )
    #expect(
      nobody.stderr.hasPrefix(
        "teammate: error: 沒有要代表的帳號\n提示：加上 --as UID（例如 --as alice），或設定 TEAMMATE_USER\n"),
      "\(nobody.stderr)")
    let offline = await run("alice", ["--offline", "invite", "create"])
    #expect(offline.stderr.hasPrefix("teammate: error: 「teammate invite create」需要網路，不能在待送區等\n提示："))
    let noInvite = await run("alice", ["invite", "show"])
    #expect(noInvite.stderr == "teammate: error: 「家」沒有有效的邀請碼；用「teammate invite create」建立一個\n")

    let card = try await scratch.card("bob", ["接小孩"])
    let id = try #require(card["id"] as? String)
    _ = await run("alice", ["sync"])
    let ack = await run("alice", ["--offline", "ack", id])
    #expect(ack.stdout == "已知道：\(id)  接小孩\n你現在知道 1 張卡片了（離線：在待送區等候）。未讀：0\n")
    _ = await run("alice", ["--offline", "list", "add", "milk"])
    let outbox = await run("alice", ["outbox"])
    #expect(outbox.stdout.hasPrefix("時間"), "\(outbox.stdout)")
    #expect(outbox.stdout.contains("知道「接小孩」（第 1 版）\n"), "\(outbox.stdout)")
    #expect(outbox.stdout.contains("把「milk」加進購物清單\n"), "\(outbox.stdout)")
    #expect(outbox.stdout.hasSuffix("\n2 筆寫入在等待；「teammate sync」會送出。\n"))
    let json = try await scratch.json("alice", ["outbox"])
    let texts = (json["outbox"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
    #expect(texts == ["acknowledge '接小孩' (revision 1)", "put 'milk' on the list"])
    _ = await run("bob", ["card", "delete", id])
    let synced = await run("alice", ["sync"])
    #expect(
      synced.stdout.contains("沒有照你做的送達：\n  ! 「接小孩」在你離線時被刪除了；你的「知道了」沒有送達\n"),
      "\(synced.stdout)")
    #expect(await run("alice", ["outbox"]).stdout == "沒有等待中的寫入：每一筆都送達了。\n")
    let left = await run("bob", ["household", "leave"])
    #expect(left.stdout == "你離開了「家」。\n", "\(left.stdout)")
  }

  @Test func test_AC_LANG_11_theDishesAndStatusReadInChinese() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    func run(_ arguments: [String]) async -> CommandOutcome {
      await Teammate.run(
        ["--as", "alice", "--lang", "zh-Hant"] + arguments, environment: scratch.environment)
    }
    #expect(await run(["dish", "list"]).stdout == "還沒有菜色：用「teammate dish add NAME」加一道。\n")
    let added = await run([
      "dish", "add", "麵", "--ingredient", "麵條", "--ingredient", "蔥", "--note", "快",
    ])
    let id = try #require(added.stdout.split(separator: "：").dropFirst().first?.prefix(8))
    #expect(added.stdout == "已加入菜色：\(id)  麵\n  備註：快\n  材料：麵條、蔥\n", "\(added.stdout)")
    let removed = await run(["--offline", "dish", "remove", "麵"])
    #expect(removed.stdout.hasPrefix("已移除菜色（離線：在待送區等候）：\(id)  麵\n"), "\(removed.stdout)")
    _ = await run(["sync"])
    #expect(await run(["dish", "list", "--removed"]).stdout == "\(id)  麵（已移除）  · 麵條、蔥\n")
    let status = await run(["status"]).stdout.split(separator: "\n").map(String.init)
    #expect(status.count == 6, "\(status)")
    #expect(status[0].hasPrefix("儲存區：") && status[0].hasSuffix("（SQLite，第 \(Schema.version) 版結構）"))
    #expect(status[1] == "帳號：alice" && status[3] == "另一半：Bob (bob)")
    #expect(status[4] == "待知道：0" && status[5] == "待送：空的")
  }

  @Test func test_AC_LANG_12_settingsNotificationsAndEmptyListsReadInChinese() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    func run(_ account: String, _ arguments: [String]) async -> CommandOutcome {
      await Teammate.run(
        ["--as", account, "--lang", "zh-Hant"] + arguments, environment: scratch.environment)
    }
    #expect(
      await run("alice", ["card", "list"]).stdout == "還沒有卡片。用「teammate card add TITLE」記錄一張。\n")
    #expect(
      await run("alice", ["settings"]).stdout
        == "摘要時間：20:00\n勿擾時段：22:00-07:00\n行程提前：30 分鐘\n"
        + "開啟：動態、每日摘要、行程、待辦、回覆期限、餐點、購物清單\n關閉：-\n")
    #expect(await run("bob", ["notifications"]).stdout.hasPrefix("沒有排定的提醒。"))
    let added = await run("alice", ["card", "add", "接小孩", "--kind", "task", "--at", "tomorrow"])
    #expect(
      added.stderr == "teammate: warning: 「tomorrow」沒有時刻：當作 12月2日（週三）09:00（24 小時後）\n",
      "\(added.stderr)")
    _ = await run("bob", ["sync"])
    let planned = await run("bob", ["notifications"]).stdout
    #expect(planned.hasPrefix("時間") && planned.contains("每日摘要"), "\(planned)")
    let none = await run("alice", ["card", "list", "--kind", "topic", "--open"])
    #expect(none.stdout == "沒有符合的卡片（類型話題、未完成）；一共有 1 張。\n", "\(none.stdout)")
    #expect(
      await run("alice", ["meal", "suggest", "dinner"]).stdout
        == "家裡還沒有菜色：用「teammate dish add NAME」加幾道。\n")
  }

  @Test func test_AC_LANG_13_exportImportAndWarningsReadInChinese() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    func run(_ arguments: [String], store: String? = nil) async -> CommandOutcome {
      var environment = scratch.environment
      if let store { environment["TEAMMATE_STORE"] = store }
      return await Teammate.run(
        ["--as", "alice", "--lang", "zh-Hant"] + arguments, environment: environment)
    }
    let past = await run(["card", "add", "看醫生", "--kind", "event", "--at", "2026-11-30 10:00"])
    #expect(
      past.stderr == "teammate: warning: 11月30日（週一）10:00（23 小時前）已經過去了；卡片還是記錄了\n", "\(past.stderr)")
    let path = scratch.folder.appending("home.json")
    let exported = await run(["export", "--household", "--output", path])
    #expect(exported.stdout.hasPrefix("已把「Home」這個家寫到 \(path)：1 張卡片、0 個清單項目、"), "\(exported.stdout)")
    let imported = await run(["import", path], store: scratch.folder.appending("new.sqlite"))
    #expect(imported.stdout.hasPrefix("已匯入「Home」這個家（Alice和Bob）：1 張卡片、"), "\(imported.stdout)")
    let missing = await run(["import", scratch.folder.appending("none.json")])
    #expect(missing.stderr.hasPrefix("teammate: error: 無法讀取 "), "\(missing.stderr)")
    let linked = await run(["account", "link", "--credential", "google:alice@example.com"])
    #expect(linked.stdout == "已把 google:alice@example.com 連到 alice；帳號編號不變。\n", "\(linked.stdout)")
    #expect(await run(["meal", "history"]).stdout.hasPrefix("最近 "), "history")
  }

  @Test func test_AC_LANG_15_theDemoPlaysInChinese() async throws {
    let demo = await Teammate.run(["--lang", "zh-Hant", "demo"], environment: [:])
    #expect(demo.exitCode == 0, "\(demo.stderr)")
    #expect(demo.stdout.hasPrefix("Teammate 示範：小美和阿明同一個家，各有各的手機。\n"))
    #expect(demo.stdout.contains("# 09:05  阿明用小美念給他的邀請碼加入。\n"))
    #expect(demo.stdout.contains("  阿明選了今天晚餐吃咖哩\n"))
    #expect(demo.stdout.contains("  肉類海鮮\n"), "\(demo.stdout)")
    #expect(demo.stdout.hasSuffix("沒有等你知道的事。未讀：0\n"))
    let english = await Teammate.run(["demo"], environment: [:])
    #expect(english.stdout.hasPrefix("Teammate demo: Alice and Bob share a household"))
  }
}
