import Foundation

extension Writes {
  /// Items off the list for good.
  package struct ClearItems: WriteKind {
    /// The items cleared.
    package var ids: [ItemID]

    package var tag: String { "list-clear" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { ids }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .clearItems(ids.map { names[$0] ?? $0 })
    }

    /// NB: the items come back in the changes the write appended.
    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      for id in ids {
        try BackendOperations.changeItem(
          id, .itemCleared, in: home, actor: actor, storage: &storage, now: now
        ) { item throws(TeammateError) in try ShoppingRules.clear(item, by: actor, now: now) }
      }
      return .landed([])
    }

    package func make(on device: Device) async throws {
      _ = try await device.clearItems(ids)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let things = ids.map(names.text)
      return WriteWords(
        english: .init(
          noun: "clearing", line: "clear " + things.map { "'\($0)'" }.joined(separator: ", ")),
        traditionalChinese: .init(
          noun: "清除", line: "清除" + things.map { "「\($0)」" }.joined(separator: "、")))
    }
  }
}
