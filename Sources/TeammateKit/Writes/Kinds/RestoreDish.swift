import Foundation

extension Writes {
  /// A removed dish put back in the pool.
  package struct RestoreDish: WriteKind {
    package var id: DishID

    package var tag: String { "dish-restore" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { id }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { .restoreDish(id) }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let household = try BackendOperations.changeDishes(
        .dishRestored, dish: id, in: home, actor: actor, storage: &storage, now: now
      ) { try DishRules.restore(id, in: $0) }
      return .applied(cards: [], household: household)
    }

    package func make(on device: Device) async throws {
      _ = try await device.restoreDish(id)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      WriteWords(
        english: .init(noun: "dish restoration", line: "restore the dish \(id)"),
        traditionalChinese: .init(noun: "菜色復原", line: "復原菜色 \(id)"))
    }
  }
}
