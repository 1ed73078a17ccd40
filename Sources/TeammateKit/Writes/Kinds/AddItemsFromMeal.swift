import Foundation

extension Writes {
  /// A decided meal's ingredient lines on the list, with ids for the lines not there yet.
  package struct AddItemsFromMeal: WriteKind {
    /// The decided meal whose dish's ingredients go on the list.
    package var meal: CardID
    /// The ids for the lines not on the list yet, in order.
    package var ids: [ItemID]

    package var tag: String { "list-from-meal" }
    package var cardID: CardID? { meal }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { ids }
    package var title: String? { nil }
    package var reads: CardsRead { .named([meal]) }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .addItemsFromMeal(meal, ids: ids)
    }

    /// NB: the items come back in the changes the write appended.
    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let card = try BackendOperations.existingCard(meal, in: storage)
      let household = try BackendOperations.existingHousehold(home, in: storage)
      let drafts = try ShoppingRules.fromMeal(
        card, household: household,
        items: try storage.items(on: ShoppingRules.mainList, in: home), ids: ids)
      try BackendOperations.addItems(drafts, to: home, actor: actor, storage: &storage, now: now)
      return .landed([])
    }

    package func make(on device: Device) async throws {
      _ = try await device.addItemsFromMeal(meal)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let title = names.title(meal)
      return WriteWords(
        english: .init(
          noun: "addition to the list", line: "put the ingredients of '\(title)' on the list"),
        traditionalChinese: .init(noun: "加進清單", line: "把「\(title)」的材料加進購物清單"))
    }
  }
}
