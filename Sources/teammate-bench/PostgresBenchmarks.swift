import Foundation
import TeammateInMemory
import TeammateKit
import TeammatePostgres
import TeammateSQLite
import TeammateSystem
import TeammateTestHarness
import TeammateTestSupport

/// The PostgreSQL server for the benchmark: the one `TEAMMATE_BENCH_POSTGRES` names, else a
/// throwaway cluster of its own (`scripts/postgres.sh`, from the package folder).
struct BenchServer {
  let url: String
  let own: ThrowawayCluster?

  static func start() throws -> BenchServer {
    if let url = ProcessInfo.processInfo.environment["TEAMMATE_BENCH_POSTGRES"] {
      return BenchServer(url: url, own: nil)
    }
    let cluster = try ThrowawayCluster(packageOf: FileManager.default.currentDirectoryPath)
    return BenchServer(url: cluster.url, own: cluster)
  }

  func stop() { own?.remove() }

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

/// pgbench's simple update (`-N`) with as many clients on the same server: the floor for
/// the load. NB: `-t`, not `-T`: a child of `Process` here may start with its timer signal
/// blocked, and a timed run never ends.
func pgbenchFloor(_ server: BenchServer, clients: Int = 8) throws -> String {
  let bin =
    try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")
    .sorted().last.map { "/usr/lib/postgresql/\($0)/bin/pgbench" } ?? "pgbench"
  _ = try ThrowawayCluster.output(of: bin, ["-i", "-q", "-s", "10", server.url])
  let report = try ThrowawayCluster.output(
    of: bin, ["-N", "-c", "\(clients)", "-j", "2", "-t", "1000", server.url])
  let tps = report.split(separator: "\n").first { $0.hasPrefix("tps = ") } ?? "tps: not reported"
  let latency = report.split(separator: "\n").first { $0.hasPrefix("latency average") } ?? ""
  return "pgbench -N, \(clients) clients × 1000 on the same server (floor): \(tps), \(latency)"
}

/// Many households at once: `clients` connections, each doing a mix of adds,
/// acknowledgements and pulls on households chosen at random; operations per second and the
/// latencies, then a check that every feed runs 1, 2, 3… and every add is there.
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
  let results = try await withThrowingTaskGroup(of: ([Duration], [Int: Int]).self) { group in
    for client in 0..<clients {
      group.addTask {
        let backend = try PostgresBackend(url: url, clock: SystemWallClock())
        var random = SeededRandomNumberGenerator(seed: UInt64(client + 1))
        var times: [Duration] = []
        var added: [Int: Int] = [:]
        for step in 0..<operations {
          let index = Int(random.next(upperBound: UInt64(fixedHomes.count)))
          let home = fixedHomes[index]
          let (author, partner) = (AccountID("a\(index)"), AccountID("b\(index)"))
          let start = ContinuousClock.now
          switch step % 4 {
          case 0, 1:
            _ = try await backend.addCard(CardDraft(title: "c\(step)"), to: home, as: author)
            added[index, default: 0] += 1
          case 2:
            _ = try await backend.acknowledgePending(in: home, as: partner)
          default:
            _ = try await backend.changes(in: home, after: 0, limit: 50, as: partner)
          }
          times.append(ContinuousClock.now - start)
        }
        return (times, added)
      }
    }
    var all: [Duration] = []
    var added: [Int: Int] = [:]
    for try await (times, adds) in group {
      all += times
      added.merge(adds, uniquingKeysWith: +)
    }
    return (all.sorted(), added)
  }
  let (latencies, added) = results
  let elapsed = ContinuousClock.now - started
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  // NB: no gap and no repeat in any household's feed, and every add is there.
  var gaps = 0
  var lost = 0
  for (index, home) in fixedHomes.enumerated() {
    let cards = try await setup.cards(in: home, as: AccountID("a\(index)"))
    lost += max(0, added[index, default: 0] - cards.count)
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
      + "households with a gap in their feed: %d, adds lost: %d",
    households, clients, total, Double(total) / seconds, p50, p99, gaps, lost)
  return text
}
