import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The list's edits in place through every backend: a thing moved to another aisle, a thing
/// given another text, each told to the partner once.
extension ListContract {
  /// AC-LIST-21: Either partner moves an item to another aisle: listed there on both
  /// devices, the partner told once; names fold, a new name is the household's own; a move to
  /// where it is tells nothing; refusals change nothing.
  public static let aMovedItemIsListedUnderItsNewAisle = ContractCheck(
    id: "AC-LIST-21", name: "aMovedItemIsListedUnderItsNewAisle"
  ) { world in
    let (home, alice, bob) = try await world.coupleWithPhones()
    let milk = try await alice.addItem("oat drink")
    #expect(milk.category == .dryGoods)
    _ = try await bob.sync()
    try await bob.markNewsSeen()
    world.clock.advance(by: 60)
    let moved = try await alice.moveItem(milk.id, to: ItemCategory(rawValue: " Dairy "))
    #expect(moved.category == .dairy && moved.revision == milk.revision + 1)
    let told = try await bob.sync().news
    #expect(await bob.state.items[milk.id]?.category == .dairy)
    #expect(
      told.map { [$0.kind.rawValue, $0.actor.rawValue, $0.title ?? ""] + $0.items } == [
        ["moved-item", world.alice.rawValue, "dairy", "oat drink"]
      ], "\(told)")
    // NB: where it is already: nothing changes, nothing is told.
    #expect(try await alice.moveItem(milk.id, to: .dairy) == moved)
    #expect(try await bob.sync().news.isEmpty)

    let before = try await world.snapshot(home)
    await #expect(throws: TeammateError.emptyName(.category)) {
      _ = try await bob.moveItem(milk.id, to: ItemCategory(rawValue: "  "))
    }
    await #expect(throws: TeammateError.nameTooLong(.category, length: 81, limit: 80)) {
      _ = try await bob.moveItem(
        milk.id, to: ItemCategory(rawValue: String(repeating: "a", count: 81)))
    }
    await #expect(throws: TeammateError.itemNotFound("zzzzzzzz")) {
      _ = try await bob.moveItem("zzzzzzzz", to: .dairy)
    }
    let wipes = try await bob.addItem("wipes")
    _ = try await bob.clearItems([wipes.id])
    let cleared = try await world.snapshot(home)
    await #expect(throws: TeammateError.itemCleared("wipes", by: world.bob)) {
      _ = try await bob.moveItem(wipes.id, to: .baby)
    }
    #expect(try await world.snapshot(home) == cleared && cleared != before)

    // NB: offline, through the outbox: a category of the household's own, sent once.
    await bob.setOnline(false)
    let offline = try await bob.moveItem(milk.id, to: ItemCategory(rawValue: "Plant Milks"))
    #expect(offline.category.rawValue == "plant milks")
    #expect(await bob.snapshot().waitingWrites == 1)
    await bob.setOnline(true)
    _ = try await bob.sync()
    let news = try await alice.sync().news
    #expect(news.filter { $0.kind == .movedItem }.map(\.title) == ["plant milks"], "\(news)")
    #expect(await alice.state.items[milk.id]?.category.rawValue == "plant milks")
    let feed = try await world.backend.changes(in: home, after: 0, limit: 1_000, as: world.alice)
    #expect(feed.filter { $0.kind == .itemMoved }.count == 2)
  }

  /// AC-LIST-37: Either partner renames an item on every backend: both read the new text in
  /// its aisle, the partner told once and never as an add; refusals change nothing; offline
  /// it is sent once, to the partner's item when its add merged into it.
  public static let aRenamedItemReadsItsNewText = ContractCheck(
    id: "AC-LIST-37", name: "aRenamedItemReadsItsNewText"
  ) { world in
    let (home, alice, bob) = try await world.coupleWithPhones()
    let drink = try await alice.moveItem(try await alice.addItem("oat drink").id, to: .dairy)
    _ = try await bob.sync()
    try await bob.markNewsSeen()
    world.clock.advance(by: 60)
    let renamed = try await alice.renameItem(drink.id, to: "oat milk")
    #expect(renamed.text.text == "oat milk" && renamed.category == .dairy)
    #expect(renamed.revision == drink.revision + 1)
    let told = try await bob.sync().news
    #expect(await bob.state.items[drink.id]?.text.text == "oat milk")
    #expect(
      told.map { [$0.kind.rawValue, $0.actor.rawValue, $0.title ?? ""] + $0.items } == [
        ["renamed-item", world.alice.rawValue, "oat drink", "oat milk"]
      ], "\(told)")
    // NB: the same thing typed another way is a rename too; the same text changes nothing.
    #expect(try await alice.renameItem(drink.id, to: "Oat Milk").text.text == "Oat Milk")
    #expect(try await alice.renameItem(drink.id, to: "Oat Milk").revision == drink.revision + 2)

    let milk = try await bob.addItem("milk")
    let before = try await world.snapshot(home)
    await #expect(throws: TeammateError.itemTextTaken("milk")) {
      _ = try await bob.renameItem(drink.id, to: "Milk x2")
    }
    await #expect(throws: TeammateError.emptyName(.itemText)) {
      _ = try await bob.renameItem(drink.id, to: "  ")
    }
    await #expect(throws: TeammateError.itemNotFound("zzzzzzzz")) {
      _ = try await bob.renameItem("zzzzzzzz", to: "tea")
    }
    #expect(try await world.snapshot(home) == before)
    _ = try await bob.clearItems([milk.id])
    await #expect(throws: TeammateError.itemCleared("milk", by: world.bob)) {
      _ = try await bob.renameItem(milk.id, to: "tea")
    }

    // NB: offline, through the outbox, after an add that merges into the partner's item.
    await bob.setOnline(false)
    let eggs = try await bob.addItem("eggs")
    _ = try await bob.renameItem(eggs.id, to: "free-range eggs")
    let theirs = try await alice.addItem("eggs")
    await bob.setOnline(true)
    _ = try await bob.sync()
    let news = try await alice.sync().news
    #expect(await alice.state.items[theirs.id]?.text.text == "free-range eggs", "\(news)")
    #expect(news.filter { $0.kind == .renamedItem }.map(\.items) == [["free-range eggs"]])
    // NB: the merge into her item changed nothing she is told of; the rename is told.
    #expect(
      !news.contains { $0.kind == .addedItems && $0.items.contains { $0.hasSuffix("eggs") } },
      "\(news)")
    let feed = try await world.backend.changes(in: home, after: 0, limit: 1_000, as: world.alice)
    #expect(feed.filter { $0.kind == .itemEdited }.count == 3)
  }
}
