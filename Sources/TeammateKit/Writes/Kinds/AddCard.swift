import Foundation

extension Writes {
  /// A new card; the draft carries the id the device gave it.
  package struct AddCard: WriteKind {
    /// The card as the person made it, with its id.
    package var draft: CardDraft

    package var tag: String { "add" }
    package var cardID: CardID? { draft.id }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { draft.title }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { .addCard(draft) }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      .landed([
        try BackendOperations.addCard(
          draft, to: home, actor: actor, storage: &storage, now: now, random: &random)
      ])
    }

    package func make(on device: Device) async throws { _ = try await device.addCard(draft) }

    package func words(_ names: WriteNames) -> WriteWords {
      guard draft.meal == nil else {
        return WriteWords(
          english: .init(noun: "meal plan", line: "plan \(draft.title)"),
          traditionalChinese: .init(noun: "餐點計畫", line: "計畫「\(draft.title)」"))
      }
      return WriteWords(
        english: .init(noun: "new card", line: "log \(draft.kind.rawValue) '\(draft.title)'"),
        traditionalChinese: .init(
          noun: "新卡片", line: "記錄\(draft.kind.traditionalChineseName)「\(draft.title)」"))
    }
  }
}
