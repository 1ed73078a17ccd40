import Foundation
import TeammateInMemory
import TeammateKit
import TeammatePostgres
import TeammateSQLite

/// A throwaway PostgreSQL server for the benchmark: `TEAMMATE_BENCH_POSTGRES`, or one that
/// `scripts/postgres.sh` starts (run the benchmark from the project's folder) and stops.
struct BenchServer {
  let url: String
  let owned: Bool

  static func start() -> BenchServer? {
    if let url = ProcessInfo.processInfo.environment["TEAMMATE_BENCH_POSTGRES"] {
      return BenchServer(url: url, owned: false)
    }
    guard let url = try? shell(["scripts/postgres.sh", "start"]), url.hasPrefix("postgresql://")
    else { return nil }
    return BenchServer(url: url, owned: true)
  }

  func stop() { if owned { _ = try? Self.shell(["scripts/postgres.sh", "stop", url]) } }

  /// A store of its own on the server.
  func store(_ name: String) throws -> String {
    try PostgresBackend.createSchema("bench_\(name)_\(getpid())", on: url)
  }

  /// Runs a program and returns what it printed, trimmed.
  static func shell(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
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

/// Many households at once: `clients` connections, each doing a mix of adds, edits,
/// acknowledgements and pulls on households chosen at random; operations per second and the
/// latencies, then pgbench's simple-update figure on the same server as the floor.
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
  var text = String(
    format: "%d households, %d clients, %d operations: %.0f operations/s, p50 %@, p99 %@, "
      + "households with a gap in their feed: %d",
    households, clients, total, Double(total) / seconds, p50, p99, gaps)
  if let floor = pgbench(server) {
    text += "\npgbench simple update (floor), \(clients) clients: \(floor)"
  }
  return text
}

/// pgbench's simple-update transactions per second on the same server, 8 clients, 5 s.
private func pgbench(_ server: BenchServer) -> String? {
  guard let components = URLComponents(string: server.url),
    let host = components.queryItems?.first(where: { $0.name == "host" })?.value
  else { return nil }
  let run = ["pgbench", "-h", host, "-U", "postgres", "postgres"]
  guard (try? BenchServer.shell(run.dropLast() + ["-i", "-q", "-s", "10", "postgres"])) != nil,
    let output = try? BenchServer.shell(
      run.dropLast() + ["-N", "-c", "8", "-j", "2", "-T", "5", "postgres"])
  else { return nil }
  return output.split(separator: "\n").first { $0.hasPrefix("tps") }.map(String.init)
}
