import Foundation

/// Where an item stands: still to buy, bought (by whom, at server time), or off the list for
/// good, kept so that nothing brings it back.
public enum ItemState: Sendable, Codable, Hashable {
  case needed
  case got(by: AccountID, at: Date)
  case cleared(by: AccountID, at: Date)
}

/// One thing to buy on one of the household's lists.
public struct ShoppingItem: Sendable, Codable, Hashable, Identifiable {
  public var id: ItemID
  /// The list it is on (`ShoppingRules.mainList`).
  public var listID: ListID
  /// The household it belongs to.
  public var householdID: HouseholdID
  /// What to buy.
  public var text: ItemText
  /// A quantity or a note.
  public var note: String?
  /// The member who added it first.
  public var addedBy: AccountID
  /// When it was added, at server time.
  public var addedAt: Date
  /// Needed, got or cleared.
  public var state: ItemState
  /// The meals whose ingredients put it on the list, for reference.
  public var fromMeals: [CardID]
  /// 1 at creation, +1 on every change.
  public var revision: Int
  /// The aisle it is found in: guessed from its text when it is added (AC-LIST-17).
  public var category: ItemCategory
  /// The shop it was got in, when the person named one (AC-LIST-19).
  public var shop: String?
  /// Each meal's ask and the one added by hand, once a meal has added to it; empty when
  /// everything was added by hand, or the item was kept before parts were (AC-LIST-27).
  public var parts: [ItemPart]

  /// An item with every field given; the rules make new ones (`ShoppingRules`).
  public init(
    id: ItemID, listID: ListID = ShoppingRules.mainList, householdID: HouseholdID,
    text: ItemText, note: String? = nil, addedBy: AccountID, addedAt: Date,
    state: ItemState = .needed, fromMeals: [CardID] = [], revision: Int = 1,
    category: ItemCategory? = nil, shop: String? = nil, parts: [ItemPart] = []
  ) {
    self.id = id
    self.listID = listID
    self.householdID = householdID
    self.text = text
    self.note = note
    self.addedBy = addedBy
    self.addedAt = addedAt
    self.state = state
    self.fromMeals = fromMeals
    self.revision = revision
    self.category = category ?? ItemCategory.guess(for: text)
    self.shop = shop
    self.parts = parts
  }

  private enum CodingKeys: String, CodingKey {
    case id, listID, householdID, text, note, addedBy, addedAt, state, fromMeals, revision
    case category, shop, parts
  }

  /// NB: an item stored before items had a category reads with the one its text gives.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(ItemID.self, forKey: .id),
      listID: try container.decode(ListID.self, forKey: .listID),
      householdID: try container.decode(HouseholdID.self, forKey: .householdID),
      text: try container.decode(ItemText.self, forKey: .text),
      note: try container.decodeIfPresent(String.self, forKey: .note),
      addedBy: try container.decode(AccountID.self, forKey: .addedBy),
      addedAt: try container.decode(Date.self, forKey: .addedAt),
      state: try container.decode(ItemState.self, forKey: .state),
      fromMeals: try container.decode([CardID].self, forKey: .fromMeals),
      revision: try container.decode(Int.self, forKey: .revision),
      category: try container.decodeIfPresent(ItemCategory.self, forKey: .category),
      shop: try container.decodeIfPresent(String.self, forKey: .shop),
      parts: try container.decodeIfPresent([ItemPart].self, forKey: .parts) ?? [])
  }

  /// NB: an item with no parts is written as it was before items had them, so that a list
  /// nobody planned from reads and exports as it did.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(listID, forKey: .listID)
    try container.encode(householdID, forKey: .householdID)
    try container.encode(text, forKey: .text)
    try container.encodeIfPresent(note, forKey: .note)
    try container.encode(addedBy, forKey: .addedBy)
    try container.encode(addedAt, forKey: .addedAt)
    try container.encode(state, forKey: .state)
    try container.encode(fromMeals, forKey: .fromMeals)
    try container.encode(revision, forKey: .revision)
    try container.encode(category, forKey: .category)
    try container.encodeIfPresent(shop, forKey: .shop)
    if !parts.isEmpty { try container.encode(parts, forKey: .parts) }
  }

  /// Whether it is still to buy.
  public var isNeeded: Bool { state == .needed }

  /// Whether it is off the list for good.
  public var isCleared: Bool {
    if case .cleared = state { return true }
    return false
  }
}

/// An item as a person adds it; the device gives it its id.
public struct ItemDraft: Sendable, Codable, Equatable {
  /// The id the device made.
  public var id: ItemID
  /// What to buy, before trimming.
  public var text: String
  /// A quantity or a note.
  public var note: String?
  /// The meal whose ingredient line it is, when it came from one.
  public var fromMeal: CardID?

  /// An item to add.
  public init(id: ItemID, text: String, note: String? = nil, fromMeal: CardID? = nil) {
    self.id = id
    self.text = text
    self.note = note
    self.fromMeal = fromMeal
  }
}
