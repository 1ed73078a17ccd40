import Foundation

/// One entry of a household's ordered change feed, stamped by the backend.
///
/// It carries the whole changed document, so applying it twice or late does no harm: a
/// device keeps, per document, the change with the highest sequence.
public struct Change: Sendable, Codable, Equatable, Identifiable {
  /// Position in the backend's feed; strictly increasing, never reused.
  public var sequence: Int64
  /// The household whose feed it is in.
  public var householdID: HouseholdID
  /// Who made the change.
  public var actor: AccountID
  /// Server time of the change.
  public var at: Date
  /// What changed.
  public var kind: ChangeKind
  /// Whether the partner must know about it: a new card, or a change of title, time or
  /// assignee.
  public var needsKnowing: Bool
  /// The card as it is after the change, for a change to a card.
  public var card: Card?
  /// The household as it is after the change, for a change to it.
  public var household: Household?
  /// For an edit, the fields it changed.
  public var fields: [CardRules.CardField]
  /// The device write it came from, when a device sent it through its outbox.
  public var writeID: WriteID?
  /// For an edit made on an older revision, the partner's values it replaced.
  public var overwritten: [FieldOverwrite]
  /// For a change to the household's dishes, the dish it was to.
  public var dish: DishID?
  /// For a change to a shopping list item, the item as it is after it.
  public var item: ShoppingItem?
  /// For a change of a meal, the act it was (a pick of something no longer offered is a
  /// decision): what the partner's news tells (AC-NEWS-03). Nil in a change stored before.
  public var mealAct: MealChange?

  public var id: Int64 { sequence }

  /// A change with every field given; the backend appends them and gives the sequence.
  public init(
    sequence: Int64, householdID: HouseholdID, actor: AccountID, at: Date, kind: ChangeKind,
    needsKnowing: Bool, card: Card? = nil, household: Household? = nil,
    fields: [CardRules.CardField] = [], writeID: WriteID? = nil,
    overwritten: [FieldOverwrite] = [], dish: DishID? = nil, item: ShoppingItem? = nil,
    mealAct: MealChange? = nil
  ) {
    self.mealAct = mealAct
    self.dish = dish
    self.item = item
    self.sequence = sequence
    self.householdID = householdID
    self.actor = actor
    self.at = at
    self.kind = kind
    self.needsKnowing = needsKnowing
    self.card = card
    self.household = household
    self.fields = fields
    self.writeID = writeID
    self.overwritten = overwritten
  }

  /// The activity event this change gives a viewer, if the partner made it and it needs
  /// knowing.
  public func activity(for viewer: AccountID) -> ActivityEvent? {
    guard actor != viewer, needsKnowing, let card else { return nil }
    return ActivityEvent(
      cardID: card.id, actor: actor,
      action: kind == .cardAdded ? .created : kind == .cardRestored ? .restored : .changed, at: at)
  }
}

/// What a change did.
public enum ChangeKind: String, Sendable, Codable, CaseIterable {
  case householdCreated, householdUpdated, memberJoined, memberLeft, memberUpdated
  /// A member erased their account (AC-PORT-06): the change carries the household without
  /// them, and every change before it names the former member where it named them.
  case accountErased
  case cardAdded, cardEdited, cardAcknowledged, cardCompleted, cardDeleted, cardRestored
  /// A repeating card moved on to its next occurrence without being completed.
  case cardSkipped
  /// The household's pool of dishes changed; the change names the dish and carries the
  /// household.
  case dishAdded, dishEdited, dishRemoved, dishRestored
  /// A shopping list item added (or added to: a merge), got, needed again or cleared; the
  /// change carries the item.
  case itemAdded, itemGot, itemUndone, itemCleared, itemMoved
  /// A meal's part of an item taken back as the meal left its plan (AC-LIST-28): the item
  /// with less on it, or cleared when the part was all of it.
  case itemTakenBack
  /// An item edited in place, what a write that edits an item appends: the change carries
  /// the item as it now is, and is told by what changed, its text, aisle or note (AC-LIST-36).
  case itemEdited
}
