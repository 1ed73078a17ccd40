import Foundation

extension BackendOperations {
  /// A write to the household's shopping list, on the backend's own items at its time: each
  /// item it touched is appended to the feed as it now is, the partner's news and nothing to
  /// know. Returns the items in the order the write named them.
  package static func changeList(
    _ write: DeviceWrite, in home: HouseholdID, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws -> [ShoppingItem] {
    switch write {
    case .addItems(let drafts):
      return try addItems(drafts, to: home, actor: actor, storage: &storage, now: now)
    case .getItems(let ids):
      return try ids.map { id in
        try changeItem(id, .itemGot, in: home, actor: actor, storage: &storage, now: now) {
          item throws(TeammateError) in try ShoppingRules.get(item, by: actor, now: now)
        }
      }
    case .undoItem(let id):
      let item = try existingItem(id, in: home, storage: storage)
      let twin = try storage.neededItem(
        folding: item.text.key, on: item.listID, in: home)
      return [
        try changeItem(id, .itemUndone, in: home, actor: actor, storage: &storage, now: now) {
          item throws(TeammateError) in try ShoppingRules.undo(item, twin: twin)
        }
      ]
    case .clearItems(let ids):
      return try ids.map { id in
        try changeItem(id, .itemCleared, in: home, actor: actor, storage: &storage, now: now) {
          item throws(TeammateError) in try ShoppingRules.clear(item, by: actor, now: now)
        }
      }
    case .clearGotItems:
      let got = try storage.items(on: ShoppingRules.mainList, in: home)
      return try ShoppingRules.clearGot(got, by: actor, now: now).map { cleared in
        try storage.putItem(cleared)
        try record(.itemCleared, in: home, by: actor, now: now, item: cleared, storage: &storage)
        return cleared
      }
    case .addItemsFromMeal(let id, let ids):
      let meal = try existingCard(id, in: storage)
      let household = try existingHousehold(home, in: storage)
      let drafts = try ShoppingRules.fromMeal(
        meal, household: household, items: try storage.items(on: ShoppingRules.mainList, in: home),
        ids: ids)
      return try addItems(drafts, to: home, actor: actor, storage: &storage, now: now)
    default:
      return []
    }
  }

  /// Each draft merged into the needed item of its text or added as a new one, in order (so
  /// that a text given twice is one item). A merge is appended even when it changed nothing,
  /// so that the device which made the draft learns the item's id from the answer.
  private static func addItems(
    _ drafts: [ItemDraft], to home: HouseholdID, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws -> [ShoppingItem] {
    try drafts.map { draft in
      let key = Folding.key(draft.text)
      let added = try ShoppingRules.add(
        draft, needed: try storage.neededItem(folding: key, on: ShoppingRules.mainList, in: home),
        idTaken: try storage.item(draft.id, in: home) != nil, household: home, by: actor, now: now)
      try storage.putItem(added.item)
      try record(.itemAdded, in: home, by: actor, now: now, item: added.item, storage: &storage)
      return added.item
    }
  }

  /// One item changed by `rule`, kept and appended unless it changed nothing.
  private static func changeItem(
    _ id: ItemID, _ kind: ChangeKind, in home: HouseholdID, actor: AccountID,
    storage: inout some BackendStorage, now: Date,
    _ rule: (ShoppingItem) throws(TeammateError) -> ShoppingItem
  ) throws -> ShoppingItem {
    let item = try existingItem(id, in: home, storage: storage)
    let changed = try rule(item)
    guard changed != item else { return item }
    try storage.putItem(changed)
    try record(kind, in: home, by: actor, now: now, item: changed, storage: &storage)
    return changed
  }

  private static func existingItem(
    _ id: ItemID, in home: HouseholdID, storage: some BackendStorage
  ) throws -> ShoppingItem {
    guard let item = try storage.item(id, in: home) else { throw TeammateError.itemNotFound(id) }
    return item
  }
}
