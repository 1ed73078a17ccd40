import Foundation

extension Writes {
  /// The writer's own notification settings.
  package struct UpdateSettings: WriteKind {
    /// The writer's settings as they will be.
    package var settings: NotificationSettings

    package var tag: String { "settings" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .updateSettings(settings)
    }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let household = try BackendOperations.updateMember(
        in: home, displayName: nil, settings: settings, actor: actor, storage: &storage, now: now)
      return .applied(cards: [], household: household)
    }

    package func make(on device: Device) async throws {
      _ = try await device.updateSettings(settings)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      WriteWords(
        english: .init(noun: "settings change", line: "change your notification settings"),
        traditionalChinese: .init(noun: "設定修改", line: "修改你的提醒設定"))
    }
  }
}
