import Foundation

extension Writes {
  /// A dish added to the household's pool, with the id the device made.
  package struct AddDish: WriteKind {
    /// The dish as the person made it, with its id.
    package var draft: DishDraft

    package var tag: String { "dish-add" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { draft.id }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { .addDish(draft) }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let household = try BackendOperations.changeDishes(
        .dishAdded, dish: draft.id, in: home, actor: actor, storage: &storage, now: now
      ) { try DishRules.add(draft, to: $0) }
      return .applied(cards: [], household: household)
    }

    package func make(on device: Device) async throws {
      _ = try await device.addDish(
        name: draft.name, note: draft.note, ingredients: draft.ingredients)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      WriteWords(
        english: .init(noun: "new dish", line: "add the dish '\(draft.name)'"),
        traditionalChinese: .init(noun: "新菜色", line: "把「\(draft.name)」加進菜色"))
    }
  }
}
