import Foundation

extension Writes {
  /// Items bought, by the ids the device saw, in the shop the person was in (nil: none
  /// named), which teaches the shop's order (AC-LIST-19).
  package struct GetItems: WriteKind {
    /// The items got.
    package var ids: [ItemID]
    /// The shop the person was in, if they named one.
    package var shop: String?

    package var tag: String { "list-got" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { ids }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .getItems(ids.map { names[$0] ?? $0 }, shop: shop)
    }

    /// NB: the items come back in the changes the write appended.
    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      for id in ids {
        try BackendOperations.changeItem(
          id, .itemGot, in: home, actor: actor, storage: &storage, now: now
        ) { item throws(TeammateError) in try ShoppingRules.get(item, by: actor, now: now, in: shop)
        }
      }
      return .landed([])
    }

    package func make(on device: Device) async throws {
      _ = try await device.getItems(ids)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let things = ids.map(names.text)
      return WriteWords(
        english: .init(
          noun: "check-off", line: "got " + things.map { "'\($0)'" }.joined(separator: ", ")),
        traditionalChinese: .init(
          noun: "買到", line: "買到" + things.map { "「\($0)」" }.joined(separator: "、")))
    }
  }
}
