import Foundation

extension Writes {
  /// A dish taken out of the pool; either member may put it back.
  package struct RemoveDish: WriteKind {
    package var id: DishID

    package var tag: String { "dish-remove" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { id }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { .removeDish(id) }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let household = try BackendOperations.changeDishes(
        .dishRemoved, dish: id, in: home, actor: actor, storage: &storage, now: now
      ) { try DishRules.remove(id, from: $0) }
      return .applied(cards: [], household: household)
    }

    package func make(on device: Device) async throws {
      _ = try await device.removeDish(id)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      WriteWords(
        english: .init(noun: "dish removal", line: "remove the dish \(id)"),
        traditionalChinese: .init(noun: "菜色移除", line: "移除菜色 \(id)"))
    }
  }
}
