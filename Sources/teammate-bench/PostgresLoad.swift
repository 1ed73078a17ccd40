import Foundation
import TeammateInMemory
import TeammateKit
import TeammatePostgres
import TeammateSQLite
import TeammateSystem
import TeammateTestHarness
import TeammateTestSupport

/// What one load run saw.
struct LoadResult {
  var operations = 0
  var seconds = 0.0
  var latencies: [Duration] = []
  var retries = 0
  var errors = 0
  /// Cards each household should hold.
  var added: [Int: Int] = [:]
  /// CPU seconds this process spent meanwhile (user and system): the client's share of the
  /// machine the server shares.
  var clientCPU = 0.0
  /// CPU seconds the run's server processes spent meanwhile: the server's share.
  var serverCPU = 0.0

  var perSecond: Double { Double(operations) / seconds }
  /// This process's CPU per operation, in microseconds.
  var clientMicroseconds: Double { clientCPU * 1e6 / Double(max(1, operations)) }
  /// The run's server processes' CPU per operation, in microseconds.
  var serverMicroseconds: Double { serverCPU * 1e6 / Double(max(1, operations)) }
  func percentile(_ share: Int) -> String {
    latencies.isEmpty
      ? "-" : format(latencies[min(latencies.count - 1, latencies.count * share / 100)])
  }
  var retriesPerThousand: Double { Double(retries) * 1_000 / Double(max(1, operations)) }

  /// Takes in a later run of the same row: its time and CPU too.
  mutating func append(_ later: LoadResult) {
    add(later)
    seconds += later.seconds
    clientCPU += later.clientCPU
    serverCPU += later.serverCPU
  }

  /// Takes in another connection's seen.
  mutating func add(_ other: LoadResult) {
    operations += other.operations
    latencies += other.latencies
    retries += other.retries
    errors += other.errors
    added.merge(other.added, uniquingKeysWith: +)
  }
}

/// One connection's run on `backend`: `steps` calls of `call`, each timed, a failure counted
/// rather than thrown, and the retries its backend made. The run is isolated to the backend,
/// so its calls run on the backend's own thread with no hop between them: the client's part
/// is the kit's work, as pgbench's is a loop of its own.
func connectionRun<Memory: Sendable>(
  _ backend: isolated PostgresBackend, steps: Int, remembering start: Memory,
  _ call:
    @Sendable (isolated PostgresBackend, _ step: Int, inout Memory, inout LoadResult)
    async throws -> Void
) async throws -> LoadResult {
  var seen = LoadResult()
  var memory = start
  let counts = backend.counts()
  let retried = counts.retries
  for step in 0..<steps {
    let start = ContinuousClock.now
    do {
      try await call(backend, step, &memory, &seen)
    } catch {
      seen.errors += 1
    }
    seen.latencies.append(ContinuousClock.now - start)
  }
  seen.operations = steps
  seen.retries = counts.retries - retried
  return seen
}

/// `count` backends on connections of their own to `url`, as a service's are.
func openBackends(_ count: Int, to url: String) throws -> [PostgresBackend] {
  try (0..<count).map { _ in try PostgresBackend(url: url, clock: SystemWallClock()) }
}

/// `count` runs on new connections to `url` at once, as `connections(_:_:)` runs them.
func connections(
  _ count: Int, to url: String,
  _ run: @escaping @Sendable (Int, PostgresBackend) async throws -> LoadResult
) async throws -> LoadResult {
  try await connections(try openBackends(count, to: url), run)
}

/// A run on each of `backends` at once (`run` is given each one's number and backend), as
/// one tally, its latencies in order. The connections are open before the clock starts, as
/// pgbench gives its figure without its connections' opening: the seconds and this
/// process's CPU are the runs' alone.
func connections(
  _ backends: [PostgresBackend],
  _ run: @escaping @Sendable (Int, PostgresBackend) async throws -> LoadResult
) async throws -> LoadResult {
  var servers: [String] = []
  for backend in backends { servers.append(try await backend.serverProcess()) }
  let started = ContinuousClock.now
  let cpu = processCPUSeconds()
  let serverCPU = serverCPUSeconds(servers)
  var all = try await withThrowingTaskGroup(of: LoadResult.self) { group in
    for (connection, backend) in backends.enumerated() {
      group.addTask { try await run(connection, backend) }
    }
    var all = LoadResult()
    for try await seen in group { all.add(seen) }
    return all
  }
  all.seconds = seconds(ContinuousClock.now - started)
  all.clientCPU = processCPUSeconds() - cpu
  all.serverCPU = serverCPUSeconds(servers) - serverCPU
  all.latencies.sort()
  return all
}

/// Each of `backends` doing `operations` calls on households chosen at random: adds
/// and acknowledgements (outbox writes with ids of their own), a write sent a second time
/// (answered from its receipt, applied once) and pulls of the feed. Runs of distinct `run`
/// numbers choose differently and send distinct write ids.
func spreadLoad(
  on backends: [PostgresBackend], homes: [HouseholdID], among chosen: Range<Int>? = nil,
  operations: Int, run: Int
) async throws -> LoadResult {
  let range = chosen ?? homes.indices
  return try await connections(backends) { client, backend in
    let random = SeededRandomNumberGenerator(seed: UInt64(run * 1_000 + client + 1))
    let start: SpreadMemory = (random, nil)
    return try await connectionRun(backend, steps: operations, remembering: start) {
      backend, step, memory, seen in
      let index = range.lowerBound + Int(memory.random.next(upperBound: UInt64(range.count)))
      let (author, partner) = (AccountID("a\(index)"), AccountID("b\(index)"))
      switch step % 5 {
      case 0, 1:
        let entry = OutboxEntry(
          id: WriteID("r\(run)-\(client)-\(step)"), householdID: homes[index],
          write: .addCard(CardDraft(title: "c\(step)")), madeAt: Date())
        if case .refused(let error) = try backend.submit(entry, as: author) { throw error }
        seen.added[index, default: 0] += 1
        memory.last = (entry, author)
      case 2:
        let entry = OutboxEntry(
          id: WriteID("k\(run)-\(client)-\(step)"), householdID: homes[index],
          write: .acknowledgePending, madeAt: Date())
        if case .refused(let error) = try backend.submit(entry, as: partner) { throw error }
      case 3:
        // NB: sent again, as a device does when an answer was lost: applied once.
        if let (entry, sender) = memory.last { _ = try backend.submit(entry, as: sender) }
      default:
        _ = try backend.changes(in: homes[index], after: 0, limit: 50, as: partner)
      }
    }
  }
}

/// What one connection of the spread load keeps between its calls: its choices, and the last
/// write it sent, to send again.
typealias SpreadMemory = (random: SeededRandomNumberGenerator, last: (OutboxEntry, AccountID)?)

/// Both partners of one household writing as fast as they can, `writes` each.
func hotHousehold(_ url: String, home: HouseholdID, index: Int, writes: Int) async throws
  -> LoadResult
{
  try await connections(2, to: url) { partner, backend in
    let account = AccountID(partner == 0 ? "a\(index)" : "b\(index)")
    return try await connectionRun(backend, steps: writes, remembering: ()) {
      backend, step, _, seen in
      _ = try await backend.addCard(CardDraft(title: "hot \(step)"), to: home, as: account)
      seen.added[index, default: 0] += 1
    }
  }
}

/// Households whose feed is not 1, 2, 3… with no gap, and adds missing from their household.
func checkFeeds(_ url: String, homes: [HouseholdID], added: [Int: Int]) async throws -> (
  gaps: Int, lost: Int
) {
  let reader = try PostgresBackend(url: url, clock: SystemWallClock())
  var gaps = 0
  var lost = 0
  for (index, home) in homes.enumerated() {
    let member = AccountID("a\(index)")
    let cards = try await reader.cards(in: home, as: member)
    lost += max(0, added[index, default: 0] - cards.count)
    let feed = try await reader.changes(in: home, after: 0, limit: 1_000_000, as: member)
    if feed.map(\.sequence) != Array(stride(from: Int64(1), through: Int64(feed.count), by: 1)) {
      gaps += 1
    }
  }
  return (gaps, lost)
}

/// How many times each load row and its floor take turns.
let loadTurns = 5

/// Many households at once, at each client count beside pgbench's floor at the same count
/// (taking turns with it, the ratio the median of the turns); then a hot household beside the
/// spread load. One line per row.
func postgresLoad(_ server: BenchServer, households: Int = 10_000) async throws -> [String] {
  let url = try server.store("load")
  let homes = try await loadHouseholds(url, count: households)
  var lines: [String] = []
  var added: [Int: Int] = [:]
  var spreadAt8 = 0.0
  // NB: the spread load beside the hot household runs on the 8-client row's connections, as
  // warm as they were there, so that the two compare.
  var eight: [PostgresBackend] = []
  let pgbench = try Pgbench(server)
  for clients in [8, 32] {
    // NB: the machine's speed drifts within minutes: the row and its floor take turns, five
    // times, and the ratio is the median of the five pairs, each measured side by side.
    var run = LoadResult()
    var floorSeconds = 0.0
    var floorServer = 0.0
    var ratios: [Double] = []
    let backends = try openBackends(clients, to: url)
    if clients == 8 { eight = backends }
    // NB: each turn is a fifth of the row's 20,000 operations, and as many of pgbench's.
    let each = 20_000 / loadTurns / clients
    for turn in 0..<loadTurns {
      let part = try await spreadLoad(
        on: backends, homes: homes, operations: each,
        run: clients * 10 + turn)
      let floor = try pgbench.run(clients: clients, transactions: each * clients)
      ratios.append(part.perSecond / floor.perSecond)
      floorSeconds += Double(each * clients) / floor.perSecond
      floorServer += floor.serverMicroseconds / Double(loadTurns)
      run.append(part)
    }
    added.merge(run.added, uniquingKeysWith: +)
    run.latencies.sort()
    if clients == 8 { spreadAt8 = run.perSecond }
    let floor = Double(each * clients * loadTurns) / floorSeconds
    lines.append(
      String(
        format:
          "%d households, %d clients, %d operations: %.0f operations/s, pgbench -N %.0f tps "
          + "(%.2f×: the median of %@), p50 %@, p99 %@, retries per 1,000: %.1f, errors: %d, "
          + "CPU per operation: this process %.0f µs, the server %.0f µs "
          + "(pgbench's server %.0f µs a transaction)",
        households, clients, run.operations, run.perSecond, floor,
        ratios.sorted()[ratios.count / 2],
        ratios.map { String(format: "%.2f", $0) }.joined(separator: ", "),
        run.percentile(50), run.percentile(99), run.retriesPerThousand, run.errors,
        run.clientMicroseconds, run.serverMicroseconds, floorServer))
  }
  // NB: the hot household is the first; the spread load runs beside it on the others.
  async let hot = hotHousehold(url, home: homes[0], index: 0, writes: 1_000)
  let beside = try await spreadLoad(
    on: eight, homes: homes, among: 1..<homes.count, operations: 2_000,
    run: 1)
  let burning = try await hot
  added.merge(burning.added, uniquingKeysWith: +)
  added.merge(beside.added, uniquingKeysWith: +)
  let (gaps, lost) = try await checkFeeds(url, homes: homes, added: added)
  lines.append(
    String(
      format:
        "a hot household (both partners, %d writes): p50 %@, p99 %@, retries per 1,000: %.1f, "
        + "errors: %d; the spread load beside it, 8 clients: %.0f operations/s (%.2f× alone), "
        + "errors: %d",
      burning.operations, burning.percentile(50), burning.percentile(99),
      burning.retriesPerThousand, burning.errors, beside.perSecond, beside.perSecond / spreadAt8,
      beside.errors))
  lines.append("households with a gap in their feed: \(gaps); adds lost: \(lost)")
  return lines
}
