import Foundation

extension Writes {
  /// A dish of the pool changed.
  package struct EditDish: WriteKind {
    package var id: DishID
    /// The fields changed.
    package var edit: DishEdit

    package var tag: String { "dish-edit" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { id }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { .editDish(id, edit) }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let household = try BackendOperations.changeDishes(
        .dishEdited, dish: id, in: home, actor: actor, storage: &storage, now: now
      ) { try DishRules.edit(id, with: edit, in: $0) }
      return .applied(cards: [], household: household)
    }

    package func make(on device: Device) async throws {
      _ = try await device.editDish(id, edit)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      WriteWords(
        english: .init(noun: "dish edit", line: "change the dish \(id)"),
        traditionalChinese: .init(noun: "菜色修改", line: "修改菜色 \(id)"))
    }
  }
}
