import Foundation

extension Writes {
  /// The writer's own display name or notification settings, as a member (AC-WRITE-04).
  package struct UpdateMember: WriteKind {
    /// The name the partner sees, as typed; nil keeps it.
    package var displayName: String?
    /// The settings as they will be; nil keeps them.
    package var settings: NotificationSettings?

    package var tag: String { "member" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .updateMember(displayName: displayName, settings: settings)
    }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let household = try BackendOperations.updateMember(
        in: home, displayName: displayName, settings: settings, actor: actor, storage: &storage,
        now: now)
      return .applied(cards: [], household: household)
    }

    package func make(on device: Device) async throws {
      _ = try await device.updateMember(displayName: displayName, settings: settings)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let english = [
        displayName.map { "change your name to '\($0)'" },
        settings.map { _ in "change your notification settings" },
      ].compactMap { $0 }
      let chinese = [displayName.map { "把你的名字改為「\($0)」" }, settings.map { _ in "修改你的提醒設定" }]
        .compactMap { $0 }
      return WriteWords(
        english: .init(
          noun: "profile change",
          line: english.isEmpty ? "change your profile" : english.joined(separator: " and ")),
        traditionalChinese: .init(
          noun: "個人資料修改", line: chinese.isEmpty ? "修改你的個人資料" : chinese.joined(separator: "，")))
    }
  }
}

extension Device {
  /// Changes this member's own display name or notification settings (nil keeps a value).
  public func updateMember(
    displayName: String? = nil, settings: NotificationSettings? = nil
  ) async throws -> Household {
    try await householdAfter(.updateMember(displayName: displayName, settings: settings))
  }
}
