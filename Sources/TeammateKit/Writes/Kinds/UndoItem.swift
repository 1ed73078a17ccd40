import Foundation

extension Writes {
  /// A got item needed again.
  package struct UndoItem: WriteKind {
    package var id: ItemID

    package var tag: String { "list-undo" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [id] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .undoItem(names[id] ?? id)
    }

    /// NB: the items come back in the changes the write appended.
    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let item = try BackendOperations.existingItem(id, in: home, storage: storage)
      let twin = try storage.neededItem(folding: item.text.key, on: item.listID, in: home)
      try BackendOperations.changeItem(
        id, .itemUndone, in: home, actor: actor, storage: &storage, now: now
      ) { item throws(TeammateError) in try ShoppingRules.undo(item, twin: twin) }
      return .landed([])
    }

    package func make(on device: Device) async throws {
      _ = try await device.undoItem(id)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let thing = names.text(id)
      return WriteWords(
        english: .init(noun: "undo", line: "need '\(thing)' again"),
        traditionalChinese: .init(noun: "又要買", line: "又要買「\(thing)」"))
    }
  }
}
