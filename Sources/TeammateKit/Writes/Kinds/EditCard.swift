import Foundation

extension Writes {
  /// An edit made on `base`, the card's revision as the backend last sent it (nil: as the
  /// card is when it arrives).
  package struct EditCard: WriteKind {
    package var id: CardID
    /// The fields changed.
    package var edit: CardEdit
    /// The card's revision as the device last saw it.
    package var base: Int?

    package var tag: String { "edit" }
    package var cardID: CardID? { id }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .named([id]) }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .editCard(id, edit, baseRevision: base)
    }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let outcome = try BackendOperations.editCard(
        id, edit, baseRevision: base, actor: actor, storage: &storage, now: now)
      return .applied(cards: [outcome.card], household: nil, edit: outcome)
    }

    package func make(on device: Device) async throws { _ = try await device.editCard(id, edit) }

    package func words(_ names: WriteNames) -> WriteWords {
      let changed: [(Bool, String, String)] = [
        (edit.title != .keep, "title", "標題"), (edit.note != .keep, "note", "備註"),
        (edit.time != .keep, "time", "時間"), (edit.assignee != .keep, "assignee", "對象"),
        (edit.replyBy != .keep, "reply-by time", "回覆期限"),
        (edit.repeatRule != .keep, "repeat", "重複"),
      ].filter(\.0)
      let title = names.title(id)
      return WriteWords(
        english: .init(
          noun: "edit",
          line: "change the \(changed.map(\.1).joined(separator: ", ")) of '\(title)'"),
        traditionalChinese: .init(
          noun: "修改", line: "修改「\(title)」的\(changed.map(\.2).joined(separator: "、"))"))
    }
  }
}
