import Foundation

/// One write a device makes, as it waits in the outbox and as the backend receives it.
public enum DeviceWrite: Sendable, Codable, Equatable {
  /// A new card; the draft carries the id the device gave it.
  case addCard(CardDraft)
  /// An edit made on `baseRevision`, the card's revision as the backend last sent it (nil:
  /// as the card is when it arrives).
  case editCard(CardID, CardEdit, baseRevision: Int?)
  /// Acknowledgements at the revisions the device saw.
  case acknowledge([CardRevision])
  /// Whatever is pending at the backend when the write arrives (online only: offline, the
  /// device acknowledges what it saw, by revision).
  case acknowledgePending
  case setDone(CardID, done: Bool)
  /// A repeating card moves on to its next occurrence without being completed.
  case skipOccurrence(CardID)
  case deleteCard(CardID)
  case restoreCard(CardID)
  case updateSettings(NotificationSettings)
  /// A meal proposed, picked, decided, skipped, moved or given a cook, made on
  /// `baseRevision` (nil: as the meal is when it arrives).
  case changeMeal(CardID, MealChange, baseRevision: Int?)
  /// A dish added to the household's pool, with the id the device made.
  case addDish(DishDraft)
  case editDish(DishID, DishEdit)
  case removeDish(DishID)
  case restoreDish(DishID)
  /// The household's meal times and the days a dish rests.
  case updateMealSettings(MealSettings)
  /// Items put on the household's list, each with the id the device made: a text needed
  /// already merges into its item.
  case addItems([ItemDraft])
  /// Items bought, by the ids the device saw, in the shop the person was in (nil: none
  /// named), which teaches the shop's order (AC-LIST-19).
  case getItems([ItemID], shop: String? = nil)
  /// A got item needed again.
  case undoItem(ItemID)
  /// An item listed under another aisle (AC-LIST-21).
  case moveItem(ItemID, to: ItemCategory)
  /// Items off the list for good.
  case clearItems([ItemID])
  /// Every got item off the list.
  case clearGotItems
  /// A decided meal's ingredient lines on the list, with ids for the lines not there yet.
  case addItemsFromMeal(CardID, ids: [ItemID])
  /// A household made with the writer its first member, under the id its entry names (the
  /// device made it): it waits offline like any write (AC-OFF-12).
  case createHousehold(name: String, timeZone: String, displayName: String)
  /// An item given another text, as typed (AC-LIST-37); `from`, its text as the device showed
  /// it then, names it in the outbox (the rules never read it).
  case renameItem(ItemID, to: String, from: String? = nil)
  /// The household renamed or moved to another time zone; nil keeps a value (AC-WRITE-04).
  case updateHousehold(name: String?, timeZone: String?)
  /// The writer's own display name or notification settings; nil keeps a value.
  case updateMember(displayName: String?, settings: NotificationSettings?)

  /// Everything about the write, in its kind's own file (`Writes`): the one switch over
  /// writes, so a new case is named here and its kind must fill every requirement.
  package var kind: any WriteKind {
    switch self {
    case .addCard(let draft): Writes.AddCard(draft: draft)
    case .editCard(let id, let edit, let base): Writes.EditCard(id: id, edit: edit, base: base)
    case .acknowledge(let seen): Writes.Acknowledge(seen: seen)
    case .acknowledgePending: Writes.AcknowledgePending()
    case .setDone(let id, let done): Writes.SetDone(id: id, done: done)
    case .skipOccurrence(let id): Writes.SkipOccurrence(id: id)
    case .deleteCard(let id): Writes.DeleteCard(id: id)
    case .restoreCard(let id): Writes.RestoreCard(id: id)
    case .updateSettings(let settings): Writes.UpdateSettings(settings: settings)
    case .changeMeal(let id, let change, let base):
      Writes.ChangeMeal(id: id, change: change, base: base)
    case .addDish(let draft): Writes.AddDish(draft: draft)
    case .editDish(let id, let edit): Writes.EditDish(id: id, edit: edit)
    case .removeDish(let id): Writes.RemoveDish(id: id)
    case .restoreDish(let id): Writes.RestoreDish(id: id)
    case .updateMealSettings(let settings): Writes.UpdateMealSettings(settings: settings)
    case .addItems(let drafts): Writes.AddItems(drafts: drafts)
    case .getItems(let ids, let shop): Writes.GetItems(ids: ids, shop: shop)
    case .undoItem(let id): Writes.UndoItem(id: id)
    case .moveItem(let id, let category): Writes.MoveItem(id: id, category: category)
    case .clearItems(let ids): Writes.ClearItems(ids: ids)
    case .clearGotItems: Writes.ClearGotItems()
    case .addItemsFromMeal(let meal, let ids): Writes.AddItemsFromMeal(meal: meal, ids: ids)
    case .createHousehold(let name, let timeZone, let displayName):
      Writes.CreateHousehold(name: name, timeZone: timeZone, displayName: displayName)
    case .renameItem(let id, let text, let from): Writes.RenameItem(id: id, text: text, from: from)
    case .updateHousehold(let name, let timeZone):
      Writes.UpdateHousehold(name: name, timeZone: timeZone)
    case .updateMember(let displayName, let settings):
      Writes.UpdateMember(displayName: displayName, settings: settings)
    }
  }

  /// The card the write is about, when it is about one.
  public var cardID: CardID? { kind.cardID }

  /// The dish the write is about, when it is about one.
  public var dishID: DishID? { kind.dishID }

  /// The list items the write names, as the device knew them.
  public var itemIDs: [ItemID] { kind.itemIDs }

  /// The same write naming items by the ids the backend answered with: an item this device
  /// made that merged into the partner's is the partner's from then on.
  func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { kind.renamingItems(names) }

  /// The card the write changes, when it is about one that exists already.
  var existingCardID: CardID? {
    if case .addCard = self { return nil }
    return cardID
  }

  /// The title of the card a new-card write makes, or the first text an add to the list puts
  /// on it.
  var title: String? { kind.title }
}

/// The kinds of write, a type each in a file of its own (`WriteKind`).
package enum Writes {}
