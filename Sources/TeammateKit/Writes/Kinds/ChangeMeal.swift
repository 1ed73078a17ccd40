import Foundation

extension Writes {
  /// A meal proposed, picked, decided, skipped, moved or given a cook, made on `base` (nil:
  /// as the meal is when it arrives).
  package struct ChangeMeal: WriteKind {
    package var id: CardID
    /// What is done to the meal.
    package var change: MealChange
    /// The meal's revision as the device last saw it.
    package var base: Int?

    package var tag: String { "meal-" + change.englishVerb }
    package var cardID: CardID? { id }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .named([id]) }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .changeMeal(id, change, baseRevision: base)
    }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let outcome = try BackendOperations.changeMeal(
        id, change, baseRevision: base, actor: actor, storage: &storage, now: now)
      return .applied(cards: [outcome.card], household: nil, edit: outcome)
    }

    package func make(on device: Device) async throws {
      _ = try await device.changeMeal(id, change)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let title = names.title(id)
      return WriteWords(
        english: .init(noun: change.englishNoun, line: "\(change.englishVerb) '\(title)'"),
        traditionalChinese: .init(
          noun: change.traditionalChineseNoun, line: "\(change.traditionalChineseNoun)「\(title)」"))
    }
  }
}

extension MealChange {
  /// What the change does, as a verb: `propose`, `pick`, `cook`.
  package var englishVerb: String {
    switch self {
    case .propose: "propose"
    case .pick: "pick"
    case .decide: "decide"
    case .skip: "skip"
    case .move: "move"
    case .cook: "cook"
    }
  }

  /// What the change is, as a noun: `proposal`, `cook change`.
  package var englishNoun: String {
    switch self {
    case .propose: "proposal"
    case .pick: "pick"
    case .decide: "decision"
    case .skip: "skip"
    case .move: "move"
    case .cook: "cook change"
    }
  }

  /// 「提議」、「換人煮」: what the change is.
  package var traditionalChineseNoun: String {
    switch self {
    case .propose: "提議"
    case .pick: "選擇"
    case .decide: "決定"
    case .skip: "不吃"
    case .move: "移動"
    case .cook: "換人煮"
    }
  }
}
