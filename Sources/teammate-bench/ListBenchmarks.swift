import Foundation
import TeammateKit
import TeammateSQLite
import TeammateSystem
import TeammateTestSupport

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

/// `teammate list --shop costco` against plain `teammate list`, on a store file of 2,000
/// needed items and a year of weekly trips to Costco (2,080 gets): what a shop's order costs
/// the command, cold.
func shopListBenchmarks(folder: String) async throws -> [Measurement] {
  let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let teammate = products.appendingPathComponent("teammate").path
  guard FileManager.default.isExecutableFile(atPath: teammate) else { return [] }
  let clock = ManualWallClock(Date(timeIntervalSince1970: 1_764_547_200))
  let path = (folder as NSString).appendingPathComponent("shop.sqlite")
  let store = try SQLiteBackend(
    path: path, clock: clock, random: SeededRandomNumberGenerator(seed: 46))
  let creation = try await store.createHousehold(
    name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
  let home = creation.household.id
  _ = try await store.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
  var random = SeededRandomNumberGenerator(seed: 47)
  let things = GuessTableSample.things
  var written = 0
  func submit(_ write: DeviceWrite) async throws {
    written += 1
    let entry = OutboxEntry(
      id: WriteID("w-shop-\(written)"), householdID: home, write: write, madeAt: clock.now())
    _ = try await store.submit(entry, as: "bob")
  }
  // NB: a year of Saturdays, forty things got a minute apart in the shop's own order.
  for week in 0..<52 {
    let drafts = (0..<40).map {
      ItemDraft(id: .random(using: &random), text: "\(things[$0 % things.count]) \(week)-\($0)")
    }
    try await submit(.addItems(drafts))
    for draft in drafts {
      clock.advance(by: 60)
      try await submit(.getItems([draft.id], shop: "costco"))
    }
    clock.advance(by: 7 * 86_400 - 40 * 60)
  }
  try await submit(
    .addItems(
      (0..<2_000).map {
        ItemDraft(id: .random(using: &random), text: "\(things[$0 % things.count]) \($0)")
      }))
  _ = try runQuietly(teammate, ["--store", path, "--as", "bob", "list", "--shop", "none"])
  var rows: [Measurement] = []
  for (name, extra) in [
    ("`teammate list`", ["--shop", "none"]), ("`teammate list --shop`", ["--shop", "costco"]),
  ] {
    let arguments = ["--store", path, "--as", "bob", "list"] + extra
    rows.append(
      try await measure("\(name), 2,000 items, a year of gets", count: 2_000, runs: 11, setup: {}) {
        guard try runQuietly(teammate, arguments) else { throw StoreError.notWritable(path) }
      })
  }
  return rows
}

/// Things of every aisle, for lists that walk a shop.
enum GuessTableSample {
  static let things = [
    "apples", "milk", "bread", "chicken", "dumplings", "rice", "coffee", "soap", "diapers",
    "batteries", "onions", "yoghurt", "toast", "salmon", "ice cream", "pasta", "tea", "wipes",
  ]
}
