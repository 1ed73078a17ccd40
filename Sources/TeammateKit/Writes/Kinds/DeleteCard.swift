import Foundation

extension Writes {
  /// A card deleted; either member may restore it.
  package struct DeleteCard: WriteKind {
    package var id: CardID

    package var tag: String { "delete" }
    package var cardID: CardID? { id }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .named([id]) }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { .deleteCard(id) }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      .landed([try BackendOperations.deleteCard(id, actor: actor, storage: &storage, now: now)])
    }

    package func make(on device: Device) async throws { _ = try await device.deleteCard(id) }

    package func words(_ names: WriteNames) -> WriteWords {
      let title = names.title(id)
      return WriteWords(
        english: .init(noun: "deletion", line: "delete '\(title)'"),
        traditionalChinese: .init(noun: "刪除", line: "刪除「\(title)」"))
    }
  }
}
