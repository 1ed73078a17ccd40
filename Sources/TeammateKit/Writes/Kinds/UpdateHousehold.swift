import Foundation

extension Writes {
  /// The household renamed, or moved to another time zone (AC-WRITE-04): a write like any
  /// other, at most once, waiting offline.
  package struct UpdateHousehold: WriteKind {
    /// The name as typed; nil keeps it.
    package var name: String?
    /// The zone's identifier; nil keeps it.
    package var timeZone: String?

    package var tag: String { "household" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .updateHousehold(name: name, timeZone: timeZone)
    }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let household = try BackendOperations.updateHousehold(
        home, name: name, timeZone: timeZone, actor: actor, storage: &storage, now: now)
      return .applied(cards: [], household: household)
    }

    package func make(on device: Device) async throws {
      _ = try await device.updateHousehold(name: name, timeZone: timeZone)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      let english = [
        name.map { "rename the household '\($0)'" },
        timeZone.map { "move the household to the time zone \($0)" },
      ].compactMap { $0 }
      let chinese = [name.map { "把家改名為「\($0)」" }, timeZone.map { "把家的時區改為 \($0)" }]
        .compactMap { $0 }
      return WriteWords(
        english: .init(
          noun: "household change",
          line: english.isEmpty ? "change the household" : english.joined(separator: " and ")),
        traditionalChinese: .init(
          noun: "家的修改", line: chinese.isEmpty ? "修改家" : chinese.joined(separator: "，")))
    }
  }
}

extension Device {
  /// Renames the household or moves it to another time zone (nil keeps a value), for both
  /// partners: a write like any other, which waits offline and shows at once.
  public func updateHousehold(name: String? = nil, timeZone: String? = nil) async throws
    -> Household
  {
    try await householdAfter(.updateHousehold(name: name, timeZone: timeZone))
  }
}
