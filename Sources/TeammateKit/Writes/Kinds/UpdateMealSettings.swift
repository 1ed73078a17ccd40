import Foundation

extension Writes {
  /// The household's meal times and the days a dish rests.
  package struct UpdateMealSettings: WriteKind {
    /// The settings as they will be.
    package var settings: MealSettings

    package var tag: String { "meal-times" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .updateMealSettings(settings)
    }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let household = try BackendOperations.updateMealSettings(
        in: home, settings, actor: actor, storage: &storage, now: now)
      return .applied(cards: [], household: household)
    }

    package func make(on device: Device) async throws {
      _ = try await device.updateMealSettings(settings)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      WriteWords(
        english: .init(noun: "meal times change", line: "change the household's meal times"),
        traditionalChinese: .init(noun: "餐點時間修改", line: "修改家裡的用餐時間"))
    }
  }
}
