import Foundation

extension Writes {
  /// Completes a card, or reopens it.
  package struct SetDone: WriteKind {
    package var id: CardID
    /// Done, or open again.
    package var done: Bool

    package var tag: String { done ? "done" : "undone" }
    package var cardID: CardID? { id }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .named([id]) }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .setDone(id, done: done)
    }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      .landed([
        try BackendOperations.setCardDone(id, done: done, actor: actor, storage: &storage, now: now)
      ])
    }

    package func make(on device: Device) async throws {
      _ = try await device.setDone(id, done: done)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let title = names.title(id)
      return WriteWords(
        english: .init(
          noun: (done ? "completion" : "reopening"),
          line: (done ? "complete " : "reopen ") + "'\(title)'"),
        traditionalChinese: .init(
          noun: (done ? "完成" : "重新打開"), line: (done ? "完成" : "重新打開") + "「\(title)」"))
    }
  }
}
