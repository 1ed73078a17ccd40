import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The partner's news on the list and its one notification (AC-LIST-11, 12).
@Suite struct ListNewsTests {
  /// Alice and Bob at home on a backend in memory, each with a phone.
  struct Home {
    let clock = ManualWallClock(Fixtures.date("2026-12-01T13:00:00+08:00"))
    let alice: Device
    let bob: Device
    let aliceCentre = PhoneShapedNotificationCentre()

    init(wording: any Wording = .english) async throws {
      let cloud = InMemoryBackendFactory().makeBackend(
        clock: clock, random: SeededRandomNumberGenerator(seed: 26))
      let creation = try await cloud.createHousehold(
        name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: Fixtures.alice)
      _ = try await cloud.join(
        code: creation.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
      alice = Device(
        account: Fixtures.alice, backend: cloud, clock: clock, scheduler: aliceCentre,
        random: SeededRandomNumberGenerator(seed: 1), wording: wording)
      bob = Device(
        account: Fixtures.bob, backend: cloud, clock: clock,
        scheduler: PhoneShapedNotificationCentre(), random: SeededRandomNumberGenerator(seed: 2))
      _ = try await alice.sync()
      _ = try await bob.sync()
    }

    func listNotifications() async -> [PlannedNotification] {
      await alice.state.planned.filter { $0.kind == .listActivity }
    }
  }

  @Test func test_AC_LIST_11_thePartnersAddsAndGetsAreNewsOnePerKind() async throws {
    let home = try await Home()
    let nappies = try await home.alice.addItem("nappies")
    _ = try await home.bob.sync()
    _ = try await home.bob.addItems(["milk", "eggs"])
    _ = try await home.bob.getItems([nappies.id])
    let report = try await home.alice.sync()
    #expect(report.news.map(\.kind) == [.addedItems, .gotItems], "\(report.news)")
    _ = try await home.bob.addItems(["bread", "牛奶"])
    _ = try await home.bob.sync()
    let later = try await home.alice.sync()
    #expect(later.news.map(\.items) == [["bread", "牛奶"]])
    let news = await home.alice.snapshot().news.filter(\.kind.isOfTheList)
    let english = news.map { EnglishWording().news($0, by: "Bob") }
    #expect(english == ["Bob got nappies", "Bob added milk, eggs and 2 more"], "\(english)")
    let chinese = news.map { TraditionalChineseWording().news($0, by: "Bob") }
    #expect(chinese == ["Bob 買了nappies", "Bob 在購物清單加了milk、eggs和另外 2 項"])

    // One's own, an un-get and a clearing are not news.
    _ = try await home.bob.undoItem(nappies.id)
    _ = try await home.bob.clearItems([nappies.id])
    _ = try await home.alice.addItem("rice")
    #expect(try await home.alice.sync().news.isEmpty)
    #expect(try await home.bob.sync().news.map(\.kind) == [.addedItems])
  }

  @Test func test_AC_LIST_12_oneListNotificationReplacedInPlaceUntilTheListIsSeen() async throws {
    let home = try await Home()
    _ = try await home.bob.addItems(["milk", "eggs"])
    _ = try await home.alice.sync()
    var planned = await home.listNotifications()
    #expect(planned.map(\.id) == ["list"])
    #expect(planned.first?.title == "Bob on the shopping list")
    #expect(planned.first?.body == "Added milk and eggs.")
    #expect(planned.first?.fireAt == home.clock.now())

    // The next sync's news replaces it in place.
    let milk = try #require(await home.alice.list().first { $0.text.text == "milk" })
    _ = try await home.alice.addItem("nappies")
    _ = try await home.bob.sync()
    home.clock.advance(by: 60)
    _ = try await home.bob.getItems([milk.id])
    _ = try await home.alice.sync()
    planned = await home.listNotifications()
    #expect(planned.map(\.id) == ["list"])
    #expect(planned.first?.body == "Added eggs. Got milk.")
    let pending = await home.aliceCentre.pending()
    #expect(pending.filter { $0.id == "list" }.count == 1)

    // Shown once: once it has fired, a replan does not plan it again.
    home.clock.advance(by: 60)
    try await home.alice.replan()
    try await home.alice.replan()
    #expect(await home.listNotifications().isEmpty)

    // Looking at the list moves the mark: no news, no notification, kept with the state.
    _ = try await home.bob.addItem("bread")
    _ = try await home.alice.sync()
    #expect(await home.listNotifications().count == 1)
    #expect(await home.alice.snapshot().news.contains { $0.kind.isOfTheList })
    #expect(await home.alice.snapshot().listNews.first?.added.contains("bread") == true)
    try await home.alice.markListSeen()
    #expect(await home.listNotifications().isEmpty)
    #expect(await !home.alice.snapshot().news.contains { $0.kind.isOfTheList })
    #expect(await home.alice.snapshot().listNews.isEmpty)
    let state = await home.alice.state
    #expect(state.listSeen == state.cursor)
    let decoded = try JSONDecoder().decode(
      DeviceState.self, from: try JSONEncoder().encode(state))
    #expect(decoded.listSeen == state.listSeen && decoded.items == state.items)
  }

  @Test func test_AC_LIST_12_theListNotificationWaitsOutQuietHoursAndCanBeOff() {
    let news = [ListNews(actor: Fixtures.alice, added: ["milk"], at: Fixtures.start)]
    let members = [
      Member(uid: Fixtures.alice, displayName: "Alice", joinedAt: Fixtures.start),
      Member(uid: Fixtures.bob, displayName: "Bob", joinedAt: Fixtures.start),
    ]
    let noon = Fixtures.date("2026-12-01T13:15:00+08:00")
    func plan(_ settings: NotificationSettings) -> [PlannedNotification] {
      NotificationPlanner.plan(
        PlanInput(
          cards: [], viewer: Fixtures.bob, members: members, settings: settings,
          timeZone: TimeZone(identifier: "Asia/Taipei") ?? .gmt, now: noon, list: news))
    }
    let quiet = plan(
      NotificationSettings(quietHours: QuietHours(start: .constant(13, 0), end: .constant(14, 0))))
    #expect(quiet.map(\.id) == ["list"])
    #expect(quiet.first?.fireAt == Fixtures.date("2026-12-01T14:00:00+08:00"))
    #expect(quiet.first?.title == "Alice on the shopping list")
    #expect(plan(NotificationSettings(disabledKinds: [.listActivity])).isEmpty)
  }
}

extension ListNewsTests {
  @Test func test_AC_LIST_30_aMoveOrANoteOfAnItemAddedBeforeTheLookIsNoAdd() async throws {
    let home = try await Home()
    let milk = try await home.bob.addItem("milk")
    _ = try await home.alice.sync()
    try await home.alice.markListSeen()
    _ = try await home.bob.moveItem(milk.id, to: .frozen)
    _ = try await home.bob.addItem("milk", note: "oat")
    _ = try await home.alice.sync()
    #expect(await home.alice.snapshot().listNews.isEmpty)
    #expect(await home.listNotifications().isEmpty)
    let kinds = await home.alice.news.filter(\.kind.isOfTheList).map(\.kind)
    #expect(Set(kinds) == [.movedItem, .notedItem], "\(kinds)")
    // NB: added since the look, and then moved: still an add.
    try await home.alice.markListSeen()
    let eggs = try await home.bob.addItem("eggs")
    _ = try await home.bob.moveItem(eggs.id, to: .frozen)
    _ = try await home.alice.sync()
    #expect(await home.alice.snapshot().listNews.map(\.added) == [["eggs"]])
  }
}

extension ListNewsTests {
  @Test func test_AC_LIST_35_aNoteMergedIntoAnItemLeavesItWhereItWas() async throws {
    let home = try await Home()
    _ = try await home.bob.addItems(["cheese", "yogurt", "butter"])
    _ = try await home.bob.addItem("cheese", note: "two")
    for phone in [home.bob, home.alice] {
      _ = try await phone.sync()
      #expect(await phone.list().map(\.text.text) == ["cheese", "yogurt", "butter"])
    }
  }
}
