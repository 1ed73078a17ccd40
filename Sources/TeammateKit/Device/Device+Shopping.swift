import Foundation

extension Device {
  /// The household's shopping list as this device shows it: needed items first, then got
  /// ones, each oldest first; cleared ones too when asked for.
  public func list(includingCleared: Bool = false) -> [ShoppingItem] {
    ShoppingRules.shown(
      view.items.values, includingCleared: includingCleared, order: state.itemOrder)
  }

  /// Puts things on the list, each with an id this device makes: a text needed already
  /// merges into its item (its note gains `note`). Offline it is shown at once and waits.
  public func addItems(_ texts: [String], note: String? = nil) async throws -> [ShoppingItem] {
    try await inTurn {
      let shown = view.items
      var chosen: Set<ItemID> = []
      let drafts = texts.map { text in
        ItemDraft(id: freshItemID(avoiding: shown, &chosen), text: text, note: note)
      }
      return try await items(after: .addItems(drafts))
    }
  }

  /// Puts one thing on the list (see `addItems`).
  public func addItem(_ text: String, note: String? = nil) async throws -> ShoppingItem {
    guard let item = try await addItems([text], note: note).first else {
      throw TeammateError.emptyName(.itemText)
    }
    return item
  }

  /// Marks items got, by this member at the backend's time; a late "got" applies to the item
  /// it names, whatever was added since. Each item is a write of its own, as each is ticked
  /// off in the shop: one the partner cleared meanwhile keeps no other from landing.
  public func getItems(_ ids: [ItemID]) async throws -> [ShoppingItem] {
    try await inTurn {
      let shop = state.shop
      return try await eachItem(ids) { .getItems([$0], shop: shop) }
    }
  }

  /// Makes a got item needed again: the only way back.
  public func undoItem(_ id: ItemID) async throws -> ShoppingItem {
    try await inTurn {
      guard let item = try await items(after: .undoItem(id)).first else {
        throw TeammateError.itemNotFound(id)
      }
      return item
    }
  }

  /// Lists an item under another aisle (AC-LIST-21), for both partners: a name no built-in
  /// category has is the household's own from then on. The partner is told.
  public func moveItem(_ id: ItemID, to category: ItemCategory) async throws -> ShoppingItem {
    try await inTurn {
      guard let item = try await items(after: .moveItem(id, to: category)).first else {
        throw TeammateError.itemNotFound(id)
      }
      return item
    }
  }

  /// Takes items off the list for good: nothing brings them back. Each item is a write of its
  /// own, like a check-off.
  public func clearItems(_ ids: [ItemID]) async throws -> [ShoppingItem] {
    try await inTurn { try await eachItem(ids) { .clearItems([$0]) } }
  }

  /// `write` of each item in turn: every one is made whatever the others' answers, and the
  /// first refusal (or failure) is thrown once all were made.
  private func eachItem(_ ids: [ItemID], _ write: (ItemID) -> DeviceWrite) async throws
    -> [ShoppingItem]
  {
    var done: [ShoppingItem] = []
    var first: (any Error)?
    for id in ids {
      do {
        done += try await items(after: write(id))
      } catch {
        first = first ?? error
      }
    }
    if let first { throw first }
    return done
  }

  /// Takes every got item off the list; needed ones stay.
  public func clearGotItems() async throws -> [ShoppingItem] {
    try await inTurn { try await items(after: .clearGotItems) }
  }

  /// Puts a decided meal's ingredient lines on the list in one step; doing it again adds
  /// nothing twice.
  public func addItemsFromMeal(_ meal: CardID) async throws -> [ShoppingItem] {
    try await inTurn {
      // NB: an id for every line a dish may have: this device may not know the dish yet.
      let shown = view.items
      var chosen: Set<ItemID> = []
      let ids = (0..<MealRules.ingredientLimit).map { _ in freshItemID(avoiding: shown, &chosen) }
      return try await items(after: .addItemsFromMeal(meal, ids: ids))
    }
  }

  /// An id no item `shown` has and none `chosen` for this write.
  private func freshItemID(avoiding shown: [ItemID: ShoppingItem], _ chosen: inout Set<ItemID>)
    -> ItemID
  {
    var id = ItemID.random(using: &random)
    while shown[id] != nil || chosen.contains(id) { id = .random(using: &random) }
    chosen.insert(id)
    return id
  }

  /// The items `write` left, in the order it named them: the backend's answer, or this
  /// device's view while the write waits. Not private: a kind of write's own file makes its
  /// call through it.
  func items(after write: DeviceWrite) async throws -> [ShoppingItem] {
    let shape = ListAnswer(write)
    // NB: the ids a write that names none is about, read before it (ids only: no copy of the
    // list is held while the answer is applied).
    let before: Set<ItemID> =
      switch shape {
      case .clearedGot:
        Set(view.items.values.filter { !$0.isNeeded && !$0.isCleared }.map(\.id))
      case .fromMeal(let meal):
        Set(view.items.values.filter { $0.fromMeals.contains(meal) }.map(\.id))
      case .named, .added: []
      }
    let outcome = try await make(write)
    let shown = view.items
    if case .applied(_, _, _, let changes) = outcome {
      let answered = changes.compactMap(\.item)
      switch shape {
      case .added, .fromMeal, .clearedGot: return answered
      case .named:
        let byID = Dictionary(answered.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        return write.itemIDs.compactMap { byID[$0] ?? shown[$0] }
      }
    }
    switch shape {
    case .added(let drafts):
      return drafts.compactMap { draft in
        if let item = shown[draft.id] { return item }
        // NB: read once, not for every item of the list.
        let key = ItemTextKind.key(of: draft.text)
        return shown.values.first { $0.isNeeded && $0.text.key == key }
      }
    case .clearedGot:
      return ShoppingRules.shown(
        before.compactMap { shown[$0] }.filter(\.isCleared), includingCleared: true)
    case .fromMeal(let meal):
      return ShoppingRules.shown(
        shown.values.filter { $0.fromMeals.contains(meal) && !before.contains($0.id) })
    case .named:
      return write.itemIDs.compactMap { shown[$0] }
    }
  }

  /// Says which shop the person is in (nil: none), kept until they say otherwise: the items
  /// they get from now on teach that shop's order (AC-LIST-19). A name is taken as names fold
  /// (`Costco` and `costco ` are one shop).
  public func enterShop(_ shop: String?) async throws {
    let named = shop.map(Folding.key).flatMap { $0.isEmpty ? nil : $0 }
    try await inTurn { state.shop = named }
  }

  /// The aisles of `shop` in the order the household's gets there taught, the categories no
  /// trip reached after in the default order.
  public func aisles(in shop: String) -> [ItemCategory] {
    ShopOrder.learn(from: state.shopGets, shop: Folding.key(shop))
  }
}

/// How a write to the list answers with its items: those it names by id, those its drafts
/// became, those a meal's lines became, or the got ones it cleared. Only the three kinds that
/// make or clear items by what they do rather than by id are named here: a new kind that
/// names its items (an edit, a rename) answers with them without a line here.
private enum ListAnswer {
  case named
  case added([ItemDraft])
  case fromMeal(CardID)
  case clearedGot

  init(_ write: DeviceWrite) {
    let kind = write.kind
    if let add = kind as? Writes.AddItems {
      self = .added(add.drafts)
    } else if let lines = kind as? Writes.AddItemsFromMeal {
      self = .fromMeal(lines.meal)
    } else if kind is Writes.ClearGotItems {
      self = .clearedGot
    } else {
      self = .named
    }
  }
}
