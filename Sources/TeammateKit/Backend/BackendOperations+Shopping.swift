import Foundation

extension BackendOperations {
  /// A write to the household's shopping list, on the backend's own items at its time: each
  /// item it touched is appended to the feed as it now is, the partner's news and nothing to
  /// know (the device reads the items from those changes).
  package static func changeList(
    _ write: DeviceWrite, in home: HouseholdID, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws {
    switch write {
    case .addItems(let drafts):
      try addItems(drafts, to: home, actor: actor, storage: &storage, now: now)
    case .getItems(let ids, let shop):
      for id in ids {
        try changeItem(id, .itemGot, in: home, actor: actor, storage: &storage, now: now) {
          item throws(TeammateError) in
          try ShoppingRules.get(item, by: actor, now: now, in: shop)
        }
      }
    case .undoItem(let id):
      let item = try existingItem(id, in: home, storage: storage)
      let twin = try storage.neededItem(
        folding: item.text.key, on: item.listID, in: home)
      try changeItem(id, .itemUndone, in: home, actor: actor, storage: &storage, now: now) {
        item throws(TeammateError) in try ShoppingRules.undo(item, twin: twin)
      }
    case .moveItem(let id, let category):
      try changeItem(id, .itemMoved, in: home, actor: actor, storage: &storage, now: now) {
        item throws(TeammateError) in try ShoppingRules.move(item, to: category)
      }
    case .clearItems(let ids):
      for id in ids {
        try changeItem(id, .itemCleared, in: home, actor: actor, storage: &storage, now: now) {
          item throws(TeammateError) in try ShoppingRules.clear(item, by: actor, now: now)
        }
      }
    case .clearGotItems:
      let got = try storage.items(on: ShoppingRules.mainList, in: home)
      for cleared in ShoppingRules.clearGot(got, by: actor, now: now) {
        try storage.putItem(cleared)
        try record(.itemCleared, in: home, by: actor, now: now, item: cleared, storage: &storage)
      }
    case .addItemsFromMeal(let id, let ids):
      let meal = try existingCard(id, in: storage)
      let household = try existingHousehold(home, in: storage)
      let drafts = try ShoppingRules.fromMeal(
        meal, household: household, items: try storage.items(on: ShoppingRules.mainList, in: home),
        ids: ids)
      try addItems(drafts, to: home, actor: actor, storage: &storage, now: now)
    default:
      break
    }
  }

  /// Each draft merged into the needed item of its text or added as a new one, in order (so
  /// that a text given twice is one item). A merge is appended even when it changed nothing,
  /// so that the device which made the draft learns the item's id from the answer; only what
  /// changed is stored.
  private static func addItems(
    _ drafts: [ItemDraft], to home: HouseholdID, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws {
    for draft in drafts {
      let needed = try storage.neededItem(
        folding: ItemTextKind.key(of: draft.text), on: ShoppingRules.mainList, in: home)
      let added = try ShoppingRules.add(
        draft, needed: needed, idTaken: try storage.item(draft.id, in: home) != nil,
        household: home, by: actor, now: now)
      if added.item != needed { try storage.putItem(added.item) }
      try record(.itemAdded, in: home, by: actor, now: now, item: added.item, storage: &storage)
    }
  }

  /// One item changed by `rule`, kept and appended unless it changed nothing.
  private static func changeItem(
    _ id: ItemID, _ kind: ChangeKind, in home: HouseholdID, actor: AccountID,
    storage: inout some BackendStorage, now: Date,
    _ rule: (ShoppingItem) throws(TeammateError) -> ShoppingItem
  ) throws {
    let item = try existingItem(id, in: home, storage: storage)
    let changed = try rule(item)
    guard changed != item else { return }
    try storage.putItem(changed)
    try record(kind, in: home, by: actor, now: now, item: changed, storage: &storage)
  }

  /// The parts a meal's dish put on the list taken back when the meal leaves that plan
  /// (AC-LIST-28): `card` deleted, or its meal no longer decided with the dish it was
  /// (`before`); a move or a new cook takes nothing back. Each needed item holding a part of
  /// it is appended as it now is.
  static func takeBackParts(
    of card: Card, before: Card, actor: AccountID, storage: inout some BackendStorage, now: Date
  ) throws {
    guard !before.isDeleted, case .decided(.dish(let dish))? = before.meal?.state else { return }
    if !card.isDeleted, case .decided(.dish(dish))? = card.meal?.state { return }
    for item in try storage.items(on: ShoppingRules.mainList, in: card.householdID) {
      guard let taken = try ShoppingRules.takingBack(card.id, from: item, by: actor, now: now)
      else { continue }
      try storage.putItem(taken)
      try record(
        .itemTakenBack, in: card.householdID, by: actor, now: now, item: taken,
        storage: &storage)
    }
  }

  private static func existingItem(
    _ id: ItemID, in home: HouseholdID, storage: some BackendStorage
  ) throws -> ShoppingItem {
    guard let item = try storage.item(id, in: home) else { throw TeammateError.itemNotFound(id) }
    return item
  }
}
