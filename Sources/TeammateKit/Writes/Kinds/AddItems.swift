import Foundation

extension Writes {
  /// Items put on the household's list, each with the id the device made: a text needed
  /// already merges into its item.
  package struct AddItems: WriteKind {
    /// The things, in the order typed, each with its id.
    package var drafts: [ItemDraft]

    package var tag: String { "list-add" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { drafts.map(\.id) }
    package var title: String? { drafts.first?.text }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .addItems(drafts)
    }

    /// NB: the items come back in the changes the write appended.
    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      try BackendOperations.addItems(drafts, to: home, actor: actor, storage: &storage, now: now)
      return .landed([])
    }

    package func make(on device: Device) async throws {
      for draft in drafts { _ = try await device.addItem(draft.text, note: draft.note) }
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let things = drafts.map(\.text)
      return WriteWords(
        english: .init(
          noun: "addition to the list",
          line: "put " + things.map { "'\($0)'" }.joined(separator: ", ") + " on the list"),
        traditionalChinese: .init(
          noun: "加進清單", line: "把" + things.map { "「\($0)」" }.joined(separator: "、") + "加進購物清單"))
    }
  }
}
