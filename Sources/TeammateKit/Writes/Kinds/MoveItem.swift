import Foundation

extension Writes {
  /// An item listed under another aisle (AC-LIST-21).
  package struct MoveItem: WriteKind {
    package var id: ItemID
    /// The aisle it moves to.
    package var category: ItemCategory

    package var tag: String { "list-move" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [id] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .moveItem(names[id] ?? id, to: category)
    }

    /// NB: the items come back in the changes the write appended.
    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      try BackendOperations.changeItem(
        id, .itemMoved, in: home, actor: actor, storage: &storage, now: now
      ) { item throws(TeammateError) in try ShoppingRules.move(item, to: category) }
      return .landed([])
    }

    package func make(on device: Device) async throws {
      _ = try await device.moveItem(id, to: category)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let thing = names.text(id)
      return WriteWords(
        english: .init(
          noun: "move to another aisle", line: "move '\(thing)' to \(category.rawValue)"),
        traditionalChinese: .init(
          noun: "換走道", line: "把「\(thing)」移到「\(category.traditionalChineseName)」"))
    }
  }
}
