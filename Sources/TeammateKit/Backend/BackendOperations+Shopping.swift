import Foundation

extension BackendOperations {
  // NB: a write to the household's shopping list lands on the backend's own items at its
  // time (its kind's `land`): each item it touched is appended to the feed as it now is,
  // the partner's news and nothing to know (the device reads the items from those changes).

  /// Each draft merged into the needed item of its text or added as a new one, in order (so
  /// that a text given twice is one item). A merge is appended even when it changed nothing,
  /// so that the device which made the draft learns the item's id from the answer; only what
  /// changed is stored.
  static func addItems(
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
  static func changeItem(
    _ id: ItemID, _ kind: ChangeKind, in home: HouseholdID, actor: AccountID,
    storage: inout some BackendStorage, now: Date,
    _ rule: (ShoppingItem) throws(TeammateError) -> ShoppingItem
  ) throws {
    let item = try existingItem(id, in: home, storage: storage)
    let changed = try rule(item)
    guard changed != item else { return }
    try storage.putItem(changed)
    // NB: an edit records what it changed, its text as a title, so that it is told even to a
    // device that no longer holds the item as it was (AC-LIST-36).
    var fields: [CardRules.CardField] = []
    if kind == .itemEdited {
      if changed.text.text != item.text.text { fields.append(.title) }
      if changed.note != item.note { fields.append(.note) }
    }
    try record(
      kind, in: home, by: actor, now: now, fields: fields, item: changed, storage: &storage)
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

  static func existingItem(
    _ id: ItemID, in home: HouseholdID, storage: some BackendStorage
  ) throws -> ShoppingItem {
    guard let item = try storage.item(id, in: home) else { throw TeammateError.itemNotFound(id) }
    return item
  }
}
