import Foundation
import TeammateInMemory
import TeammateKit
import TeammatePostgres
import TeammateSQLite
import TeammateSystem
import TeammateTestSupport

/// A couple on one backend (two connections' worth when `bobs` is given), each partner's
/// device synced once.
func devicePair(
  _ backend: any TeammateBackend, bobs: (any TeammateBackend)? = nil
) async throws -> (alice: Device, bob: Device) {
  let creation = try await backend.createHousehold(
    name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
  _ = try await backend.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
  let clock = SystemWallClock()
  let alice = Device(
    account: "alice", backend: backend, clock: clock, scheduler: InMemoryNotificationScheduler(),
    random: SeededRandomNumberGenerator(seed: 1))
  let bob = Device(
    account: "bob", backend: bobs ?? backend, clock: clock,
    scheduler: InMemoryNotificationScheduler(), random: SeededRandomNumberGenerator(seed: 2))
  _ = try await alice.sync()
  _ = try await bob.sync()
  return (alice, bob)
}

/// One device under an app's load: writes made at once against the same one after another,
/// and a snapshot of 10,000 cards.
func deviceBenchmarks() async throws -> [Measurement] {
  var rows: [Measurement] = []
  let count = 1_000
  func pair() async throws -> Device {
    let backend = InMemoryBackend(
      clock: SystemWallClock(), random: SeededRandomNumberGenerator(seed: 3))
    return try await devicePair(backend).alice
  }
  rows.append(
    try await measure(
      "1,000 writes one after another, one device", count: count, runs: 7, setup: pair
    ) {
      device in
      for index in 0..<count { _ = try await device.addCard(CardDraft(title: "c\(index)")) }
    })
  rows.append(
    try await measure(
      "1,000 writes at once from 1,000 tasks, one device", count: count, runs: 7, setup: pair
    ) {
      device in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<count {
          group.addTask { _ = try await device.addCard(CardDraft(title: "c\(index)")) }
        }
        try await group.waitForAll()
      }
    })
  let backend = InMemoryBackend(
    clock: SystemWallClock(), random: SeededRandomNumberGenerator(seed: 4))
  let big = try await devicePair(backend)
  let home = try require(await big.alice.state.householdID, "a household")
  _ = try await backend.addCards(drafts(10_000), to: home, as: "alice")
  _ = try await big.bob.sync()
  rows.append(
    await measure("snapshot, nothing changed since the last", count: 10_000, setup: {}) {
      keep(await big.bob.snapshot())
    })
  let cards = await big.bob.state.sortedCards
  // NB: before each run the partner edits a card and the device pulls it.
  let partnerWrites = {
    _ = try await big.alice.editCard(cards[0].id, CardEdit(note: .set("\(UUID().uuidString)")))
    _ = try await big.bob.sync()
  }
  rows.append(
    try await measure("snapshot after a partner's write", count: 10_000, setup: partnerWrites) {
      _ in keep(await big.bob.snapshot())
    })
  rows.append(
    try await measure(
      "snapshot after a partner's write, its pending list read", count: 10_000,
      setup: partnerWrites
    ) { _ in keep(await big.bob.snapshot().pending) })
  rows.append(
    try await measure("a replan, nobody observing", count: 10_000, runs: 7, setup: {}) {
      try await big.bob.replan()
    })
  let observed = await big.bob.snapshots()
  rows.append(
    try await measure("a replan, one screen observing", count: 10_000, runs: 7, setup: {}) {
      try await big.bob.replan()
    })
  keep(observed)
  return rows + (try await firstSyncBenchmarks()) + (try await saveBenchmarks())
}

/// A first sync over a feed of 1,000 acts (issue 44): the partner's, each told as news, beside
/// the same acts made by the device's own account, which tell nothing (the floor: the same
/// pull and apply, no news).
func firstSyncBenchmarks() async throws -> [Measurement] {
  var rows: [Measurement] = []
  for (name, actor) in [
    ("first sync telling 1,000 of the partner's acts", "alice"),
    ("first sync of 1,000 acts of one's own (floor)", "bob"),
  ] {
    let backend = InMemoryBackend(
      clock: SystemWallClock(), random: SeededRandomNumberGenerator(seed: 8))
    let pair = try await devicePair(backend)
    let maker = actor == "alice" ? pair.alice : pair.bob
    // NB: 400 cards logged, 300 of them changed, 100 deleted, 200 things on the list.
    var cards: [Card] = []
    for index in 0..<400 { cards.append(try await maker.addCard(CardDraft(title: "c\(index)"))) }
    for card in cards.prefix(300) {
      _ = try await maker.editCard(card.id, CardEdit(note: .set("seen at \(card.title)")))
    }
    for card in cards.suffix(100) { _ = try await maker.deleteCard(card.id) }
    _ = try await maker.addItems((0..<200).map { "item \($0)" })
    rows.append(
      try await measure(
        name, count: 1_000, runs: 7,
        setup: {
          Device(
            account: "bob", backend: backend, clock: SystemWallClock(),
            scheduler: InMemoryNotificationScheduler(),
            random: SeededRandomNumberGenerator(seed: 9))
        }
      ) { phone in
        let report = try await phone.sync()
        keep(report)
      })
  }
  return rows
}

/// A turn's save (ADR 0020): the same card edits on a household of 2,000 cards, by a device
/// that keeps nothing and by one that saves every turn to a SQLite file of its own; at noon
/// in the household's time zone, and at night, when the partner's 2,000 acts wait for the
/// quiet hours to end (a part of the state that no edit changes).
func saveBenchmarks() async throws -> [Measurement] {
  var rows: [Measurement] = []
  // NB: Asia/Taipei: noon, and eleven at night, on a weekday.
  for (time, at) in [("noon", "2026-06-03T04:00:00Z"), ("night", "2026-06-03T15:00:00Z")] {
    let clock = ManualWallClock(try require(ISO8601DateFormatter().date(from: at), "a time"))
    rows += try await saveBenchmarks(at: time, clock: clock)
  }
  return rows
}

/// The save's rows with the devices' clock at `clock`.
func saveBenchmarks(at time: String, clock: ManualWallClock) async throws -> [Measurement] {
  let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 6))
  let (alice, _) = try await devicePair(backend)
  let home = try require(await alice.state.householdID, "a household")
  _ = try await backend.addCards(drafts(2_000), to: home, as: "alice")
  let path = (scratch as NSString).appendingPathComponent("device-\(time)-\(getpid()).sqlite")
  let saving = try await Device(
    account: "bob", backend: backend, clock: clock,
    scheduler: InMemoryNotificationScheduler(),
    store: SQLiteDeviceStore(file: try SQLiteBackend(path: path, clock: clock)),
    random: SeededRandomNumberGenerator(seed: 7))
  let keeping = Device(
    account: "bob", backend: backend, clock: clock,
    scheduler: InMemoryNotificationScheduler(), random: SeededRandomNumberGenerator(seed: 8))
  _ = try await saving.sync()
  _ = try await keeping.sync()
  // NB: the 2,000 cards' news read, as a person would have.
  try await saving.markNewsSeen()
  try await keeping.markNewsSeen()
  let card = try require(await keeping.state.sortedCards.first, "a card")
  var rows: [Measurement] = []
  for (name, device) in [("keeping nothing", keeping), ("saving to its SQLite file", saving)] {
    rows.append(
      try await measure(
        "a card edit, 2,000 cards, at \(time), the device \(name)", count: 100, runs: 7,
        setup: {}
      ) {
        for index in 0..<100 {
          _ = try await device.editCard(card.id, CardEdit(note: .set("note \(index)")))
        }
      })
  }
  return rows
}

/// From a partner's write to the other device's snapshot showing it, through the backend's
/// pushes: the median and the 99th percentile of `trials`.
func pushLatency(
  _ name: String, alice: Device, bob: Device, trials: Int = 200
) async throws -> String {
  let following = Task { try await bob.follow() }
  defer { following.cancel() }
  var screen = await bob.snapshots().makeAsyncIterator()
  let clock = ContinuousClock()
  var times: [Duration] = []
  for trial in 0..<trials {
    let start = clock.now
    let card = try await alice.addCard(CardDraft(title: "push \(trial)"))
    while let snapshot = await screen.next(), snapshot.cards[card.id] == nil {}
    times.append(clock.now - start)
  }
  times.sort()
  let p99 = times[min(times.count - 1, times.count * 99 / 100)]
  return "\(name): median \(format(times[times.count / 2])), p99 \(format(p99)) (n = \(trials))"
}

/// Push latency in memory, and between two PostgreSQL connections.
func pushLatencies(_ server: BenchServer) async throws -> [String] {
  let memory = InMemoryBackend(
    clock: SystemWallClock(), random: SeededRandomNumberGenerator(seed: 5))
  let inMemory = try await devicePair(memory)
  var lines = [
    try await pushLatency(
      "write → partner's snapshot, in memory", alice: inMemory.alice, bob: inMemory.bob)
  ]
  let url = try server.store("push")
  let alices = try PostgresBackend(url: url, clock: SystemWallClock())
  let bobs = try PostgresBackend(url: url, clock: SystemWallClock())
  let onServer = try await devicePair(alices, bobs: bobs)
  lines.append(
    try await pushLatency(
      "write → partner's snapshot, PostgreSQL, two connections", alice: onServer.alice,
      bob: onServer.bob))
  return lines
}

/// A value that had to be there.
func require<T>(_ value: T?, _ what: String) throws -> T {
  guard let value else { throw BenchFailure(what: what) }
  return value
}

struct BenchFailure: Error, CustomStringConvertible {
  let what: String
  var description: String { "the benchmark expected \(what)" }
}
