import Foundation

extension Writes {
  /// A deleted card put back.
  package struct RestoreCard: WriteKind {
    package var id: CardID

    package var tag: String { "restore" }
    package var cardID: CardID? { id }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .named([id]) }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { .restoreCard(id) }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      .landed([try BackendOperations.restoreCard(id, actor: actor, storage: &storage, now: now)])
    }

    package func make(on device: Device) async throws { _ = try await device.restoreCard(id) }

    package func words(_ names: WriteNames) -> WriteWords {
      let title = names.title(id)
      return WriteWords(
        english: .init(noun: "restoration", line: "restore '\(title)'"),
        traditionalChinese: .init(noun: "復原", line: "復原「\(title)」"))
    }
  }
}
