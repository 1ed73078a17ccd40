import TeammateKit

/// The words for a device's waiting writes and for what did not land.
enum OutboxText {
  /// "edit", "acknowledgement"…: what a write is, as a noun.
  static func noun(_ write: DeviceWrite) -> String {
    switch write {
    case .addCard(let draft): draft.meal == nil ? "new card" : "meal plan"
    case .editCard: "edit"
    case .acknowledge, .acknowledgePending: "acknowledgement"
    case .setDone(_, let done): done ? "completion" : "reopening"
    case .skipOccurrence: "skip"
    case .deleteCard: "deletion"
    case .restoreCard: "restoration"
    case .updateSettings: "settings change"
    case .changeMeal(_, let change, _): MealText.noun(change)
    case .addDish: "new dish"
    case .editDish: "dish edit"
    case .removeDish: "dish removal"
    case .restoreDish: "dish restoration"
    case .updateMealSettings: "meal times change"
    case .addItems, .addItemsFromMeal: "addition to the list"
    case .getItems: "check-off"
    case .undoItem: "undo"
    case .moveItem: "move to another aisle"
    case .clearItems, .clearGotItems: "clearing"
    case .createHousehold: "new household"
    }
  }

  /// The write's kind in `--json`.
  static func kind(_ write: DeviceWrite) -> String {
    switch write {
    case .addCard: "add"
    case .editCard: "edit"
    case .acknowledge: "acknowledge"
    case .acknowledgePending: "acknowledge-pending"
    case .setDone(_, let done): done ? "done" : "undone"
    case .skipOccurrence: "skip"
    case .deleteCard: "delete"
    case .restoreCard: "restore"
    case .updateSettings: "settings"
    case .changeMeal(_, let change, _): "meal-" + MealText.kind(change)
    case .addDish: "dish-add"
    case .editDish: "dish-edit"
    case .removeDish: "dish-remove"
    case .restoreDish: "dish-restore"
    case .updateMealSettings: "meal-times"
    case .addItems: "list-add"
    case .getItems: "list-got"
    case .undoItem: "list-undo"
    case .moveItem: "list-move"
    case .clearItems: "list-clear"
    case .clearGotItems: "list-clear-got"
    case .addItemsFromMeal: "list-from-meal"
    case .createHousehold: "household-create"
    }
  }

  /// `outbox`'s one line for a waiting write: "acknowledge 'Checkup' (revision 1)".
  static func line(
    _ write: DeviceWrite, title: (CardID) -> String, text: (ItemID) -> String = \.rawValue
  ) -> String {
    func named(_ id: CardID) -> String { "'\(TerminalText.visible(title(id)))'" }
    func items(_ ids: [ItemID]) -> String {
      ids.map { "'\(TerminalText.visible(text($0)))'" }.joined(separator: ", ")
    }
    switch write {
    case .addCard(let draft) where draft.meal != nil:
      return "plan \(TerminalText.visible(draft.title))"
    case .addCard(let draft):
      return "log \(draft.kind.rawValue) '\(TerminalText.visible(draft.title))'"
    case .editCard(let id, let edit, _):
      let fields = [
        edit.title != .keep ? "title" : nil, edit.note != .keep ? "note" : nil,
        edit.time != .keep ? "time" : nil, edit.assignee != .keep ? "assignee" : nil,
        edit.replyBy != .keep ? "reply-by time" : nil,
        edit.repeatRule != .keep ? "repeat" : nil,
      ].compactMap { $0 }
      return "change the \(fields.joined(separator: ", ")) of \(named(id))"
    case .acknowledge(let seen):
      return "acknowledge "
        + seen.map { "\(named($0.id)) (revision \($0.revision))" }.joined(separator: ", ")
    case .acknowledgePending: return "acknowledge everything pending"
    case .setDone(let id, let done): return (done ? "complete " : "reopen ") + named(id)
    case .skipOccurrence(let id): return "skip the occurrence of \(named(id))"
    case .deleteCard(let id): return "delete \(named(id))"
    case .restoreCard(let id): return "restore \(named(id))"
    case .updateSettings: return "change your notification settings"
    case .changeMeal(let id, let change, _): return "\(MealText.kind(change)) \(named(id))"
    case .addDish(let draft): return "add the dish '\(TerminalText.visible(draft.name))'"
    case .editDish(let id, _): return "change the dish \(id)"
    case .removeDish(let id): return "remove the dish \(id)"
    case .restoreDish(let id): return "restore the dish \(id)"
    case .updateMealSettings: return "change the household's meal times"
    case .addItems(let drafts):
      return "put "
        + drafts.map { "'\(TerminalText.visible($0.text))'" }.joined(separator: ", ")
        + " on the list"
    case .getItems(let ids, _): return "got \(items(ids))"
    case .undoItem(let id): return "need \(items([id])) again"
    case .moveItem(let id, let category):
      return "move \(items([id])) to \(TerminalText.visible(category.rawValue))"
    case .clearItems(let ids): return "clear \(items(ids))"
    case .clearGotItems: return "clear the got items"
    case .addItemsFromMeal(let id, _): return "put the ingredients of \(named(id)) on the list"
    case .createHousehold(let name, _, _):
      return "make the household '\(TerminalText.visible(name))'"
    }
  }

  /// What did not land, in a sentence; `name` gives a member's name, `value` a field value.
  static func conflict(
    _ conflict: SyncConflict, name: (AccountID) -> String, value: (FieldValue) -> String,
    when: (MealDay) -> String, changedBy: AccountID?
  ) -> String {
    let title = "'\(TerminalText.visible(conflict.title ?? conflict.cardID?.rawValue ?? ""))'"
    switch conflict.reason {
    case .refused(let write, .staleAcknowledgement):
      let who = changedBy.map(name) ?? "your partner"
      return "\(who) changed \(title) while you were offline; your \(noun(write)) was of the "
        + "old version: see it with 'teammate card show \(conflict.cardID?.rawValue ?? "ID")'"
    case .refused(let write, .mealSlotTaken(let slot, let day, let by, let standing)):
      return "\(name(by)) had already \(standing.rawValue) \(slot.rawValue) \(when(day)): your "
        + "\(noun(write)) of \(title) did not land"
    case .refused(let write, .itemCleared(let text, let by)):
      return "\(name(by)) had already cleared '\(TerminalText.visible(text))': your "
        + "\(noun(write)) did not land"
    case .refused(let write, .cardDeleted):
      return "\(title) was deleted while you were offline; your \(noun(write)) did not land"
    case .refused(let write, let error):
      return "your \(noun(write)) of \(title) did not land: \(error.description)"
    case .overwritten(let overwrite, let by):
      let fields: [CardRules.CardField: String] = [
        .replyBy: "reply-by time", .meal: "choice", .mealSlot: "day and slot", .cook: "cook",
      ]
      let field = fields[overwrite.field] ?? overwrite.field.rawValue
      return "\(name(by)) also changed the \(field) of \(title), and theirs came later: "
        + "your \(value(overwrite.lost)) was replaced"
    }
  }
}
