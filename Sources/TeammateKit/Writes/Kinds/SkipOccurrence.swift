import Foundation

extension Writes {
  /// A repeating card moves on to its next occurrence without being completed.
  package struct SkipOccurrence: WriteKind {
    package var id: CardID

    package var tag: String { "skip" }
    package var cardID: CardID? { id }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .named([id]) }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { .skipOccurrence(id) }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      .landed([try BackendOperations.skipCard(id, actor: actor, storage: &storage, now: now)])
    }

    package func make(on device: Device) async throws { _ = try await device.skip(id) }

    package func words(_ names: WriteNames) -> WriteWords {
      let title = names.title(id)
      return WriteWords(
        english: .init(noun: "skip", line: "skip the occurrence of '\(title)'"),
        traditionalChinese: .init(noun: "略過", line: "略過「\(title)」這一次"))
    }
  }
}
