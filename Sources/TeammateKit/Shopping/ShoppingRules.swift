import Foundation

/// The shopping list's rules: one needed item per thing, got and cleared never coming back.
/// Pure: the list's items, the author and the server's time are given; each answers the
/// items it changed or made.
public enum ShoppingRules {
  /// The household's one list.
  public static let mainList: ListID = "main"

  /// What an add did: the item as it now is, and whether it merged into a needed one.
  public struct Added: Sendable, Equatable {
    /// The new item, or the needed one it merged into.
    public var item: ShoppingItem
    /// Whether the text was already needed.
    public var merged: Bool
  }

  /// Adds `draft` to the list `items` hold: into the needed item of the same text when there
  /// is one (its note gains the new note), else as a new needed item.
  public static func add(
    _ draft: ItemDraft, to items: [ShoppingItem], household: HouseholdID, by author: AccountID,
    now: Date
  ) throws(TeammateError) -> Added {
    let text = try ItemText(draft.text)
    return try add(
      draft, needed: items.first { $0.isNeeded && $0.text == text },
      idTaken: items.contains { $0.id == draft.id }, household: household, by: author, now: now)
  }

  /// Adds `draft` given what a store looks up for it: the needed item of its text, if any,
  /// and whether another item has the draft's id.
  public static func add(
    _ draft: ItemDraft, needed: ShoppingItem?, idTaken: Bool, household: HouseholdID,
    by author: AccountID, now: Date
  ) throws(TeammateError) -> Added {
    let text = try ItemText(draft.text)
    let note = try Validation.note(draft.note)
    if let needed {
      var merged = needed
      merged.note = joined(needed.note, note)
      if let meal = draft.fromMeal, !merged.fromMeals.contains(meal) {
        merged.fromMeals.append(meal)
      }
      // NB: the parts are kept once a meal adds to the item: all it held before was by hand.
      if draft.fromMeal != nil || !needed.parts.isEmpty {
        let before =
          needed.parts.isEmpty ? [ItemPart(meal: nil, ask: needed.text.text)] : needed.parts
        merged.parts = ItemPart.adding(ItemPart(meal: draft.fromMeal, ask: text.text), to: before)
      }
      // NB: the quantities add up (AC-LIST-24). A text is equal to another of the same thing,
      // so the written texts are compared.
      let wanted = ItemWants(reading: needed.text.text).adding(ItemWants(reading: text.text))
      if wanted.text != needed.text.text { merged.text = try ItemText(wanted.text) }
      guard merged != needed || merged.text.text != needed.text.text else {
        return Added(item: needed, merged: true)
      }
      merged.revision += 1
      return Added(item: merged, merged: true)
    }
    guard ItemID.isWellFormed(draft.id), !idTaken else { throw .itemIDTaken(draft.id) }
    return Added(
      item: ShoppingItem(
        id: draft.id, householdID: household, text: text, note: note, addedBy: author,
        addedAt: now, fromMeals: draft.fromMeal.map { [$0] } ?? [],
        parts: draft.fromMeal.map { [ItemPart(meal: $0, ask: text.text)] } ?? []),
      merged: false)
  }

  /// The item got by `member` at `now`; an item already got stays as it is.
  public static func get(
    _ item: ShoppingItem, by member: AccountID, now: Date, in shop: String? = nil
  ) throws(TeammateError) -> ShoppingItem {
    try checkNotCleared(item)
    guard item.isNeeded else { return item }
    return changed(item) {
      $0.state = .got(by: member, at: now)
      $0.shop = shop
    }
  }

  /// The item listed under `category` (AC-LIST-21), named as names fold: a name no built-in
  /// category has is the household's own. An item in that category already stays as it is;
  /// a cleared one is refused.
  public static func move(_ item: ShoppingItem, to category: ItemCategory) throws(TeammateError)
    -> ShoppingItem
  {
    try checkNotCleared(item)
    let named = try ItemCategory.named(category.rawValue)
    guard named != item.category else { return item }
    return changed(item) { $0.category = named }
  }

  /// A got item needed again: the only way back; a needed one stays as it is, and so does
  /// one whose thing is needed already as another item (`twin`, the partner's re-add),
  /// which stands for it: one needed item per thing.
  public static func undo(_ item: ShoppingItem, twin: ShoppingItem? = nil) throws(TeammateError)
    -> ShoppingItem
  {
    try checkNotCleared(item)
    guard !item.isNeeded, twin == nil || twin?.id == item.id else { return item }
    return changed(item) {
      $0.state = .needed
      $0.shop = nil
    }
  }

  /// The item off the list for good.
  public static func clear(
    _ item: ShoppingItem, by member: AccountID, now: Date
  ) throws(TeammateError) -> ShoppingItem {
    try checkNotCleared(item)
    return changed(item) { $0.state = .cleared(by: member, at: now) }
  }

  /// Every got item of `items` cleared; needed ones stay.
  public static func clearGot(
    _ items: [ShoppingItem], by member: AccountID, now: Date
  ) -> [ShoppingItem] {
    items.compactMap { item in
      guard case .got = item.state else { return nil }
      return changed(item) { $0.state = .cleared(by: member, at: now) }
    }
  }

  /// The list as a person reads it: needed items first, then got ones, then (when asked
  /// for) cleared ones, each oldest first; items added at one instant (in one write) in the
  /// order of the feed, `order` giving each item's place in it (those it lacks come last).
  public static func shown(
    _ items: some Sequence<ShoppingItem>, includingCleared: Bool = false,
    order: [ItemID: Int64] = [:]
  ) -> [ShoppingItem] {
    func place(_ item: ShoppingItem) -> Int {
      switch item.state {
      case .needed: 0
      case .got: 1
      case .cleared: 2
      }
    }
    return items.filter { includingCleared || !$0.isCleared }.map {
      (item: $0, key: (place($0), $0.addedAt, order[$0.id] ?? .max))
    }.sorted {
      ($0.key.0, $0.key.1, $0.key.2, $0.item.id) < ($1.key.0, $1.key.1, $1.key.2, $1.item.id)
    }.map(\.item)
  }

  /// The ingredient lines of a decided meal's dish as drafts, each with an id from `ids`: a
  /// line whose item from this meal is still on the list, got or cleared, is left out, so
  /// that doing it twice adds nothing twice.
  public static func fromMeal(
    _ meal: Card, household: Household, items: [ShoppingItem], ids: [ItemID]
  ) throws(TeammateError) -> [ItemDraft] {
    guard case .decided(.dish(let dishID))? = meal.meal?.state, !meal.isDeleted,
      let dish = household.dish(dishID)
    else { throw .mealHasNoDish(meal.id) }
    let already = Set(items.filter { $0.fromMeals.contains(meal.id) }.map(\.text.key))
    var drafts: [ItemDraft] = []
    var seen = already
    for line in dish.ingredients {
      let key = ItemTextKind.key(of: line)
      guard !seen.contains(key) else { continue }
      seen.insert(key)
      let id = ids.indices.contains(drafts.count) ? ids[drafts.count] : ItemID("")
      drafts.append(ItemDraft(id: id, text: line, fromMeal: meal.id))
    }
    return drafts
  }

  /// The needed `item` without `meal`'s part (AC-LIST-27): its quantity what the other parts
  /// ask for, cleared by `member` at `now` when the meal's part was all of it; nil when there
  /// is nothing to take back (the item got or cleared, or holding no part of the meal).
  public static func takingBack(
    _ meal: CardID, from item: ShoppingItem, by member: AccountID, now: Date
  ) throws(TeammateError) -> ShoppingItem? {
    guard item.isNeeded, item.parts.contains(where: { $0.meal == meal }) else { return nil }
    let rest = item.parts.filter { $0.meal != meal }
    return try changed(item) { (taken: inout ShoppingItem) throws(TeammateError) in
      taken.fromMeals.removeAll { $0 == meal }
      guard let total = ItemPart.total(of: rest, writtenAs: item.text.text) else {
        taken.parts = []
        taken.state = .cleared(by: member, at: now)
        return
      }
      taken.text = try ItemText(total)
      // NB: what is left by hand alone is an item like any other.
      taken.parts = rest.allSatisfy { $0.meal == nil } ? [] : rest
    }
  }

  /// NB: package, as every rule over an item a kind of write keeps in its own file needs it.
  package static func checkNotCleared(_ item: ShoppingItem) throws(TeammateError) {
    if case .cleared(let by, _) = item.state { throw .itemCleared(item.text.text, by: by) }
  }

  /// The item as `change` leaves it, its revision one more.
  package static func changed<Failure: Error>(
    _ item: ShoppingItem, _ change: (inout ShoppingItem) throws(Failure) -> Void
  ) throws(Failure) -> ShoppingItem {
    var updated = item
    try change(&updated)
    updated.revision += 1
    return updated
  }

  /// `earlier; later`, a note it holds already not twice.
  private static func joined(_ earlier: String?, _ later: String?) -> String? {
    guard let later else { return earlier }
    guard let earlier else { return later }
    let parts = earlier.components(separatedBy: "; ")
    return parts.contains(later) ? earlier : earlier + "; " + later
  }

  /// Items by aisle, in the household's default order (the household's own categories after,
  /// by name), each aisle's items in the order given: how a list is walked in a shop whose
  /// order nobody has taught yet (AC-LIST-17).
  public static func byCategory(
    _ items: [ShoppingItem], order: [ItemCategory] = ItemCategory.standardOrder
  ) -> [(category: ItemCategory, items: [ShoppingItem])] {
    var aisles: [ItemCategory: [ShoppingItem]] = [:]
    for item in items { aisles[item.category, default: []].append(item) }
    let own = aisles.keys.filter { !order.contains($0) }.sorted { $0.rawValue < $1.rawValue }
    return (order + own).compactMap { category in
      aisles[category].map { (category, $0) }
    }
  }
}
