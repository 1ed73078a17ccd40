import Foundation
import TeammateKit

/// What the checks know of the list: the latest version of each item in the feed.
struct ListLedger {
  private(set) var latest: [ItemID: ShoppingItem] = [:]
  /// The needed item of each folded text, as the feed left it.
  private var needed: [String: ItemID] = [:]
  /// The dish each live meal is decided with, as the feed left it.
  private var planned: [CardID: DishID] = [:]

  /// Takes in fresh changes; the first invariant they break, with how.
  mutating func follow(_ changes: [Change]) -> (Invariant, String)? {
    // NB: the needed items holding a part of each meal that left its dish's plan, as they
    // stood then: by the end of the changes none may hold it still.
    var left: [CardID: [ItemID]] = [:]
    for change in changes {
      if let card = change.card, card.kind == .meal {
        let dish: DishID? =
          if !card.isDeleted, case .decided(.dish(let dish))? = card.meal?.state { dish } else {
            nil
          }
        if let before = planned[card.id], before != dish {
          left[card.id] =
            latest.values.filter { $0.isNeeded && $0.parts.contains { $0.meal == card.id } }
            .map(\.id)
        }
        planned[card.id] = dish
      }
      guard let item = change.item else { continue }
      let before = latest[item.id]
      if let before, before.isCleared, !item.isCleared {
        return (.clearedStaysCleared, "\(item.id) '\(item.text.text)' came back as \(item.state)")
      }
      if let before, before.isNeeded, needed[before.text.key] == before.id {
        needed[before.text.key] = nil
      }
      latest[item.id] = item
      guard item.isNeeded else { continue }
      if let twin = needed[item.text.key], twin != item.id {
        return (.oneNeededPerThing, "\(twin) and \(item.id) are both '\(item.text.key)'")
      }
      needed[item.text.key] = item.id
    }
    for (meal, ids) in left where planned[meal] == nil {
      for id in ids {
        guard let item = latest[id], item.isNeeded, item.parts.contains(where: { $0.meal == meal })
        else { continue }
        return (.mealPartTakenBack, "\(id) '\(item.text.text)' still holds \(meal)'s part")
      }
    }
    return nil
  }

  /// Its items with `account` named the former member's, as an erasure rewrote them.
  mutating func erasing(_ account: AccountID) {
    latest = latest.mapValues { (try? Erasure.erasing(account, in: $0)) ?? $0 }
  }

  /// The times an item holds: each must be one the backend's clock gave.
  static func times(_ item: ShoppingItem) -> [Date] {
    switch item.state {
    case .needed: [item.addedAt]
    case .got(_, let at), .cleared(_, let at): [item.addedAt, at]
    }
  }
}

extension Life {
  /// Things the partners buy: some one thing as texts fold (`milk`, `Milk `, `ｍｉｌｋ`), and the
  /// dishes' ingredient lines.
  static let things = ["milk", "Milk ", "ｍｉｌｋ", "eggs", "牛奶", "牛奶 ", "bread", "rice", "i0", "i1"]

  /// One step on the list, through the partner's phone.
  func actOnList(_ action: SimAction) async throws -> String {
    guard case .list(let who, let op, let pick, let value) = action else { return "not the list" }
    let device = phone(who).device
    let shown = await device.list()
    func one(_ items: [ShoppingItem]) -> ShoppingItem? {
      items.isEmpty ? nil : items[pick % items.count]
    }
    // NB: the phone plans again after a write only: a step that writes nothing checks nothing.
    switch SimAction.listWords[op % SimAction.listWords.count] {
    case "add":
      let texts = (0..<(1 + value % 2)).map {
        Self.things[(value / 3 + $0 * 7) % Self.things.count]
      }
      justActed = who
      let added = try await device.addItems(texts, note: value % 3 == 0 ? "n\(value % 4)" : nil)
      return "ok \(added.map(\.id.rawValue))"
    case "got":
      guard let item = one(shown.filter(\.isNeeded)) else { return "nothing needed" }
      justActed = who
      _ = try await device.getItems([item.id])
      return "ok \(item.id)"
    case "undo":
      guard let item = one(shown.filter { !$0.isNeeded }) else { return "nothing got" }
      justActed = who
      _ = try await device.undoItem(item.id)
      return "ok \(item.id)"
    case "clear":
      guard let item = one(shown) else { return "nothing on the list" }
      justActed = who
      _ = try await device.clearItems([item.id])
      return "ok \(item.id)"
    case "clear-got":
      justActed = who
      return "ok \(try await device.clearGotItems().count)"
    case "shop":
      // NB: the person walks into a shop, or out of it: what they get from now teaches it.
      let shop = value % 3 == 0 ? nil : ["costco", "market"][value % 2]
      try await device.enterShop(shop)
      return "ok \(shop ?? "none")"
    case "move":
      guard let item = one(shown.filter { !$0.isCleared }) else { return "nothing to move" }
      let aisles = ItemCategory.standardOrder + [ItemCategory(rawValue: "plant milks")]
      justActed = who
      let moved = try await device.moveItem(item.id, to: aisles[value % aisles.count])
      return "ok \(item.id) to \(moved.category)"
    case "rename":
      // NB: onto the things the partners buy, so that a rename onto another needed thing is
      // tried and refused (AC-LIST-37).
      guard let item = one(shown.filter { !$0.isCleared }) else { return "nothing to rename" }
      justActed = who
      let renamed = try await device.renameItem(item.id, to: Self.things[value % Self.things.count])
      return "ok \(item.id) to \(renamed.text.text)"
    default:
      let meals = MealRules.planned(Array(await device.cards.values)).filter {
        $0.meal?.decidedDish != nil
      }.sorted { $0.id < $1.id }
      guard let meal = meals.isEmpty ? nil : meals[pick % meals.count] else {
        return "no meal with a dish"
      }
      justActed = who
      return "ok \(try await device.addItemsFromMeal(meal.id).count)"
    }
  }
}
