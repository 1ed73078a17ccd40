import Foundation

extension Writes {
  /// An item given another text, in its aisle (AC-LIST-37): told to the partner as a rename.
  package struct RenameItem: WriteKind {
    package var id: ItemID
    /// The text as typed.
    package var text: String
    /// Its text as the device showed it when the write was made: what the outbox names it by,
    /// since the device's view already shows the new text.
    package var from: String?

    package var tag: String { "list-rename" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [id] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .renameItem(names[id] ?? id, to: text, from: from)
    }

    /// NB: the items come back in the changes the write appended.
    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let named = try ItemText(text)
      let item = try BackendOperations.existingItem(id, in: home, storage: storage)
      let twin = try storage.neededItem(folding: named.key, on: item.listID, in: home)
      try BackendOperations.changeItem(
        id, .itemEdited, in: home, actor: actor, storage: &storage, now: now
      ) { item throws(TeammateError) in try Self.renamed(item, to: named, twin: twin) }
      return .landed([])
    }

    /// The rule: a cleared item stays as it is, and one thing is needed once, so a text that
    /// names another needed item's thing is refused. The same text changes nothing.
    static func renamed(_ item: ShoppingItem, to text: ItemText, twin: ShoppingItem?)
      throws(TeammateError) -> ShoppingItem
    {
      try ShoppingRules.checkNotCleared(item)
      if let twin, twin.id != item.id { throw .itemTextTaken(twin.text.text) }
      guard text.text != item.text.text else { return item }
      return ShoppingRules.changed(item) { $0.text = text }
    }

    package func make(on device: Device) async throws {
      _ = try await device.renameItem(id, to: text)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let thing = from ?? names.text(id)
      return WriteWords(
        english: .init(noun: "rename", line: "rename '\(thing)' to '\(text)'"),
        traditionalChinese: .init(noun: "改名", line: "把「\(thing)」改名為「\(text)」"))
    }
  }
}

extension Device {
  /// Gives an item another text (AC-LIST-37), for both partners; it stays in its aisle. The
  /// partner is told. A text naming another needed item's thing is refused.
  public func renameItem(_ id: ItemID, to text: String) async throws -> ShoppingItem {
    try await inTurn {
      let shown = view.items[id]?.text.text
      guard let item = try await items(after: .renameItem(id, to: text, from: shown)).first else {
        throw TeammateError.itemNotFound(id)
      }
      return item
    }
  }
}
