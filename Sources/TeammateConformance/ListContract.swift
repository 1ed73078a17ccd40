import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The household's shopping list through every backend: one needed item per thing, got and
/// cleared never coming back, every write once (ADR 0013).
public enum ListContract {
  /// AC-LIST-06: The list is the same on every backend, online and through the outbox, each write
  /// landing once; refusals change nothing.
  public static let theListIsTheSameOnEveryBackend = ContractCheck(
    id: "AC-LIST-06", name: "theListIsTheSameOnEveryBackend"
  ) { world in
    let (home, alice, bob) = try await world.coupleWithPhones()
    let milk = try await alice.addItem("milk", note: "2 litres")
    let added = try await bob.addItems(["Milk ", "eggs"], note: "the organic one")
    #expect(added.count == 2 && added.first?.id == milk.id && added.last?.id != milk.id)
    #expect(added.first?.note == "2 litres; the organic one")
    #expect(added.first?.addedBy == world.alice && added.last?.addedBy == world.bob)

    let before = try await world.snapshot(home)
    await #expect(throws: TeammateError.emptyName(.itemText)) { _ = try await bob.addItem("  ") }
    await #expect(throws: TeammateError.nameTooLong(.itemText, length: 121, limit: 120)) {
      _ = try await bob.addItem(String(repeating: "a", count: 121))
    }
    await #expect(throws: TeammateError.itemNotFound("zzzzzzzz")) {
      _ = try await bob.getItems(["zzzzzzzz"])
    }
    #expect(try await world.snapshot(home) == before)

    world.clock.advance(by: 60)
    let got = try await alice.getItems([milk.id])
    #expect(got.first?.state == .got(by: world.alice, at: world.clock.now()))
    #expect(try await alice.undoItem(milk.id).isNeeded)
    _ = try await alice.getItems([milk.id])
    #expect(try await bob.clearGotItems().map(\.id) == [milk.id])

    let curry = try await alice.addDish(name: "Curry", ingredients: ["rice", "onions", "eggs"])
    let today = MealDay(containing: world.clock.now(), in: .taipei)
    let dinner = try await alice.planMeal(
      Meal(day: today, slot: .dinner, state: .decided(.dish(curry.id))))
    let fromMeal = try await alice.addItemsFromMeal(dinner.id)
    #expect(fromMeal.map(\.text.text) == ["rice", "onions", "eggs"])
    #expect(
      fromMeal.last?.id == added.last?.id && fromMeal.allSatisfy { $0.fromMeals == [dinner.id] })
    #expect(try await alice.addItemsFromMeal(dinner.id).isEmpty)
    let lunch = try await alice.planMeal(
      Meal(day: today, slot: .lunch, state: .proposed([.dish(curry.id)])))
    await #expect(throws: TeammateError.mealHasNoDish(lunch.id)) {
      _ = try await alice.addItemsFromMeal(lunch.id)
    }

    // Offline, through the outbox.
    _ = try await bob.sync()
    world.clock.advance(by: 60)
    await bob.setOnline(false)
    let nappies = try await bob.addItem("nappies")
    _ = try await bob.getItems([fromMeal[2].id])
    _ = try await bob.clearItems([fromMeal[0].id])
    #expect(await bob.snapshot().waitingWrites == 3)
    let shown = await bob.list()
    #expect(await bob.snapshot().list == shown)
    #expect(shown.map(\.text.text) == ["onions", "nappies", "eggs"], "\(shown)")
    let clearedWaiting = try await bob.clearGotItems()
    #expect(
      clearedWaiting.map(\.id) == [fromMeal[2].id] && clearedWaiting.allSatisfy(\.isCleared),
      "\(clearedWaiting)")
    await bob.setOnline(true)
    _ = try await bob.sync()
    _ = try await alice.sync()
    let feed = try await world.backend.changes(in: home, after: 0, limit: 1_000, as: world.alice)
    var stored: [ItemID: ShoppingItem] = [:]
    for change in feed { if let item = change.item { stored[item.id] = item } }
    #expect(feed.filter { $0.item != nil }.allSatisfy { !$0.needsKnowing && $0.card == nil })
    #expect(stored[nappies.id]?.addedBy == world.bob)
    #expect(stored[fromMeal[0].id]?.isCleared == true)
    #expect(await alice.state.items == stored)
    #expect(await bob.state.items == stored)

    // At most once: the same write sent again is answered as the first time.
    let entry = OutboxEntry(
      id: "w-list-once", householdID: home,
      write: .addItems([ItemDraft(id: "b2ddb2dd", text: "bread")]), madeAt: Fixtures.start)
    let first = try await world.backend.submit(entry, as: world.bob)
    let fed = try await world.backend.changes(in: home, after: 0, limit: 1_000, as: world.alice)
    world.clock.advance(by: 60)
    #expect(try await world.backend.submit(entry, as: world.bob) == first)
    #expect(
      try await world.backend.changes(in: home, after: 0, limit: 1_000, as: world.alice) == fed)
  }

  /// AC-LIST-23: Both partners' gets in one shop teach one order on every backend: a trip
  /// each, one of them offline, and both devices walk the shop the same way, the walked
  /// aisles first; another shop starts from the household's default order.
  public static let bothPartnersWalksTeachOneOrder = ContractCheck(
    id: "AC-LIST-23", name: "bothPartnersWalksTeachOneOrder"
  ) { world in
    let (home, alice, bob) = try await world.coupleWithPhones()
    let items = try await bob.addItems(["diapers", "milk", "bread", "onions", "rice", "wipes"])
    _ = try await alice.sync()
    try await bob.enterShop("Costco")
    for index in [0, 1, 2, 3] {
      world.clock.advance(by: 120)
      _ = try await bob.getItems([items[index].id])
    }
    // NB: a week later Alice's trip, offline in the shop, sent when she is back online.
    world.clock.advance(by: 7 * 86_400)
    _ = try await alice.sync()
    try await alice.enterShop("costco ")
    await alice.setOnline(false)
    for index in [5, 4] {
      world.clock.advance(by: 120)
      _ = try await alice.getItems([items[index].id])
    }
    await alice.setOnline(true)
    _ = try await alice.sync()
    _ = try await bob.sync()
    let feed = try await world.backend.changes(in: home, after: 0, limit: 1_000, as: world.bob)
    let shops = feed.filter { $0.kind == .itemGot }.map { $0.item?.shop }
    #expect(shops == Array(repeating: "costco", count: 6), "\(shops)")
    let hers = await alice.aisles(in: "COSTCO")
    let his = await bob.aisles(in: "costco")
    #expect(hers == his)
    #expect(Set(hers.prefix(4)) == [.baby, .dairy, .bakery, .produce], "\(hers)")
    let herGets = await alice.state.shopGets
    let hisGets = await bob.state.shopGets
    #expect(herGets.count == 6 && herGets == hisGets)
    #expect(await bob.aisles(in: "market") == ItemCategory.standardOrder)
  }

  /// AC-LIST-07: Two partners adding the same thing offline end with one needed item holding both
  /// notes, and both devices learn its one id.
  public static let twoAddsOfflineAreOneItem = ContractCheck(
    id: "AC-LIST-07", name: "twoAddsOfflineAreOneItem"
  ) { world in
    let (_, alice, bob) = try await world.coupleWithPhones()
    await alice.setOnline(false)
    await bob.setOnline(false)
    let hers = try await alice.addItem("牛奶", note: "2 litres")
    let his = try await bob.addItem("牛奶 ", note: "the organic one")
    #expect(hers.id != his.id)
    await alice.setOnline(true)
    await bob.setOnline(true)
    _ = try await alice.sync()
    _ = try await bob.sync()
    _ = try await alice.sync()
    for device in [alice, bob] {
      let list = await device.list()
      #expect(list.map(\.id) == [hers.id], "\(list)")
      #expect(list.first?.note == "2 litres; the organic one" && list.first?.isNeeded == true)
    }

    // A got made after the second add, both waiting, names the one item when it is sent.
    await alice.setOnline(false)
    await bob.setOnline(false)
    let eggs = try await alice.addItem("eggs")
    let bobsEggs = try await bob.addItem("Eggs")
    _ = try await bob.getItems([bobsEggs.id])
    await alice.setOnline(true)
    await bob.setOnline(true)
    _ = try await alice.sync()
    let report = try await bob.sync()
    #expect(report.conflicts.isEmpty, "\(report.conflicts)")
    _ = try await alice.sync()
    #expect(await alice.state.items[eggs.id]?.state == .got(by: world.bob, at: world.clock.now()))
    #expect(await bob.state.items == alice.state.items)
    #expect(await bob.state.items[bobsEggs.id] == nil)

    // Fifty adds of one thing at once, from tasks of their own on both phones: one item.
    let answers = await withTaskGroup(of: ItemID?.self) { group in
      for index in 0..<50 {
        let phone = index % 2 == 0 ? alice : bob
        group.addTask { try? await phone.addItem(index % 3 == 0 ? "Bread " : "bread").id }
      }
      var ids: [ItemID?] = []
      for await id in group { ids.append(id) }
      return ids
    }
    #expect(answers.count == 50 && answers.allSatisfy { $0 != nil })
    #expect(Set(answers.compactMap { $0 }).count == 1, "\(Set(answers.compactMap { $0 }))")
    _ = try await alice.sync()
    _ = try await bob.sync()
    let breads = await alice.list().filter { $0.text.key == Folding.key("bread") }
    #expect(breads.count == 1 && breads.first?.isNeeded == true)
  }

  /// AC-LIST-08: Nothing comes back: a late got applies to the item it named, a write to a
  /// cleared item is a conflict naming who cleared it, and an undo never makes a second needed
  /// item of one thing.
  public static let gotAndClearedNeverComeBack = ContractCheck(
    id: "AC-LIST-08", name: "gotAndClearedNeverComeBack"
  ) { world in
    let home = try await world.couple()
    let alice = world.device(world.alice).device
    let bob = world.device(world.bob).device
    _ = try await alice.sync()
    let milk = try await alice.addItem("milk")
    let eggs = try await alice.addItem("eggs")
    _ = try await bob.sync()
    await bob.setOnline(false)
    _ = try await bob.getItems([milk.id])
    _ = try await bob.getItems([eggs.id])

    // Meanwhile Alice got the milk and needs milk again, and cleared the eggs.
    _ = try await alice.getItems([milk.id])
    let again = try await alice.addItem("milk")
    #expect(again.id != milk.id && again.isNeeded)
    _ = try await alice.clearItems([eggs.id])
    world.clock.advance(by: 600)
    await bob.setOnline(true)
    let report = try await bob.sync()
    let feed = try await world.backend.changes(in: home, after: 0, limit: 1_000, as: world.alice)
    var stored: [ItemID: ShoppingItem] = [:]
    for change in feed { if let item = change.item { stored[item.id] = item } }
    #expect(stored[again.id]?.isNeeded == true)
    #expect(stored[milk.id]?.state == .got(by: world.alice, at: Fixtures.start + 120))
    #expect(stored[eggs.id]?.isCleared == true)
    #expect(report.conflicts.count == 1)
    guard case .refused(.getItems, let error)? = report.conflicts.first?.reason else {
      Issue.record("no conflict for the got of a cleared item: \(report.conflicts)")
      return
    }
    #expect(error == .itemCleared("eggs", by: world.alice))
    #expect(await bob.state.items == stored)

    // An undo of the milk that was got leaves it got: the milk needed again stands for it.
    #expect(try await alice.undoItem(milk.id).state == stored[milk.id]?.state)
    #expect(await alice.list().filter(\.isNeeded).map(\.id) == [again.id])
  }

  /// AC-LIST-24: A thing put on the list while it is needed adds its quantity to the needed
  /// item's: one item, its id kept, its text the sum, on both phones.
  public static let quantitiesOfOneThingAddUp = ContractCheck(
    id: "AC-LIST-24", name: "quantitiesOfOneThingAddUp"
  ) { world in
    _ = try await world.couple()
    let alice = world.device(world.alice).device
    let bob = world.device(world.bob).device
    _ = try await alice.sync()
    _ = try await bob.sync()
    let sums: [(String, String, String)] = [
      ("2 onions", "onions", "3 onions"), ("rice", "500 g rice", "500 g rice"),
      ("500 g flour", "1 kg flour", "1.5 kg flour"),
      ("500 g sugar", "2 cups sugar", "500 g + 2 cups sugar"),
      ("牛奶 2 瓶", "牛奶 1 瓶", "牛奶 3 瓶"), ("milk", "Milk", "milk"),
      ("eggs x2", "3 eggs", "eggs x5"),
    ]
    for (first, second, sum) in sums {
      let made = try await alice.addItem(first)
      _ = try await alice.sync()
      _ = try await bob.sync()
      let added = try await bob.addItem(second)
      #expect(added.id == made.id, "\(first) + \(second)")
      #expect(added.text.text == sum, "\(first) + \(second)")
      #expect(added.revision == (sum == first ? made.revision : made.revision + 1))
      _ = try await alice.sync()
      let shown = await alice.list().filter { $0.text == added.text }
      #expect(shown.map(\.text.text) == [sum], "\(first) + \(second) on Alice's phone")
    }
    // NB: one thing by its name: `ONIONS` is got as the onions.
    let onions = try #require(await bob.list().first { $0.text.text == "3 onions" })
    #expect(try ItemText("ONIONS") == onions.text)
    _ = try await bob.getItems([onions.id])
    #expect(try await bob.addItem("onions").id != onions.id)
  }

  /// AC-LIST-28: A meal leaving its dish's plan takes back its part of the list and nothing
  /// else, online and through the outbox; a move or a cook takes nothing back.
  public static let aMealTakesBackOnlyItsPart = ContractCheck(
    id: "AC-LIST-28", name: "aMealTakesBackOnlyItsPart"
  ) { world in
    let (home, alice, bob) = try await world.coupleWithPhones()
    let curry = try await alice.addDish(
      name: "Curry", ingredients: ["2 onions", "500 g rice", "eggs"])
    let stew = try await alice.addDish(name: "Stew", ingredients: ["1 kg rice", "carrots"])
    let today = MealDay(containing: world.clock.now(), in: .taipei)
    let dinner = try await alice.planMeal(
      Meal(day: today, slot: .dinner, state: .decided(.dish(curry.id))))
    let lunch = try await alice.planMeal(
      Meal(day: today, slot: .lunch, state: .decided(.dish(stew.id))))
    _ = try await alice.addItemsFromMeal(dinner.id)
    _ = try await alice.addItemsFromMeal(lunch.id)
    _ = try await bob.sync()
    _ = try await bob.addItem("onions")
    let listed = try #require(await bob.list().first { $0.text.text == "eggs" })
    let eggs = try #require(try await bob.getItems([listed.id]).first)
    _ = try await alice.sync()
    func needed(_ device: Device) async -> [String] {
      await device.list().filter(\.isNeeded).map(\.text.text).sorted()
    }
    func bothShow(_ texts: [String], _ step: String) async throws {
      _ = try await alice.sync()
      _ = try await bob.sync()
      #expect(await needed(alice) == texts.sorted(), "Alice, \(step)")
      #expect(await needed(bob) == texts.sorted(), "Bob, \(step)")
    }
    let planned = ["3 onions", "1.5 kg rice", "carrots"]
    try await bothShow(planned, "planned")

    // A move and a cook take nothing back.
    _ = try await alice.changeMeal(dinner.id, .move(today.adding(days: 1), .dinner))
    _ = try await bob.changeMeal(dinner.id, .cook(.both))
    try await bothShow(planned, "moved")
    let before = try await world.backend.changes(
      in: home, after: 0, limit: 1_000, as: world.alice
    ).count

    // Skipped offline: Alice's phone shows it at once, and it lands once.
    await alice.setOnline(false)
    _ = try await alice.changeMeal(dinner.id, .skip)
    #expect(await needed(alice) == ["1 kg rice", "carrots", "onions"])
    await alice.setOnline(true)
    _ = try await alice.sync()
    let told = try await bob.sync()
    try await bothShow(["1 kg rice", "carrots", "onions"], "skipped")
    let feed = try await world.backend.changes(
      in: home, after: 0, limit: 1_000, as: world.alice)
    let taken = feed.dropFirst(before).filter { $0.kind == .itemTakenBack }
    #expect(taken.count == 2 && taken.allSatisfy { $0.actor == world.alice }, "\(taken)")
    #expect(await bob.list().first { $0.id == eggs.id }?.state == eggs.state)
    #expect(!told.news.isEmpty && told.news.allSatisfy(\.items.isEmpty), "\(told.news)")
    #expect(await alice.state.items == bob.state.items)

    // Decided again, its lines come back (what was got stays got); decided otherwise, or
    // proposed again, they leave; deleted, a meal that was all of an item clears it.
    _ = try await alice.changeMeal(dinner.id, .decide(.dish(curry.id)))
    _ = try await alice.addItemsFromMeal(dinner.id)
    try await bothShow(planned, "decided again")
    _ = try await bob.changeMeal(dinner.id, .decide(.dish(stew.id)))
    try await bothShow(["1 kg rice", "carrots", "onions"], "decided otherwise")
    _ = try await bob.addItemsFromMeal(dinner.id)
    try await bothShow(["2 kg rice", "carrots", "onions"], "the stew twice")
    _ = try await alice.changeMeal(dinner.id, .propose([.dish(curry.id), .dish(stew.id)]))
    try await bothShow(["1 kg rice", "carrots", "onions"], "proposed again")
    _ = try await bob.deleteCard(lunch.id)
    try await bothShow(["onions"], "lunch deleted")
    let cleared = await alice.list(includingCleared: true).filter(\.isCleared).map(\.text.text)
    #expect(cleared.contains("1 kg rice") && cleared.contains("carrots"), "\(cleared)")
    #expect(await alice.state.items == bob.state.items)
  }
}
