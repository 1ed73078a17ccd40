import Foundation

extension Writes {
  /// Every got item off the list.
  package struct ClearGotItems: WriteKind {
    /// Every got item, whichever they are when it lands.
    package init() {}

    package var tag: String { "list-clear-got" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .clearGotItems
    }

    /// NB: the items come back in the changes the write appended.
    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let got = try storage.items(on: ShoppingRules.mainList, in: home)
      for cleared in ShoppingRules.clearGot(got, by: actor, now: now) {
        try storage.putItem(cleared)
        try BackendOperations.record(
          .itemCleared, in: home, by: actor, now: now, item: cleared, storage: &storage)
      }
      return .landed([])
    }

    package func make(on device: Device) async throws {
      _ = try await device.clearGotItems()
    }

    package func words(_ names: WriteNames) -> WriteWords {
      return WriteWords(
        english: .init(noun: "clearing", line: "clear the got items"),
        traditionalChinese: .init(noun: "清除", line: "清除已買的東西"))
    }
  }
}
