import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// A meal as a card of kind `meal`, and the household's pool of dishes: the rules.
@Suite struct MealCardTests {
  let day = MealDay(year: 2026, month: 12, day: 3) ?? MealDay(containing: Fixtures.start, in: .gmt)
  let curryID: DishID = "currydsh"

  /// The household with Curry in its pool and a removed Pasta.
  func household() throws -> Household {
    var home = try DishRules.add(
      DishDraft(id: curryID, name: "Curry", ingredients: ["rice"]), to: Fixtures.household())
    home = try DishRules.add(DishDraft(id: "pastadsh", name: "Pasta"), to: home)
    return try DishRules.remove("pastadsh", from: home)
  }

  func add(_ meal: Meal?, kind: CardKind = .meal, time: Date? = nil) throws -> Card {
    var draft = meal.map { CardDraft.meal($0) } ?? CardDraft(kind: kind, title: "Dinner")
    draft.kind = kind
    draft.time = time
    if meal != nil, kind != .meal { draft.meal = meal }
    return try CardRules.add(
      draft, id: "m1", household: try household(), by: Fixtures.alice, now: Fixtures.start)
  }

  func proposed(_ options: [MealContent]) -> Meal {
    Meal(day: day, slot: .dinner, state: .proposed(options))
  }

  @Test func test_AC_MEAL_08_aMealIsACardWithAPlanAndNoTimeOfItsOwn() throws {
    let card = try add(proposed([.dish(curryID), .text("  Hot pot "), .takeaway]))
    #expect(card.kind == .meal && card.time == nil && card.title == "dinner 2026-12-03")
    #expect(card.meal?.options == [.dish(curryID), .text("Hot pot"), .takeaway])
    #expect(try add(Meal(day: day, slot: .lunch, state: .skipped, cook: .both)).meal?.cook == .both)
    let refusals: [(TeammateError, () throws -> Card)] = [
      (.mealPlanRequired, { try add(nil) }),
      (.mealPlanOnlyOnMeal(.note), { try add(proposed([.leftovers]), kind: .note) }),
      (.mealHasNoTimeOrAssignee, { try add(proposed([.leftovers]), time: Fixtures.start) }),
      (.mealOptionCount(0, limit: 3), { try add(proposed([])) }),
      (
        .mealOptionCount(4, limit: 3),
        { try add(proposed([.leftovers, .takeaway, .eatingOut, .text("Soup")])) }
      ),
      (.mealOptionTwice, { try add(proposed([.text("Soup"), .text(" ＳＯＵＰ")])) }),
      (.emptyName(.mealText), { try add(proposed([.text("  ")])) }),
      (.dishNotFound("nosuchdh"), { try add(proposed([.dish("nosuchdh")])) }),
      (.dishRemoved("pastadsh"), { try add(proposed([.dish("pastadsh")])) }),
      (
        .assigneeNotMember("carol"),
        { try add(Meal(day: day, slot: .dinner, state: .skipped, cook: .member("carol"))) }
      ),
    ]
    for (error, make) in refusals {
      #expect(throws: error) { _ = try make() }
      #expect(!error.description.isEmpty)
    }
    #expect(
      TeammateError.mealSlotTaken(.dinner, day: day, by: "bob", standing: .proposed).description
        == "bob had already proposed dinner on 2026-12-03")
  }

  @Test func test_AC_MEAL_10_eachChangeIsARevisionThePartnerMustKnowAgain() throws {
    let home = try household()
    var card = try add(proposed([.dish(curryID), .leftovers]))
    card.ackBy = Fixtures.bob
    card.ackRevision = 1
    func change(_ change: MealChange, by who: AccountID = Fixtures.bob) throws
      -> CardRules.EditOutcome
    {
      let meal = try MealRules.applying(change, to: try #require(card.meal), household: home)
      return try CardRules.replan(card, to: meal, by: who, now: Fixtures.start + 60)
    }
    #expect(throws: TeammateError.optionNotOffered(.dinner, day: day)) {
      _ = try change(.pick(.takeaway))
    }
    let picked = try change(.pick(.dish(curryID)))
    #expect(picked.card.meal?.state == .decided(.dish(curryID)) && picked.fields == [.meal])
    #expect(picked.card.revision == 2 && picked.card.ackBy == nil && picked.needsKnowingAgain)
    #expect(AcknowledgementRules.isPending(picked.card, for: Fixtures.alice))
    #expect(!AcknowledgementRules.isPending(picked.card, for: Fixtures.bob))
    card.meal?.state = .proposed([.text("Hot pot"), .leftovers])
    let folded = try change(.pick(.text(" hot POT")))
    #expect(folded.card.meal?.state == .decided(.text("Hot pot")))
    card.meal?.state = .proposed([.dish(curryID), .leftovers])
    let moved = try change(.move(day.adding(days: 1), .lunch))
    #expect(moved.fields == [.mealSlot] && moved.card.title == "lunch 2026-12-04")
    #expect(try change(.cook(.member(Fixtures.alice))).fields == [.cook])
    #expect(try change(.propose([.takeaway])).card.meal?.options == [.takeaway])
    #expect(try change(.decide(.eatingOut)).card.meal?.state == .decided(.eatingOut))
    #expect(try change(.skip).card.meal?.state == .skipped)
    // The same plan again changes nothing.
    let same = try change(.propose([.dish(curryID), .leftovers]))
    #expect(!same.changed && same.card == card)
    #expect(throws: TeammateError.mealOptionCount(4, limit: 3)) {
      _ = try change(.propose([.leftovers, .takeaway, .eatingOut, .text("Soup")]))
    }
    #expect(throws: TeammateError.notAMeal("c1")) {
      _ = try CardRules.replan(
        Fixtures.card(), to: try #require(card.meal), by: Fixtures.bob, now: Fixtures.start)
    }
  }

  @Test func test_AC_MEAL_12_theHouseholdKeepsAPoolOfDishesWithNamesThatFold() throws {
    let home = try household()
    #expect(throws: TeammateError.dishNameTaken("Curry", by: curryID)) {
      _ = try DishRules.add(DishDraft(id: "secnd2cy", name: " ＣＵＲＲＹ"), to: home)
    }
    #expect(throws: TeammateError.dishIDTaken(curryID)) {
      _ = try DishRules.add(DishDraft(id: curryID, name: "Soup"), to: home)
    }
    // A removed dish's name is free; restoring it is refused while another dish holds it.
    let again = try DishRules.add(DishDraft(id: "pasta2dh", name: "pasta"), to: home)
    #expect(throws: TeammateError.dishNameTaken("pasta", by: "pasta2dh")) {
      _ = try DishRules.restore("pastadsh", in: again)
    }
    #expect(try DishRules.restore("pastadsh", in: home).dish("pastadsh")?.isRemoved == false)
    #expect(throws: TeammateError.dishNotRemoved(curryID)) {
      _ = try DishRules.restore(curryID, in: home)
    }
    #expect(throws: TeammateError.dishRemoved("pastadsh")) {
      _ = try DishRules.edit("pastadsh", with: DishEdit(note: .set("x")), in: home)
    }
    let edited = try DishRules.edit(
      curryID,
      with: DishEdit(
        name: .set("curry"), note: .set(" https://example.com/curry "),
        ingredients: .set(["rice", "  ", " carrots "])), in: home)
    #expect(edited.dish(curryID)?.name.text == "curry")
    #expect(edited.dish(curryID)?.note == "https://example.com/curry")
    #expect(edited.dish(curryID)?.ingredients == ["rice", "carrots"])
    #expect(throws: TeammateError.tooManyIngredients(31, limit: 30)) {
      _ = try DishRules.edit(
        curryID, with: DishEdit(ingredients: .set((0...30).map { "item \($0)" })), in: home)
    }
    #expect(throws: TeammateError.emptyName(.dishName)) {
      _ = try DishRules.edit(curryID, with: DishEdit(name: .set(" ")), in: home)
    }
    // The pool is stored in the household's document; a household without one reads as before.
    let encoded = try JSONEncoder().encode(Fixtures.household())
    #expect(!String(decoding: encoded, as: UTF8.self).contains("dishes"))
    let read = try JSONDecoder().decode(Household.self, from: try JSONEncoder().encode(home))
    #expect(read == home && read.dishes.count == 2)
  }

  @Test func test_AC_MEAL_13_thePartnersNewsWordsWhatWasDoneToMealsAndDishes() throws {
    let home = try household()
    let told = try #require(MealDay(text: "2026-06-01"))
    func news(_ kind: PartnerNews.Kind, _ meal: Meal) -> PartnerNews {
      PartnerNews(
        kind: kind, actor: "bob", at: Fixtures.start, cardID: "m1", title: "x",
        meal: MealNews(meal: meal, dishNames: [curryID: "Curry"], toldOn: told))
    }
    let cases: [(PartnerNews, String, String)] = [
      (
        news(
          .proposedMeal,
          Meal(day: told, slot: .dinner, state: .proposed([.dish(curryID), .text("Pasta")]))),
        "Bob proposed Curry or Pasta for dinner today", "Bob 提議今天晚餐吃Curry或Pasta"
      ),
      (
        news(.pickedMeal, Meal(day: told, slot: .dinner, state: .decided(.dish(curryID)))),
        "Bob picked Curry for dinner today", "Bob 選了今天晚餐吃Curry"
      ),
      (
        news(
          .decidedMeal, Meal(day: told.adding(days: 1), slot: .lunch, state: .decided(.takeaway))),
        "Bob decided takeaway for lunch tomorrow", "Bob 決定明天午餐吃外帶"
      ),
      (
        news(.skippedMeal, Meal(day: told.adding(days: 2), slot: .breakfast, state: .skipped)),
        "Bob skipped breakfast on Wednesday", "Bob 跳過了週三早餐"
      ),
      (
        news(.skippedMeal, Meal(day: told.adding(days: -12), slot: .breakfast, state: .skipped)),
        "Bob skipped breakfast on Wed 20 May", "Bob 跳過了5月20日（週三）早餐"
      ),
      (
        news(.movedMeal, Meal(day: told.adding(days: 2), slot: .dinner, state: .skipped)),
        "Bob moved dinner to Wednesday", "Bob 把晚餐改到週三"
      ),
      (
        news(.cookChanged, Meal(day: told, slot: .dinner, state: .skipped, cook: .both)),
        "Bob said both of you cook dinner today", "Bob 說今天晚餐兩人一起煮"
      ),
      (
        news(.deleted, Meal(day: told.adding(days: -1), slot: .lunch, state: .skipped)),
        "Bob removed lunch yesterday", "Bob 移除了昨天午餐"
      ),
      (
        PartnerNews(kind: .dishAdded, actor: "bob", at: Fixtures.start, title: "Curry"),
        "Bob added Curry to the dishes", "Bob 把「Curry」加進了菜色"
      ),
    ]
    for (entry, english, chinese) in cases {
      #expect(EnglishWording().news(entry, by: "Bob") == english)
      #expect(TraditionalChineseWording().news(entry, by: "Bob") == chinese)
    }

    // Collected from the feed: each change's kind, the dish names of the household, the day
    // the change was made on in the household's zone.
    let today = MealDay(containing: Fixtures.start, in: home.zone)
    let card = try CardRules.add(
      .meal(Meal(day: today, slot: .dinner, state: .proposed([.dish(curryID), .leftovers]))),
      id: "m1", household: home, by: Fixtures.bob, now: Fixtures.start)
    let added = Change(
      sequence: 1, householdID: home.id, actor: Fixtures.bob, at: Fixtures.start,
      kind: .cardAdded, needsKnowing: true, card: card)
    let dish = Change(
      sequence: 2, householdID: home.id, actor: Fixtures.bob, at: Fixtures.start,
      kind: .dishAdded, needsKnowing: false, household: home, dish: curryID)
    let collected = PartnerNews.collect(
      [added, dish], viewer: Fixtures.alice, household: home, after: [card.id: card])
    #expect(collected.map(\.kind) == [.proposedMeal, .dishAdded])
    #expect(
      collected.map { EnglishWording().news($0, by: "Bob") }
        == ["Bob proposed Curry or leftovers for dinner today", "Bob added Curry to the dishes"])
  }

  @Test func test_AC_MEAL_21_theHouseholdsMealTimesAreItsSettingWithinRanges() throws {
    var settings = MealSettings()
    settings.times.dinner = .constant(18, 30)
    settings.times.decideByMinutes = 720
    settings.cooldownDays = 0
    #expect(try settings.validated() == settings)
    settings.cooldownDays = 61
    #expect(
      throws: TeammateError.mealSettingOutOfRange("cooldown", value: 61, lowest: 0, highest: 60)
    ) {
      _ = try settings.validated()
    }
    settings.cooldownDays = 5
    settings.times.decideByMinutes = -1
    #expect(
      throws: TeammateError.mealSettingOutOfRange(
        "decide-by time", value: -1, lowest: 0, highest: 720)
    ) { _ = try settings.validated() }
    #expect(
      TeammateError.mealSettingOutOfRange("cooldown", value: 61, lowest: 0, highest: 60)
        .description == "the cooldown is 61; it is 0 to 60")
    // The partner's news says the household's meal times changed; the rules follow them.
    var home = try household()
    var changed = home
    changed.meals.times.dinner = .constant(18, 30)
    let change = Change(
      sequence: 2, householdID: home.id, actor: Fixtures.bob, at: Fixtures.start,
      kind: .householdUpdated, needsKnowing: false, household: changed)
    let news = PartnerNews.collect([change], viewer: Fixtures.alice, household: home, after: [:])
    #expect(news.map(\.kind) == [.mealSettings])
    #expect(EnglishWording().news(news[0], by: "Bob") == "Bob changed when the household eats")
    home = changed
    let dinner = day.instant(at: home.meals.times.time(of: .dinner), in: home.zone)
    #expect(dinner == Fixtures.date("2026-12-03T10:30:00Z"))
  }
}
