import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The kit's words, pinned word for word in both languages it ships.
@Suite struct WordingTests {
  static let english = EnglishWording()
  static let chinese = TraditionalChineseWording()

  /// Each notification, with its English and Chinese title and body.
  static let notifications: [(NotificationContent, String, String, String, String)] = [
    (
      .activity(partner: "Bob", action: .created, kind: .note, title: "買尿布"),
      "Bob logged a note", "買尿布", "Bob 新增了一則筆記", "買尿布"
    ),
    (
      .activity(partner: "Bob", action: .changed, kind: .task, title: "Trash"),
      "Bob changed a task", "Trash", "Bob 修改了一項待辦", "Trash"
    ),
    (
      .activity(partner: "阿明", action: .restored, kind: .event, title: "Checkup"),
      "阿明 restored an event", "Checkup", "阿明復原了一個行程", "Checkup"
    ),
    (
      .activity(partner: "Bob", action: .created, kind: .topic, title: "School"),
      "Bob logged a topic", "School", "Bob 新增了一個話題", "School"
    ),
    (
      .activitySummary(partner: "Alice", count: 18, titles: ["買尿布", "Checkup", "Trash"]),
      "18 things from Alice", "買尿布, Checkup, Trash and 15 more", "Alice 的 18 件事",
      "「買尿布」、「Checkup」、「Trash」等 18 件"
    ),
    (
      .activitySummary(partner: "Bob", count: 2, titles: ["Milk", "Bread"]),
      "2 things from Bob", "Milk, Bread", "Bob 的 2 件事", "「Milk」、「Bread」等 2 件"
    ),
    (
      .digest(pending: 1), "Waiting for you", "1 thing is waiting for you to know about.",
      "有事等你知道", "有 1 件事等你知道。"
    ),
    (
      .digest(pending: 3), "Waiting for you", "3 things are waiting for you to know about.",
      "有事等你知道", "有 3 件事等你知道。"
    ),
    (
      .eventReminder(title: "Dentist", startsAt: .constant(20, 0), minutesBefore: 0),
      "Now: Dentist", "Starts at 20:00.", "現在：Dentist", "20:00 開始。"
    ),
    (
      .eventReminder(title: "牙醫", startsAt: .constant(9, 30), minutesBefore: 30),
      "In 30 min: 牙醫", "Starts at 09:30.", "30 分鐘後：牙醫", "09:30 開始。"
    ),
    (
      .eventReminder(title: "Dentist", startsAt: .constant(20, 0), minutesBefore: 180),
      "At 20:00: Dentist", "Starts at 20:00.", "20:00：Dentist", "20:00 開始。"
    ),
    (
      .taskDue(title: "Trash"), "Due now: Trash", "This task is yours and due now.",
      "現在到期：Trash", "這是你的待辦，現在到期。"
    ),
    (
      .replyByOverdue(title: "School"), "Still to talk about: School",
      "This topic needed a reply by now.", "還沒談：School", "這個話題該在現在之前回覆。"
    ),
    (
      .list(partner: "Bob", added: ["milk", "eggs", "牛奶", "bread"], got: ["nappies"]),
      "Bob on the shopping list", "Added milk, eggs and 2 more. Got nappies.", "Bob 更新了購物清單",
      "加了milk、eggs和另外 2 項。買了nappies。"
    ),
    (
      .list(partner: "Ada", added: [], got: ["milk", "eggs"]), "Ada on the shopping list",
      "Got milk and eggs.", "Ada 更新了購物清單", "買了milk和eggs。"
    ),
  ]

  @Test func test_AC_LANG_01_everyNotificationReadsWordForWordInBothLanguages() {
    for (content, title, body, chineseTitle, chineseBody) in Self.notifications {
      #expect(Self.english.title(of: content) == title)
      #expect(Self.english.body(of: content) == body)
      #expect(Self.chinese.title(of: content) == chineseTitle)
      #expect(Self.chinese.body(of: content) == chineseBody)
    }
    #expect(Self.english.partner == "Your partner" && Self.chinese.partner == "另一半")
  }

  static func news(
    _ kind: PartnerNews.Kind, _ title: String? = "Milk", knowing: Bool = false,
    changed: [CardRules.CardField] = []
  ) -> PartnerNews {
    PartnerNews(
      kind: kind, actor: "bob", at: Fixtures.start, cardID: title == nil ? nil : "c1",
      title: title, needsKnowing: knowing, changed: changed)
  }

  /// Each kind of news, with its English and Chinese sentence.
  static let everyNews: [(PartnerNews, String, String)] = [
    (news(.logged, knowing: true), #"Bob logged "Milk""#, "Bob 記錄了「Milk」"),
    (news(.logged), #"Bob logged "Milk" (you know it)"#, "Bob 記錄了「Milk」（你已知道）"),
    (
      news(.changed, knowing: true, changed: [.title, .note, .time]),
      #"Bob changed the title, note and time of "Milk": you need to know it again"#,
      "Bob 修改了「Milk」的標題、備註和時間：你需要再知道一次"
    ),
    (
      news(.changed, changed: [.assignee, .replyBy]),
      #"Bob changed the assignee and reply-by time of "Milk""#, "Bob 修改了「Milk」的負責人和回覆期限"
    ),
    (
      news(.changed, changed: [.repeatRule]), #"Bob changed the repeat of "Milk""#,
      "Bob 修改了「Milk」的重複"
    ),
    (news(.changed), #"Bob changed "Milk""#, "Bob 修改了「Milk」"),
    (news(.acknowledged), #"Bob knows "Milk""#, "Bob 知道了「Milk」"),
    (news(.completed), #"Bob completed "Milk""#, "Bob 完成了「Milk」"),
    (news(.reopened), #"Bob reopened "Milk""#, "Bob 重新打開了「Milk」"),
    (news(.skipped), #"Bob skipped an occurrence of "Milk""#, "Bob 跳過了「Milk」的一次"),
    (news(.deleted), #"Bob deleted "Milk""#, "Bob 刪除了「Milk」"),
    (news(.restored), #"Bob restored "Milk""#, "Bob 復原了「Milk」"),
    (news(.joined, nil), "Bob joined the household", "Bob 加入了這個家"),
    (news(.left, nil), "Bob left the household", "Bob 離開了這個家"),
    (
      news(.erased, nil), "Bob erased their account; what they wrote stays",
      "Bob 刪除了帳號，寫下的內容仍在"
    ),
    (
      news(.renamed, "Our place"), #"Bob renamed the household to "Our place""#,
      "Bob 把這個家改名為「Our place」"
    ),
    (
      news(.movedTimeZone, "Europe/Paris"), "Bob moved the household to Europe/Paris time",
      "Bob 把這個家的時區改為 Europe/Paris"
    ),
    (news(.mealSettings, nil), "Bob changed when the household eats", "Bob 改了家裡的用餐時間"),
    (news(.dishAdded, "Curry"), "Bob added Curry to the dishes", "Bob 把「Curry」加進了菜色"),
    (news(.dishEdited, "Curry"), "Bob changed the dish Curry", "Bob 修改了菜色「Curry」"),
    (news(.dishRemoved, "Curry"), "Bob removed Curry from the dishes", "Bob 把「Curry」從菜色移除了"),
    (news(.dishRestored, "Curry"), "Bob put Curry back in the dishes", "Bob 把「Curry」放回了菜色"),
    // NB: news of a meal without its plan (AC-MEAL-13 words those with one).
    (
      news(.proposedMeal, "dinner 2026-12-03"), #"Bob changed "dinner 2026-12-03""#,
      "Bob 修改了「dinner 2026-12-03」"
    ),
    (news(.pickedMeal), #"Bob changed "Milk""#, "Bob 修改了「Milk」"),
    (news(.decidedMeal), #"Bob changed "Milk""#, "Bob 修改了「Milk」"),
    (news(.skippedMeal), #"Bob changed "Milk""#, "Bob 修改了「Milk」"),
    (news(.movedMeal), #"Bob changed "Milk""#, "Bob 修改了「Milk」"),
    (news(.cookChanged), #"Bob changed "Milk""#, "Bob 修改了「Milk」"),
    (
      PartnerNews(
        kind: .addedItems, actor: "bob", at: Fixtures.start,
        items: ["milk", "eggs", "bread", "牛奶"]),
      "Bob added milk, eggs and 2 more", "Bob 在購物清單加了milk、eggs和另外 2 項"
    ),
    (
      PartnerNews(
        kind: .addedItems, actor: "bob", at: Fixtures.start, items: ["milk", "eggs", "bread"]),
      "Bob added milk, eggs and bread", "Bob 在購物清單加了milk、eggs和bread"
    ),
    (
      PartnerNews(kind: .gotItems, actor: "bob", at: Fixtures.start, items: ["nappies"]),
      "Bob got nappies", "Bob 買了nappies"
    ),
    (
      PartnerNews(
        kind: .notedItem, actor: "bob", at: Fixtures.start, title: "oat", items: ["milk"]),
      "Bob added a note to milk: oat", "Bob 在milk加了備註：oat"
    ),
    (
      PartnerNews(
        kind: .movedItem, actor: "bob", at: Fixtures.start, title: "dairy", items: ["oat drink"]),
      "Bob moved oat drink to dairy", "Bob 把oat drink移到「乳製品」"
    ),
    (
      PartnerNews(
        kind: .renamedItem, actor: "bob", at: Fixtures.start, title: "milk",
        items: ["oat drink"]),
      "Bob renamed milk to oat drink", "Bob 把milk改名為oat drink"
    ),
  ]

  @Test func test_AC_LANG_02_everyKindOfNewsReadsWordForWordInBothLanguages() {
    #expect(Set(Self.everyNews.map(\.0.kind)) == Set(PartnerNews.Kind.allCases))
    for (entry, english, chinese) in Self.everyNews {
      #expect(Self.english.news(entry, by: "Bob") == english)
      #expect(Self.chinese.news(entry, by: "Bob") == chinese)
    }
  }

  @Test func test_AC_LANG_03_aDeviceGivenAWordingPlansInItAndOnlyTheWordsDiffer() async throws {
    func planned(_ wording: any Wording) async throws -> [PlannedNotification] {
      let clock = ManualWallClock(Fixtures.start)
      let cloud = InMemoryBackendFactory().makeBackend(
        clock: clock, random: SeededRandomNumberGenerator(seed: 4))
      let creation = try await cloud.createHousehold(
        name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: Fixtures.alice)
      _ = try await cloud.join(
        code: creation.invite.code.rawValue, displayName: "阿明", as: Fixtures.bob)
      let home = creation.household.id
      _ = try await cloud.addCard(
        CardDraft(kind: .event, title: "牙醫", time: Fixtures.start + 86_400), to: home,
        as: Fixtures.bob)
      let alice = Device(
        account: Fixtures.alice, backend: cloud, clock: clock,
        scheduler: PhoneShapedNotificationCentre(), wording: wording)
      _ = try await alice.sync()
      // NB: the device's words are read as its account is, without waiting for its turn.
      #expect(alice.wording.partner == wording.partner)
      let snapshot = await alice.snapshot()
      #expect(snapshot.notifications == (await alice.state.planned))
      return snapshot.notifications
    }
    let english = try await planned(.english)
    let chinese = try await planned(.traditionalChinese)
    #expect(
      english.map(\.id) == chinese.map(\.id) && english.map(\.fireAt) == chinese.map(\.fireAt))
    let words = Dictionary(uniqueKeysWithValues: chinese.map { ($0.kind, $0.title) })
    #expect(words[.activity] == "阿明新增了一個行程")
    #expect(words[.eventReminder] == "30 分鐘後：牙醫")
    #expect(
      Dictionary(uniqueKeysWithValues: english.map { ($0.kind, $0.title) })[.activity]
        == "阿明 logged an event")
  }

  @Test func test_AC_LANG_04_aHanNameTakesNoSpaceAfterItAndALatinNameDoes() {
    let logged = Self.news(.logged, "接小孩", knowing: true)
    #expect(Self.chinese.news(logged, by: "小美") == "小美記錄了「接小孩」")
    #expect(Self.chinese.news(logged, by: "Alice") == "Alice 記錄了「接小孩」")
    let summary = NotificationContent.activitySummary(partner: "小美", count: 3, titles: [])
    #expect(Self.chinese.title(of: summary) == "小美的 3 件事")
    #expect(
      Self.chinese.title(of: .activitySummary(partner: "Alice", count: 3, titles: []))
        == "Alice 的 3 件事")
    #expect(
      Self.chinese.title(of: .list(partner: Self.chinese.partner, added: ["牛奶"], got: []))
        == "另一半更新了購物清單")
  }
}
