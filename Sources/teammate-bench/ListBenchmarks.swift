import Foundation
import TeammateKit
import TeammateSQLite
import TeammateSystem

/// The shopping list on a store file: a partner's sync with 2,000 items (half of them got)
/// beside the same sync with 2,000 cards, with nothing new and with 100 new; and the merge on
/// add at two sizes of the list, which the index on the folded text keeps constant.
func listBenchmarks(folder: String) async throws -> [Measurement] {
  var rows: [Measurement] = []
  var serial = 0
  func store() throws -> SQLiteBackend {
    serial += 1
    return try SQLiteBackend(
      path: (folder as NSString).appendingPathComponent("list-\(serial).sqlite"),
      clock: SystemWallClock(), random: SeededRandomNumberGenerator(seed: 7))
  }

  // Cards alone: the floor each list row is compared with.
  let cards = try store()
  let (alicesCards, bobsCards) = try await devicePair(cards)
  guard let home = await alicesCards.state.householdID else { return rows }
  _ = try await cards.addCards(
    (0..<2_000).map { CardDraft(title: "Card \($0)") }, to: home, as: "alice")
  _ = try await bobsCards.sync()
  rows.append(
    try await measure("sync, nothing new: 2,000 cards", count: 2_000, runs: 15, setup: {}) {
      _ = try await bobsCards.sync()
    })
  rows.append(
    try await measure(
      "sync, 100 new cards (beside 2,000)", count: 100, runs: 9,
      setup: {
        _ = try await cards.addCards(
          (0..<100).map { CardDraft(title: "New \($0)") }, to: home, as: "alice")
      }
    ) { _ = try await bobsCards.sync() })

  // The list: 2,000 items, half of them got.
  let (alice, bob) = try await devicePair(try store())
  let items = try await alice.addItems((0..<2_000).map { "Item \($0)" })
  _ = try await alice.getItems(items.prefix(1_000).map(\.id))
  _ = try await bob.sync()
  rows.append(
    try await measure("sync, nothing new: 2,000 items", count: 2_000, runs: 15, setup: {}) {
      _ = try await bob.sync()
    })
  var batch = 0
  rows.append(
    try await measure(
      "sync, 100 new items (beside 2,000)", count: 100, runs: 9,
      setup: {
        batch += 1
        _ = try await alice.addItems((0..<100).map { "New \(batch) \($0)" })
      }
    ) { _ = try await bob.sync() })

  // The merge on add: one needed text added to again, on lists of 2,000 and 20,000 items.
  for size in [2_000, 20_000] {
    let (adder, _) = try await devicePair(try store())
    _ = try await adder.addItems((0..<size).map { "Thing \($0)" })
    _ = try await adder.addItem("milk")
    rows.append(
      try await measure(
        "add merging into 'milk', list of \(size)", count: size, runs: 25, setup: {}
      ) { _ = try await adder.addItem(" Milk ") })
  }
  return rows
}
