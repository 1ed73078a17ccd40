import Foundation

extension Writes {
  /// Acknowledgements at the revisions the device saw.
  package struct Acknowledge: WriteKind {
    /// The cards acknowledged, each at the revision the device saw.
    package var seen: [CardRevision]

    package var tag: String { "acknowledge" }
    package var cardID: CardID? { seen.count == 1 ? seen[0].id : nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .named(seen.map(\.id)) }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { .acknowledge(seen) }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      .landed(
        try BackendOperations.acknowledgeCards(seen, actor: actor, storage: &storage, now: now))
    }

    package func make(on device: Device) async throws { _ = try await device.acknowledge(seen) }

    package func words(_ names: WriteNames) -> WriteWords {
      WriteWords(
        english: .init(
          noun: "acknowledgement",
          line: "acknowledge "
            + seen.map { "'\(names.title($0.id))' (revision \($0.revision))" }
            .joined(separator: ", ")),
        traditionalChinese: .init(
          noun: "「知道了」",
          line: "知道"
            + seen.map { "「\(names.title($0.id))」（第 \($0.revision) 版）" }.joined(separator: "、")))
    }
  }

  /// Whatever is pending at the backend when the write arrives (online only: offline, the
  /// device acknowledges what it saw, by revision).
  package struct AcknowledgePending: WriteKind {
    package var tag: String { "acknowledge-pending" }
    package var cardID: CardID? { nil }
    package var dishID: DishID? { nil }
    package var itemIDs: [ItemID] { [] }
    package var title: String? { nil }
    package var reads: CardsRead { .every }
    package func renamingItems(_ names: [ItemID: ItemID]) -> DeviceWrite { .acknowledgePending }

    package func land(
      in home: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
      random: inout some RandomNumberGenerator
    ) throws -> WriteOutcome {
      .landed(
        try BackendOperations.acknowledgePending(
          in: home, actor: actor, storage: &storage, now: now))
    }

    package func make(on device: Device) async throws {
      _ = try await device.acknowledgeAllPending()
    }

    package func words(_ names: WriteNames) -> WriteWords {
      WriteWords(
        english: .init(noun: "acknowledgement", line: "acknowledge everything pending"),
        traditionalChinese: .init(noun: "「知道了」", line: "知道所有待知道的事"))
    }
  }
}
