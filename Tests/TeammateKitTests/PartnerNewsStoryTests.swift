import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// A couple's week, told to each of them: every act of the partner, as it was.
@Suite struct PartnerNewsStoryTests {
  /// Alice and Bob at home, on a backend in memory, each with a phone, in Taipei.
  struct Home {
    let clock = ManualWallClock(Fixtures.date("2026-06-06T10:00:00+08:00"))
    let alice: Device
    let bob: Device
    let tomorrow =
      MealDay(year: 2026, month: 6, day: 7) ?? MealDay(containing: Fixtures.start, in: .gmt)

    init() async throws {
      let (cloud, _) = try await Fixtures.couple(clock: clock, seed: 44)
      alice = Device(
        account: Fixtures.alice, backend: cloud, clock: clock,
        scheduler: PhoneShapedNotificationCentre(), random: SeededRandomNumberGenerator(seed: 1))
      bob = Device(
        account: Fixtures.bob, backend: cloud, clock: clock,
        scheduler: PhoneShapedNotificationCentre(), random: SeededRandomNumberGenerator(seed: 2))
      _ = try await alice.sync()
      _ = try await bob.sync()
    }

    /// `device`'s news since it last synced, in English, as its partner's name reads.
    func told(_ device: Device, by partner: String) async throws -> [String] {
      try await device.sync().news.map { EnglishWording().news($0, by: partner) }
    }

    func meal(_ slot: MealSlot, _ options: [MealContent]) -> Meal {
      Meal(day: tomorrow, slot: slot, state: .proposed(options))
    }

    /// Alice proposes lunch, Bob answers with options of his own, and `device` (Alice's),
    /// offline, decides leftovers: the news it is told when it syncs again.
    func answeredOffline(_ device: Device) async throws -> [PartnerNews] {
      let lunch = try await alice.planMeal(meal(.lunch, [.text("Pasta"), .text("fried rice")]))
      _ = try await bob.sync()
      _ = try await alice.sync()
      _ = try await bob.changeMeal(lunch.id, .propose([.takeaway, .eatingOut]))
      await device.setOnline(false)
      _ = try await device.changeMeal(lunch.id, .decide(.leftovers))
      await device.setOnline(true)
      return try await device.sync().news
    }
  }

  @Test func test_AC_NEWS_01_aPartnersActIsNewsWhateverTheDevicesOwnWritesCarried() async throws {
    let home = try await Home()
    _ = try await home.alice.addDish(name: "Curry")
    _ = try await home.alice.addCard(CardDraft(title: "Bought diapers"))
    _ = try await home.bob.addDish(name: "Soup")
    #expect(
      try await home.told(home.bob, by: "Alice") == [
        "Alice added Curry to the dishes", #"Alice logged "Bought diapers""#,
      ])
    #expect(try await home.answeredOffline(home.alice).map(\.kind) == [.proposedMeal])
  }

  @Test func test_AC_NEWS_02_aMealsNewsTellsThePlanThePartnersChangeCarried() async throws {
    let home = try await Home()
    let news = try await home.answeredOffline(home.alice)
    #expect(
      news.map { EnglishWording().news($0, by: "Bob") } == [
        "Bob proposed takeaway or eating out for lunch tomorrow"
      ])
  }

  @Test func test_AC_NEWS_03_aPickIsToldAsPickedAndADecisionOfSomethingElseAsDecided()
    async throws
  {
    let home = try await Home()
    let breakfast = try await home.bob.planMeal(
      home.meal(.breakfast, [.text("toast"), .text("porridge")]))
    _ = try await home.alice.sync()
    _ = try await home.alice.changeMeal(breakfast.id, .decide(.text("pancakes")))
    #expect(
      try await home.told(home.bob, by: "Alice") == [
        "Alice decided pancakes for breakfast tomorrow"
      ])
    let dinner = try await home.bob.planMeal(home.meal(.dinner, [.text("Curry"), .text("Pasta")]))
    _ = try await home.alice.sync()
    _ = try await home.alice.changeMeal(dinner.id, .pick(.text("curry")))
    // NB: a pick made offline on the options, landing after the partner decided, decides.
    let lunch = try await home.bob.planMeal(home.meal(.lunch, [.text("Soup"), .text("Salad")]))
    _ = try await home.alice.sync()
    await home.alice.setOnline(false)
    _ = try await home.alice.changeMeal(lunch.id, .pick(.text("soup")))
    _ = try await home.bob.changeMeal(lunch.id, .decide(.text("noodles")))
    await home.alice.setOnline(true)
    _ = try await home.alice.sync()
    let told = try await home.told(home.bob, by: "Alice")
    #expect(
      told == [
        "Alice picked Curry for dinner tomorrow", "Alice decided soup for lunch tomorrow",
      ], "\(told)")
  }

  @Test func test_AC_NEWS_04_aDecisionAndTheCookNamedWithItAreToldInOneLine() async throws {
    let home = try await Home()
    let dinner = try await home.bob.planMeal(home.meal(.dinner, [.takeaway, .eatingOut]))
    _ = try await home.alice.sync()
    _ = try await home.alice.changeMeal(dinner.id, .decide(.text("fried rice")))
    _ = try await home.alice.changeMeal(dinner.id, .cook(.member(Fixtures.alice)))
    let news = try await home.bob.sync().news
    #expect(
      news.map { EnglishWording().news($0, by: "Alice") } == [
        "Alice decided fried rice for dinner tomorrow; Alice cooks"
      ])
    #expect(
      news.map { TraditionalChineseWording().news($0, by: "Alice") } == [
        "Alice 決定明天晚餐吃fried rice，由 Alice 煮"
      ])
    _ = try await home.alice.changeMeal(dinner.id, .cook(.member(Fixtures.bob)))
    #expect(
      try await home.told(home.bob, by: "Alice") == ["Alice said Bob cooks dinner tomorrow"])
  }
}

extension PartnerNewsStoryTests {
  @Test func test_AC_NEWS_07_anAddMergedIntoTheThingIsNewsOnlyOfItsNote() async throws {
    let home = try await Home()
    _ = try await home.alice.addItem("milk")
    _ = try await home.bob.addItem(" MILK", note: "oat")
    let news = try await home.alice.sync().news
    #expect(news.map(\.kind) == [.notedItem] && news.first?.items == ["milk"])
    #expect(news.map { EnglishWording().news($0, by: "Bob") } == ["Bob added a note to milk: oat"])
    #expect(news.map { TraditionalChineseWording().news($0, by: "阿明") } == ["阿明在milk加了備註：oat"])
    // NB: the same thing again, bringing nothing: no news.
    _ = try await home.bob.addItem("milk")
    #expect(try await home.told(home.alice, by: "Bob") == [])
  }

  @Test func test_AC_NEWS_12_aMergedAddIsToldByWhatItChangedWhoeverHadTheThing() async throws {
    let home = try await Home()
    _ = try await home.alice.addItem("500 g sugar")
    _ = try await home.bob.sync()
    _ = try await home.bob.addItem("1 kg sugar")
    #expect(try await home.told(home.alice, by: "Bob") == ["Bob added 1.5 kg sugar"])
    // NB: a note on his own thing is told as a note, not as an add.
    _ = try await home.bob.addItem("noodles")
    _ = try await home.alice.sync()
    _ = try await home.bob.addItem("noodles", note: "rice noodles")
    #expect(
      try await home.told(home.alice, by: "Bob") == ["Bob added a note to noodles: rice noodles"])
  }
}

extension PartnerNewsStoryTests {
  /// `device`'s news since it last synced, in both languages, as its partner's name reads.
  func toldInBoth(_ device: Device, by partner: String) async throws -> [[String]] {
    try await device.sync().news.map {
      [EnglishWording().news($0, by: partner), TraditionalChineseWording().news($0, by: partner)]
    }
  }

  @Test func test_AC_NEWS_09_coalescedActsReadWordForWordInBothLanguages() async throws {
    let home = try await Home()
    let card = try await home.alice.addCard(CardDraft(title: "Checkup"))
    _ = try await home.alice.editCard(card.id, CardEdit(title: .set("Checkup at nine")))
    _ = try await home.alice.editCard(card.id, CardEdit(note: .set("bring the booklet")))
    _ = try await home.alice.addItems(["milk", "eggs", "bread", "apples", "wipes"])
    let lunch = try await home.alice.planMeal(home.meal(.lunch, [.text("Curry"), .text("Pasta")]))
    _ = try await home.alice.changeMeal(lunch.id, .pick(.text("curry")))
    _ = try await home.alice.changeMeal(lunch.id, .cook(.member(Fixtures.alice)))
    // NB: a card logged and changed twice is news as logged, under its latest title; five
    // adds one line naming two and counting the rest; a pick and its cook one line.
    #expect(
      try await toldInBoth(home.bob, by: "Alice") == [
        [#"Alice logged "Checkup at nine""#, "Alice 記錄了「Checkup at nine」"],
        ["Alice added milk, eggs and 3 more", "Alice 在購物清單加了milk、eggs和另外 3 項"],
        ["Alice proposed Curry or Pasta for lunch tomorrow", "Alice 提議明天午餐吃Curry或Pasta"],
        [
          "Alice picked Curry for lunch tomorrow; Alice cooks",
          "Alice 選了明天午餐吃Curry，由 Alice 煮",
        ],
      ])
    _ = try await home.bob.acknowledgeAllPending()
    _ = try await home.alice.sync()
    _ = try await home.alice.editCard(card.id, CardEdit(title: .set("Checkup at ten")))
    _ = try await home.alice.editCard(card.id, CardEdit(note: .set("and the cards")))
    let items = await home.alice.state.items.values
    _ = try await home.alice.getItems(
      ["milk", "eggs"].compactMap { text in items.first { $0.text.text == text }?.id })
    // NB: two changes of a known card one line with both fields; two gets one line.
    #expect(
      try await toldInBoth(home.bob, by: "Alice") == [
        [
          #"Alice changed the title and note of "Checkup at ten": you need to know it again"#,
          "Alice 修改了「Checkup at ten」的標題和備註：你需要再知道一次",
        ],
        ["Alice got milk and eggs", "Alice 買了milk和eggs"],
      ])
  }

  @Test func test_AC_NEWS_10_oneThingAddedTwiceIsNamedOnceAtItsQuantity() async throws {
    let home = try await Home()
    _ = try await home.alice.addItems(["2 onions", "rice"])
    _ = try await home.alice.addItem("onions")
    #expect(
      try await toldInBoth(home.bob, by: "Alice") == [
        ["Alice added 3 onions and rice", "Alice 在購物清單加了3 onions和rice"]
      ])
  }
}
