import Foundation

extension Writes {
  /// A household made with the writer its first member, under the id its entry names (the
  /// device made it): it waits offline like any write (AC-OFF-12).
  package struct CreateHousehold: WriteKind {
    /// The household's name.
    package var name: String
    /// The household's zone, an IANA identifier.
    package var timeZone: String
    /// The maker's name in it.
    package var displayName: String

    package var tag: String { "household-create" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .none }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite {
      .createHousehold(name: name, timeZone: timeZone, displayName: displayName)
    }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      let creation = try BackendOperations.createHousehold(
        name: name, timeZone: timeZone, displayName: displayName, id: home, actor: actor,
        storage: &storage, now: now, random: &random)
      return .applied(cards: [], household: creation.household)
    }

    package func make(on device: Device) async throws {
      _ = try await device.makeHousehold(name: name, timeZone: timeZone, displayName: displayName)
    }

    package func words(_ names: WriteNames) -> WriteWords {
      WriteWords(
        english: .init(noun: "new household", line: "make the household '\(name)'"),
        traditionalChinese: .init(noun: "新的家", line: "建立「\(name)」這個家"))
    }
  }
}
