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

/// pgbench's simple update (`-N`) on the benchmark's server: the floor for the load, in
/// transactions per second, and the server's CPU per transaction (its backends', counted by
/// the postmaster once they have ended). Its tables are made once, when it is made.
struct Pgbench {
  let server: BenchServer
  /// The folder of the server's tools.
  let folder: String
  /// The server's postmaster, whose ended children are pgbench's server processes.
  let postmaster: String

  init(_ server: BenchServer) throws {
    self.server = server
    folder =
      try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")
      .sorted().last.map { "/usr/lib/postgresql/\($0)/bin/" } ?? ""
    _ = try ThrowawayCluster.output(of: folder + "pgbench", ["-i", "-q", "-s", "10", server.url])
    let data = try ThrowawayCluster.output(
      of: folder + "psql", ["-Atc", "SHOW data_directory", server.url]
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    postmaster =
      (try? String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8))?
      .split(separator: "\n").first.map(String.init) ?? ""
  }

  /// One run of `transactions` (rounded down to a multiple of `clients`) on `clients`
  /// connections. NB: `-t`, not `-T`: a child of `Process` here may start with its timer
  /// signal blocked, and a timed run never ends.
  func run(clients: Int, transactions: Int) throws -> (
    perSecond: Double, serverMicroseconds: Double
  ) {
    // NB: the connections of the run before end as they are let go: their processes' CPU
    // is counted once they have ended, so the floor waits for them.
    try waitForSessions(where: "backend_type = 'client backend' AND pid <> pg_backend_pid()")
    let before = endedChildrenCPUSeconds(of: postmaster)
    let each = transactions / clients
    let report = try ThrowawayCluster.output(
      of: folder + "pgbench",
      ["-N", "-c", "\(clients)", "-j", "2", "-t", "\(each)", server.url])
    // NB: pgbench's server processes end as it disconnects: counted once none is left.
    try waitForSessions(where: "application_name = 'pgbench'")
    let serverCPU = endedChildrenCPUSeconds(of: postmaster) - before
    let line = report.split(separator: "\n").first { $0.hasPrefix("tps = ") } ?? ""
    return (
      Double(line.dropFirst(6).prefix { $0.isNumber || $0 == "." }) ?? 0,
      serverCPU * 1e6 / Double(each * clients)
    )
  }

  /// Waits (a hundred looks at most) until no session of the server matches `condition`.
  private func waitForSessions(where condition: String) throws {
    for _ in 0..<100 {
      let left = try ThrowawayCluster.output(
        of: folder + "psql",
        ["-Atc", "SELECT count(*) FROM pg_stat_activity WHERE \(condition)", server.url])
      if left.trimmingCharacters(in: .whitespacesAndNewlines) == "0" { return }
    }
  }
}

/// The CPU the ended children of process `pid` used, user and system, in seconds (its
/// `cutime` and `cstime`).
func endedChildrenCPUSeconds(of pid: String) -> Double {
  cpuSeconds(of: pid, fields: 13, 14) ?? 0
}

/// Households made for the load, two members each (`a<i>`, `b<i>`), made by eight
/// connections at once.
func loadHouseholds(_ url: String, count: Int) async throws -> [HouseholdID] {
  try await withThrowingTaskGroup(of: [(Int, HouseholdID)].self) { group in
    for part in 0..<8 {
      group.addTask {
        let setup = try PostgresBackend(url: url, clock: SystemWallClock())
        var made: [(Int, HouseholdID)] = []
        for index in stride(from: part, to: count, by: 8) {
          let creation = try await setup.createHousehold(
            name: "H\(index)", timeZone: "UTC", displayName: "A", as: AccountID("a\(index)"))
          _ = try await setup.join(
            code: creation.invite.code.rawValue, displayName: "B", as: AccountID("b\(index)"))
          made.append((index, creation.household.id))
        }
        return made
      }
    }
    var homes = [HouseholdID](repeating: HouseholdID(""), count: count)
    for try await made in group { for (index, home) in made { homes[index] = home } }
    return homes
  }
}

/// The CPU this process has used so far, user and system, in seconds.
func processCPUSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The CPU the server processes `pids` (on this machine) have used so far, user and system,
/// in seconds: each backend's own (`utime` and `stime`).
func serverCPUSeconds(_ pids: [String]) -> Double {
  pids.reduce(0) { total, pid in total + (cpuSeconds(of: pid, fields: 11, 12) ?? 0) }
}

/// Two fields of process `pid`'s `/proc` stat line, counted from the one after its command's
/// name (its state is 0), as CPU seconds added together; nil when the process is not there.
func cpuSeconds(of pid: String, fields first: Int, _ second: Int) -> Double? {
  // NB: read to its end, not by its size: a file of /proc says it has none.
  guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/stat"),
    case let stat = String(decoding: file.readDataToEndOfFile(), as: UTF8.self),
    let end = stat.lastIndex(of: ")")
  else { return nil }
  let fields = stat[stat.index(after: end)...].split(separator: " ")
  guard fields.count > max(first, second), let one = Double(fields[first]),
    let other = Double(fields[second])
  else { return nil }
  return (one + other) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
