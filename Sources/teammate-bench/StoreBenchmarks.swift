import Foundation
import TeammateKit
import TeammateSQLite
import TeammateSystem

/// A fresh store file with Alice and Bob's household in a scratch folder.
func freshStore(in folder: String) async throws -> (SQLiteBackend, HouseholdID) {
  let path = (folder as NSString).appendingPathComponent("\(UUID().uuidString).sqlite")
  let store = try SQLiteBackend(
    path: path, clock: SystemWallClock(), random: SeededRandomNumberGenerator(seed: 7))
  let creation = try await store.createHousehold(
    name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
  _ = try await store.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
  return (store, creation.household.id)
}

func drafts(_ count: Int) -> [CardDraft] {
  (0..<count).map {
    CardDraft(
      kind: CardKind.allCases[$0 % 4] == .topic ? .note : CardKind.allCases[$0 % 4],
      title: "Card \($0)")
  }
}

func storeBenchmarks(folder: String) async throws -> [Measurement] {
  var rows: [Measurement] = []
  rows.append(
    try await measure(
      "add cards, one transaction", count: 10_000, runs: 5,
      setup: { try await freshStore(in: folder) }
    ) { store, home in
      keep(try await store.addCards(drafts(10_000), to: home, as: "alice"))
    })

  let (single, singleHome) = try await freshStore(in: folder)
  rows.append(
    try await measure("add one card, own transaction", count: 1, runs: 301, setup: {}) {
      keep(try await single.addCard(CardDraft(title: "One more"), to: singleHome, as: "alice"))
    })

  let (store, home) = try await freshStore(in: folder)
  _ = try await store.addCards(drafts(10_000), to: home, as: "alice")
  rows.append(
    try await measure("list cards", count: 10_000, setup: {}) {
      keep(try await store.cards(in: home, as: "bob"))
    })
  rows.append(
    try await measure("pull changes", count: 10_000, setup: {}) {
      keep(try await store.changes(in: home, after: 0, limit: 20_000, as: "bob"))
    })
  rows.append(
    try await measure("pending from the store", count: 10_000, setup: {}) {
      let cards = try await store.cards(in: home, as: "bob")
      keep(AcknowledgementRules.pending(cards: cards, viewer: "bob"))
    })
  return rows
}
