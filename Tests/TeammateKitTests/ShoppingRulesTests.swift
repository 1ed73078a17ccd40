import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The shopping list's rules that need no storage.
@Suite struct ShoppingRulesTests {
  let home = Fixtures.householdID
  let now = Fixtures.start

  func add(
    _ text: String, note: String? = nil, id: ItemID = "newxtem2", to items: [ShoppingItem] = [],
    by author: AccountID = Fixtures.alice, fromMeal: CardID? = nil
  ) throws -> ShoppingRules.Added {
    try ShoppingRules.add(
      ItemDraft(id: id, text: text, note: note, fromMeal: fromMeal), to: items, household: home,
      by: author, now: now)
  }

  @Test func test_AC_LIST_01_anItemsTextIsTrimmedBoundedAndFoldsAsNamesDo() throws {
    #expect(try ItemText("牛奶") == ItemText("牛奶 "))
    #expect(try ItemText("milk") == ItemText("Milk"))
    #expect(try ItemText("ｍｉｌｋ") == ItemText(" milk\u{3000}"))
    #expect(try ItemText("milk") != ItemText("oat milk"))
    #expect(try ItemText("  Eggs ").text == "Eggs")
    #expect(throws: TeammateError.emptyName(.itemText)) { _ = try ItemText(" ") }
    #expect(throws: TeammateError.nameTooLong(.itemText, length: 121, limit: 120)) {
      _ = try ItemText(String(repeating: "蛋", count: 121))
    }
    #expect(TeammateError.emptyName(.itemText).description == "the item text cannot be empty")
    let item = try add("Milk", note: "  ").item
    #expect(item.note == nil && item.listID == ShoppingRules.mainList && item.listID == "main")
  }

  @Test func test_AC_LIST_02_addingANeededTextMergesIntoIt() throws {
    let milk = try add("milk", note: "2 litres", id: "mxkxtem2").item
    #expect(milk.isNeeded && milk.addedBy == Fixtures.alice && milk.addedAt == now)
    let again = try add(
      " ＭＩＬＫ", note: "the organic one", id: "mk2nd222", to: [milk], by: Fixtures.bob)
    #expect(again.merged && again.item.id == "mxkxtem2")
    #expect(again.item.note == "2 litres; the organic one" && again.item.revision == 2)
    #expect(again.item.addedBy == Fixtures.alice)
    let twice = try add("milk", note: "2 litres", to: [milk])
    #expect(twice.merged && twice.item == milk)
    // Got or cleared: a new needed item, with the device's id.
    let got = try ShoppingRules.get(milk, by: Fixtures.bob, now: now)
    let fresh = try add("milk", id: "mk3rd222", to: [got], by: Fixtures.bob)
    #expect(!fresh.merged && fresh.item.id == "mk3rd222" && fresh.item.isNeeded)
    let cleared = try ShoppingRules.clear(milk, by: Fixtures.bob, now: now)
    #expect(try !add("milk", id: "mk4th222", to: [cleared]).merged)
    #expect(throws: TeammateError.itemIDTaken("mxkxtem2")) {
      _ = try add("eggs", id: "mxkxtem2", to: [milk])
    }
    #expect(throws: TeammateError.itemIDTaken("no")) { _ = try add("eggs", id: "no") }
  }

  @Test func test_AC_LIST_03_gotAndClearedNeverComeBackButByAnExplicitUndo() throws {
    let milk = try add("milk", id: "mxkxtem2").item
    let got = try ShoppingRules.get(milk, by: Fixtures.bob, now: now + 60)
    #expect(got.state == .got(by: Fixtures.bob, at: now + 60) && got.revision == 2)
    #expect(try ShoppingRules.get(got, by: Fixtures.alice, now: now + 120) == got)
    let back = try ShoppingRules.undo(got)
    #expect(back.isNeeded && back.revision == 3)
    #expect(try ShoppingRules.undo(back) == back)
    let cleared = try ShoppingRules.clear(got, by: Fixtures.alice, now: now + 180)
    #expect(cleared.isCleared)
    let refused = TeammateError.itemCleared("milk", by: Fixtures.alice)
    #expect(refused.description == "alice had already cleared 'milk'")
    #expect(throws: refused) { _ = try ShoppingRules.get(cleared, by: Fixtures.bob, now: now) }
    #expect(throws: refused) { _ = try ShoppingRules.undo(cleared) }
    #expect(throws: refused) { _ = try ShoppingRules.clear(cleared, by: Fixtures.bob, now: now) }
    let eggs = try add("eggs", id: "eggsxtem").item
    let bread = try ShoppingRules.get(
      try add("bread", id: "breadxtm").item, by: Fixtures.bob, now: now)
    let swept = ShoppingRules.clearGot([eggs, got, bread, cleared], by: Fixtures.alice, now: now)
    #expect(swept.map(\.id) == ["mxkxtem2", "breadxtm"] && swept.allSatisfy(\.isCleared))
  }

  @Test func test_AC_LIST_04_aLateGotAppliesToTheItemItNamed() throws {
    let old = try add("milk", id: "mxkxtem2").item
    let gotByBob = try ShoppingRules.get(old, by: Fixtures.bob, now: now)
    let readded = try add("milk", id: "mk2nd222", to: [gotByBob], by: Fixtures.bob).item
    // Ada's "got" of the first item, made offline, arrives after the re-add.
    let late = try ShoppingRules.get(gotByBob, by: Fixtures.alice, now: now + 300)
    #expect(late.id == "mxkxtem2" && late == gotByBob)
    #expect(readded.isNeeded && readded.id == "mk2nd222")
  }

  @Test func test_AC_LIST_05_aDecidedMealPutsItsIngredientsOnTheListOnce() throws {
    var household = try DishRules.add(
      DishDraft(id: "currydsh", name: "Curry", ingredients: ["rice", "Onions", "rice "]),
      to: Fixtures.household())
    household = try DishRules.add(DishDraft(id: "supdxsh2", name: "Soup"), to: household)
    let day = MealDay(containing: now, in: household.zone)
    let meal = try CardRules.add(
      .meal(Meal(day: day, slot: .dinner, state: .decided(.dish("currydsh")))), id: "dinner12",
      household: household, by: Fixtures.alice, now: now)
    let ids: [ItemID] = ["xngred22", "xngred23", "xngred24"]
    let onions = try add("onions", note: "red", id: "unxunsxt").item
    let drafts = try ShoppingRules.fromMeal(meal, household: household, items: [onions], ids: ids)
    #expect(
      drafts.map(\.text) == ["rice", "Onions"] && drafts.map(\.id) == ["xngred22", "xngred23"])
    #expect(drafts.allSatisfy { $0.fromMeal == "dinner12" })
    var items = [onions]
    for draft in drafts {
      let added = try ShoppingRules.add(
        draft, to: items, household: home, by: Fixtures.bob, now: now)
      items.removeAll { $0.id == added.item.id }
      items.append(added.item)
    }
    #expect(items.count == 2 && items.first { $0.id == "unxunsxt" }?.fromMeals == ["dinner12"])
    // Again: nothing twice; after rice was got, it is not added again.
    #expect(try ShoppingRules.fromMeal(meal, household: household, items: items, ids: ids).isEmpty)
    items = try items.map { try ShoppingRules.get($0, by: Fixtures.alice, now: now) }
    #expect(try ShoppingRules.fromMeal(meal, household: household, items: items, ids: ids).isEmpty)
    // A meal not decided, or without a dish, adds nothing and says why.
    var proposed = meal
    proposed.meal?.state = .proposed([.dish("currydsh")])
    #expect(throws: TeammateError.mealHasNoDish("dinner12")) {
      _ = try ShoppingRules.fromMeal(proposed, household: household, items: [], ids: ids)
    }
    proposed.meal?.state = .decided(.takeaway)
    #expect(throws: TeammateError.mealHasNoDish("dinner12")) {
      _ = try ShoppingRules.fromMeal(proposed, household: household, items: [], ids: ids)
    }
  }

  @Test func test_AC_LIST_27_aMealsPartIsTakenBackAndNothingElse() throws {
    let curry: CardID = "curry222"
    let stew: CardID = "stew2222"
    // (the adds in order, by meal or by hand; the meal taken back; what is left, nil: cleared)
    let table: [([(String, CardID?)], CardID, String?)] = [
      ([("2 onions", curry), ("onions", nil)], curry, "onions"),
      ([("onions", nil), ("2 onions", curry)], curry, "onions"),
      ([("500 g rice", curry), ("1 kg rice", stew)], curry, "1 kg rice"),
      ([("500 g rice", curry), ("1 kg rice", stew)], stew, "500 g rice"),
      ([("牛奶 2 瓶", curry), ("牛奶 1 瓶", nil)], curry, "牛奶 1 瓶"),
      ([("eggs x2", curry), ("3 eggs", stew), ("eggs", nil)], stew, "eggs x3"),
      ([("500 g sugar", curry), ("2 cups sugar", nil)], curry, "2 cups sugar"),
      ([("milk", curry), ("milk", nil)], curry, "milk"),
      ([("2 onions", curry)], curry, nil),
      ([("2 onions", curry), ("onions", stew)], curry, "onions"),
    ]
    for (adds, meal, left) in table {
      var items: [ShoppingItem] = []
      for (text, from) in adds {
        let added = try add(text, to: items, fromMeal: from).item
        items = [added]
      }
      let item = try #require(items.first)
      let taken = try #require(
        try ShoppingRules.takingBack(meal, from: item, by: Fixtures.bob, now: now), "\(adds)")
      #expect(taken.id == item.id && taken.revision == item.revision + 1)
      #expect(!taken.fromMeals.contains(meal) && !taken.parts.contains { $0.meal == meal })
      if let left {
        #expect(taken.text.text == left && taken.isNeeded, "\(adds) less \(meal)")
      } else {
        #expect(taken.state == .cleared(by: Fixtures.bob, at: now) && taken.parts.isEmpty)
      }
    }

    // NB: the parts are kept only once a meal adds; what is left by hand alone is plain again.
    let byHand = try add("2 onions").item
    #expect(try add("onions", to: [byHand]).item.parts.isEmpty)
    let planned = try add("onions", to: [byHand], fromMeal: curry).item
    #expect(
      planned.parts == [
        ItemPart(meal: nil, ask: "2 onions"), ItemPart(meal: curry, ask: "onions"),
      ])
    #expect(
      try ShoppingRules.takingBack(curry, from: planned, by: Fixtures.bob, now: now)?.parts == [])

    // Nothing to take back: got, cleared, another meal's, or kept before parts were.
    let got = try ShoppingRules.get(planned, by: Fixtures.alice, now: now)
    #expect(try ShoppingRules.takingBack(curry, from: got, by: Fixtures.bob, now: now) == nil)
    let cleared = try ShoppingRules.clear(planned, by: Fixtures.alice, now: now)
    #expect(try ShoppingRules.takingBack(curry, from: cleared, by: Fixtures.bob, now: now) == nil)
    #expect(try ShoppingRules.takingBack(stew, from: planned, by: Fixtures.bob, now: now) == nil)
    var keptBefore = planned
    keptBefore.parts = []
    #expect(
      try ShoppingRules.takingBack(curry, from: keptBefore, by: Fixtures.bob, now: now) == nil)

    // Its parts are written with the item, and an item without them as before.
    let written = try JSONEncoder().encode(planned)
    #expect(try JSONDecoder().decode(ShoppingItem.self, from: written) == planned)
    #expect(!String(decoding: try JSONEncoder().encode(byHand), as: UTF8.self).contains("parts"))
  }

  @Test func test_AC_LIST_15_theListReadsNeededThenGotOldestFirstInTheOrderMade() throws {
    func item(_ id: ItemID, _ text: String, at offset: TimeInterval, _ state: ItemState = .needed)
      throws -> ShoppingItem
    {
      ShoppingItem(
        id: id, householdID: home, text: try ItemText(text), addedBy: Fixtures.bob,
        addedAt: now + offset, state: state)
    }
    let got = ItemState.got(by: Fixtures.alice, at: now + 60)
    let cleared = ItemState.cleared(by: Fixtures.alice, at: now + 60)
    let items = [
      try item("zzzzzzz2", "rice", at: 0), try item("aaaaaaa2", "chicken thighs", at: 0),
      try item("mmmmmmm2", "milk", at: 0), try item("eeeeeee2", "eggs", at: -60, got),
      try item("bbbbbbb2", "bread", at: -120), try item("ccccccc2", "cheese", at: 0, cleared),
      try item("wxxxxxx2", "apples", at: 0),
    ]
    // NB: rice, chicken thighs and milk came in one write, in that order; apples still waits.
    let order: [ItemID: Int64] = [
      "zzzzzzz2": 7, "aaaaaaa2": 8, "mmmmmmm2": 9, "eeeeeee2": 5, "bbbbbbb2": 2, "ccccccc2": 6,
    ]
    #expect(
      ShoppingRules.shown(items, order: order).map(\.text.text) == [
        "bread", "rice", "chicken thighs", "milk", "apples", "eggs",
      ])
    #expect(
      ShoppingRules.shown(items, includingCleared: true, order: order).last?.text.text == "cheese")
    // With no order known, ties of one instant are by id.
    #expect(
      ShoppingRules.shown(items).prefix(5).map(\.id) == [
        "bbbbbbb2", "aaaaaaa2", "mmmmmmm2", "wxxxxxx2", "zzzzzzz2",
      ])
  }
}
