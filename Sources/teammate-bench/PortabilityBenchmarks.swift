import Foundation
import TeammateKit
import TeammatePostgres
import TeammateSQLite
import TeammateSystem
import TeammateTestHarness
import TeammateTestSupport

/// A household's export and import (issue 45) beside the store's own plain dump and load of
/// the same rows: 10,000 cards, two years of meals and 2,000 list items.
func portabilityBenchmarks(folder: String, server: BenchServer?) async throws -> [Measurement] {
  let clock = FixedWallClock(Fixtures.start)
  let path = (folder as NSString).appendingPathComponent("portable.sqlite")
  let store = try SQLiteBackend(
    path: path, clock: clock, random: SeededRandomNumberGenerator(seed: 45))
  let home = try await fullHousehold(in: store)
  var rows: [Measurement] = []
  let document = try await store.exportHousehold(home, as: "alice")
  let bytes = try document.encoded()
  rows.append(
    try await measure("export a household, SQLite", count: 10_000, runs: 5, setup: {}) {
      _ = try await store.exportHousehold(home, as: "alice").encoded()
    })
  // NB: the export's two halves, reading the store and writing the document, apart.
  rows.append(
    try await measure("  its reading of the store", count: 10_000, runs: 5, setup: {}) {
      _ = try await store.exportHousehold(home, as: "alice")
    })
  rows.append(
    try await measure("  its writing of the document", count: 10_000, runs: 5, setup: {}) {
      _ = try document.encoded()
    })
  var made = 0
  rows.append(
    try await measure(
      "import a household, SQLite", count: 10_000, runs: 5,
      setup: { () -> SQLiteBackend in
        made += 1
        return try SQLiteBackend(
          path: (folder as NSString).appendingPathComponent("imported-\(made).sqlite"),
          clock: clock)
      }
    ) { empty in
      try await empty.importHousehold(try HouseholdDocument(decoding: bytes), as: "alice")
    })
  let shell = "/usr/bin/sqlite3"
  if FileManager.default.isExecutableFile(atPath: shell) {
    let dump = (folder as NSString).appendingPathComponent("portable.sql")
    rows.append(
      try await measure("sqlite3 .dump of the store (floor)", count: 10_000, runs: 5, setup: {}) {
        guard try runQuietly(shell, [path, ".output \(dump)", ".dump"]) else {
          throw StoreError.notWritable(path)
        }
      })
    rows.append(
      try await measure(
        "sqlite3 .read of the dump (floor)", count: 10_000, runs: 5,
        setup: { () -> String in
          made += 1
          return (folder as NSString).appendingPathComponent("read-\(made).sqlite")
        }
      ) { target in
        guard try runQuietly(shell, [target, ".read \(dump)"]) else {
          throw StoreError.notWritable(target)
        }
      })
  }
  if let server { rows += try await serverPortability(server, bytes: bytes, folder: folder) }
  return rows
}

/// The same household's export and import on a PostgreSQL server (the operator imports),
/// beside `pg_dump` and `psql` of its database.
func serverPortability(_ server: BenchServer, bytes: Data, folder: String) async throws
  -> [Measurement]
{
  let clock = FixedWallClock(Fixtures.start)
  let url = try server.store("portable")
  let document = try HouseholdDocument(decoding: bytes)
  let service = try PostgresBackend(url: url, clock: clock)
  try await service.importHousehold(document, as: "alice")
  var rows: [Measurement] = []
  rows.append(
    try await measure("export a household, PostgreSQL", count: 10_000, runs: 5, setup: {}) {
      _ = try await service.exportHousehold(document.household.id, as: "alice").encoded()
    })
  var made = 0
  rows.append(
    try await measure(
      "import a household, PostgreSQL", count: 10_000, runs: 5,
      setup: { () -> PostgresBackend in
        made += 1
        return try PostgresBackend(url: try server.store("portable\(made)"), clock: clock)
      }
    ) { empty in
      try await empty.importHousehold(try HouseholdDocument(decoding: bytes), as: "alice")
    })
  let tools = try postgresTools()
  let dump = (folder as NSString).appendingPathComponent("portable.pgsql")
  rows.append(
    try await measure("pg_dump of the store (floor)", count: 10_000, runs: 5, setup: {}) {
      _ = try ThrowawayCluster.output(of: tools + "pg_dump", ["-f", dump, url])
    })
  rows.append(
    try await measure(
      "psql of the dump (floor)", count: 10_000, runs: 5,
      setup: { () -> String in
        made += 1
        return try emptyDatabase("read\(made)", on: server, tools: tools)
      }
    ) { target in
      _ = try ThrowawayCluster.output(of: tools + "psql", ["-q", "-f", dump, target])
    })
  return rows
}

/// Alice and Bob's household in `store`: 10,000 cards, a meal each slot of two years and
/// 2,000 things on the list; its id.
func fullHousehold(in store: SQLiteBackend) async throws -> HouseholdID {
  let creation = try await store.createHousehold(
    name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
  let home = creation.household.id
  _ = try await store.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
  _ = try await store.addCards(drafts(10_000), to: home, as: "alice")
  let first = MealDay(containing: Fixtures.start, in: TimeZone(identifier: "Asia/Taipei") ?? .gmt)
    .adding(days: -730)
  let meals = (0..<730).flatMap { offset in
    MealSlot.allCases.map { slot in
      CardDraft.meal(
        Meal(day: first.adding(days: offset), slot: slot, state: .decided(.text("rice \(offset)"))))
    }
  }
  _ = try await store.addCards(meals, to: home, as: "bob")
  var random = SeededRandomNumberGenerator(seed: 46)
  let things = (0..<2_000).map { ItemDraft(id: .random(using: &random), text: "thing \($0)") }
  let entry = OutboxEntry(
    id: "w-portable-items", householdID: home, write: .addItems(things), madeAt: Fixtures.start)
  _ = try await store.submit(entry, as: "alice")
  return home
}

/// The folder of the newest PostgreSQL's tools on this machine.
func postgresTools() throws -> String {
  try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")
    .sorted().last.map { "/usr/lib/postgresql/\($0)/bin/" } ?? ""
}

/// A new empty database `name` on the benchmark's server; its URL.
func emptyDatabase(_ name: String, on server: BenchServer, tools: String) throws -> String {
  _ = try ThrowawayCluster.output(
    of: tools + "psql", ["-q", "-c", "CREATE DATABASE \(name)", server.url])
  guard var components = URLComponents(string: server.url) else { return server.url }
  components.path = "/" + name
  return components.string ?? server.url
}
