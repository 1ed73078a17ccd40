import Foundation
import TeammateInMemory
import TeammateKit
import TeammatePostgres
import TeammateSQLite

/// The PostgreSQL server for the benchmark, named by `TEAMMATE_BENCH_POSTGRES`:
/// `TEAMMATE_BENCH_POSTGRES=$(scripts/postgres.sh start) .build/release/teammate-bench`.
struct BenchServer {
  let url: String

  static func start() -> BenchServer? {
    ProcessInfo.processInfo.environment["TEAMMATE_BENCH_POSTGRES"].map { BenchServer(url: $0) }
  }

  /// A store of its own on the server.
  func store(_ name: String) throws -> String {
    try PostgresBackend.createSchema("bench_\(name)_\(getpid())", on: url)
  }
}

/// Alice and Bob's household on a server store.
func freshServerStore(_ url: String, seed: UInt64 = 7) async throws -> (
  PostgresBackend, HouseholdID
) {
  let store = try PostgresBackend(
    url: url, clock: SystemWallClock(), random: SeededRandomNumberGenerator(seed: seed))
  let creation = try await store.createHousehold(
    name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
  _ = try await store.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
  return (store, creation.household.id)
}

/// PostgreSQL beside SQLite: one add, the pending cards, a first sync of 10,000 cards.
func postgresBenchmarks(_ server: BenchServer) async throws -> [Measurement] {
  var rows: [Measurement] = []
  let (single, home) = try await freshServerStore(try server.store("single"))
  rows.append(
    try await measure("add one card, PostgreSQL", count: 1, runs: 301, setup: {}) {
      keep(try await single.addCard(CardDraft(title: "One more"), to: home, as: "alice"))
    })
  let (store, big) = try await freshServerStore(try server.store("big"))
  _ = try await store.addCards(drafts(10_000), to: big, as: "alice")
  rows.append(
    try await measure("pending from PostgreSQL", count: 10_000, setup: {}) {
      keep(try await store.pendingCards(in: big, as: "bob"))
    })
  rows.append(
    try await measure(
      "first sync from PostgreSQL", count: 10_000, runs: 5,
      setup: {
        Device(
          account: "bob", backend: store, clock: SystemWallClock(),
          scheduler: InMemoryNotificationScheduler())
      }
    ) { device in keep(try await device.sync()) })
  return rows
}

/// Many households at once: `clients` connections, each doing a mix of adds,
/// acknowledgements and pulls on households chosen at random; operations per second and the
/// latencies. (pgbench's simple-update figure is the floor to quote beside it: run it by hand,
/// `pgbench -i -s 10` then `pgbench -N -c 8 -T 5`; run from here it did not stop.)
func postgresLoad(
  _ server: BenchServer, households: Int = 1_000, clients: Int = 8, operations: Int = 400
)
  async throws -> String
{
  let url = try server.store("load")
  let setup = try PostgresBackend(url: url, clock: SystemWallClock())
  var homes: [HouseholdID] = []
  for index in 0..<households {
    let creation = try await setup.createHousehold(
      name: "H\(index)", timeZone: "UTC", displayName: "A", as: AccountID("a\(index)"))
    _ = try await setup.join(
      code: creation.invite.code.rawValue, displayName: "B", as: AccountID("b\(index)"))
    homes.append(creation.household.id)
  }
  let fixedHomes = homes
  let started = ContinuousClock.now
  let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
    for client in 0..<clients {
      group.addTask {
        let backend = try PostgresBackend(url: url, clock: SystemWallClock())
        var random = SeededRandomNumberGenerator(seed: UInt64(client + 1))
        var times: [Duration] = []
        for step in 0..<operations {
          let index = Int(random.next(upperBound: UInt64(fixedHomes.count)))
          let home = fixedHomes[index]
          let (author, partner) = (AccountID("a\(index)"), AccountID("b\(index)"))
          let start = ContinuousClock.now
          switch step % 4 {
          case 0, 1:
            _ = try await backend.addCard(CardDraft(title: "c\(step)"), to: home, as: author)
          case 2:
            _ = try await backend.acknowledgePending(in: home, as: partner)
          default:
            _ = try await backend.changes(in: home, after: 0, limit: 50, as: partner)
          }
          times.append(ContinuousClock.now - start)
        }
        return times
      }
    }
    var all: [Duration] = []
    for try await times in group { all += times }
    return all.sorted()
  }
  let elapsed = ContinuousClock.now - started
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  // NB: no gap and no repeat in any household's feed, and every add is there.
  var gaps = 0
  for (index, home) in fixedHomes.enumerated() {
    let feed = try await setup.changes(
      in: home, after: 0, limit: 100_000, as: AccountID("a\(index)"))
    let numbers: [Int64] = feed.map { $0.sequence }
    if numbers != Array(Int64(1)...Int64(max(1, numbers.count))).prefix(numbers.count).map({ $0 }) {
      gaps += 1
    }
  }
  let total = clients * operations
  let p50 = format(latencies[latencies.count / 2])
  let p99 = format(latencies[latencies.count * 99 / 100])
  let text = String(
    format: "%d households, %d clients, %d operations: %.0f operations/s, p50 %@, p99 %@, "
      + "households with a gap in their feed: %d",
    households, clients, total, Double(total) / seconds, p50, p99, gaps)
  return text
}
