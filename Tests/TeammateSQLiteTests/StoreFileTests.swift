import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateSQLite

@Suite struct StoreFileTests {
  let clock = FixedWallClock(Fixtures.start)

  /// A store with Alice's household and `cards` cards, closed again; its path.
  func populatedStore(cards: Int = 3) async throws -> (path: String, household: HouseholdID) {
    let path = try TemporaryFolder.make().appending("store.sqlite")
    let store = try SQLiteBackend(
      path: path, clock: clock, random: SeededRandomNumberGenerator(seed: 9))
    let home = try await store.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: "alice"
    ).household.id
    // NB: one transaction for all of them: the tests need the rows, not the commits.
    _ = try await store.addCards(
      (0..<cards).map { CardDraft(title: "Card \($0)") }, to: home, as: "alice")
    return (path, home)
  }

  func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  @Test func test_AC_STORE_01_twoWritersAtOnceBothLand() async throws {
    let (path, home) = try await populatedStore(cards: 0)
    let first = try SQLiteBackend(
      path: path, clock: clock, random: SeededRandomNumberGenerator(seed: 1))
    let second = try SQLiteBackend(
      path: path, clock: clock, random: SeededRandomNumberGenerator(seed: 2))
    func addMany(_ store: SQLiteBackend, _ label: String) async throws {
      for index in 0..<500 {
        _ = try await store.addCard(CardDraft(title: "\(label) \(index)"), to: home, as: "alice")
      }
    }
    async let a: Void = addMany(first, "first")
    async let b: Void = addMany(second, "second")
    _ = try await (a, b)
    let cards = try await SQLiteBackend(path: path, clock: clock).cards(in: home, as: "alice")
    #expect(cards.count == 1_000)
    #expect(Set(cards.map(\.id)).count == 1_000)
  }

  @Test func test_AC_STORE_02_abandonedWriterLeavesThePreviousState() async throws {
    let (path, home) = try await populatedStore()
    do {
      let writer = try SQLiteConnection(path: path)
      try writer.execute("BEGIN IMMEDIATE")
      try writer.run("DELETE FROM cards")
      try writer.run(
        "INSERT INTO households (id, body) VALUES (?, ?)", [.text("half"), .text("{}")])
      // The writer goes away here without COMMIT, as a killed process would.
    }
    let reopened = try SQLiteBackend(path: path, clock: clock)
    #expect(try await reopened.cards(in: home, as: "alice").count == 3)
    let check = try SQLiteConnection(path: path)
    #expect(try check.rows("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
    #expect(try check.rows("SELECT count(*) FROM households") { $0.int(0) } == [1])
  }

  @Test func test_AC_STORE_03_garbageFileIsRefusedAndUntouched() throws {
    let path = try TemporaryFolder.make().appending("notes.txt")
    var random = SeededRandomNumberGenerator(seed: 5)
    let garbage = Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &random) })
    #expect(FileManager.default.createFile(atPath: path, contents: garbage))
    #expect(throws: StoreError.notADatabase(path)) { try SQLiteBackend(path: path, clock: clock) }
    #expect(bytes(path) == garbage)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(StoreError.notADatabase(path).description.contains(path))

    let foreign = try TemporaryFolder.make().appending("someone-elses.sqlite")
    do {
      let other = try SQLiteConnection(path: foreign)
      try other.execute("CREATE TABLE recipes (name TEXT)")
    }
    let before = bytes(foreign)
    #expect(throws: StoreError.notADatabase(foreign)) {
      try SQLiteBackend(path: foreign, clock: clock)
    }
    #expect(bytes(foreign) == before)
  }

  @Test func test_AC_STORE_04_newerSchemaIsRefusedNeverDowngraded() throws {
    let path = try TemporaryFolder.make().appending("future.sqlite")
    do {
      let future = try SQLiteConnection(path: path)
      try future.execute("CREATE TABLE things (x); PRAGMA user_version = \(Schema.version + 1)")
    }
    let before = bytes(path)
    #expect(
      throws: StoreError.newerSchema(path, found: Schema.version + 1, supported: Schema.version)
    ) {
      try SQLiteBackend(path: path, clock: clock)
    }
    #expect(bytes(path) == before)
  }

  @Test func test_AC_STORE_05_folderThatCannotBeCreatedIsNamed() throws {
    let folder = try TemporaryFolder.make()
    let blocker = folder.appending("a-file")
    #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
    let path = (blocker as NSString).appendingPathComponent("inner/store.sqlite")
    #expect {
      try SQLiteBackend(path: path, clock: clock)
    } throws: { error in
      guard case .cannotCreateDirectory(let named, _)? = error as? StoreError else { return false }
      return named == (path as NSString).deletingLastPathComponent
    }
  }

  @Test func test_AC_STORE_06_damagedStoreIsRefusedAndUntouched() async throws {
    let (path, home) = try await populatedStore(cards: 300)
    do {
      // Fold the write-ahead log into the main file so that the damage lands in real pages.
      let connection = try SQLiteConnection(path: path)
      try connection.execute("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
    }
    guard var damaged = bytes(path), damaged.count > 4 * 4_096 else {
      Issue.record("the store is too small to damage")
      return
    }
    damaged.replaceSubrange(
      (3 * 4_096)..<(4 * 4_096), with: Data(repeating: 0xA5, count: 4_096))
    #expect(FileManager.default.createFile(atPath: path, contents: damaged))
    func isDamaged(_ error: any Error) -> Bool {
      guard case .damaged(let named, _)? = error as? StoreError else { return false }
      return named == path
    }
    let store = try SQLiteBackend(path: path, clock: clock)
    await #expect(
      performing: { try await store.addCard(CardDraft(title: "x"), to: home, as: "alice") },
      throws: isDamaged)
    await #expect(performing: { try await store.cards(in: home, as: "alice") }, throws: isDamaged)
    #expect(bytes(path) == damaged)
  }

  @Test func test_AC_STORE_07_newStoreIsCreatedAtTheCurrentVersion() async throws {
    let path = try TemporaryFolder.make().appending("nested/deeper/store.sqlite")
    let store = try SQLiteBackend(path: path, clock: clock)
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(try await store.householdID(of: "alice", as: "alice") == nil)
    let connection = try SQLiteConnection(path: path)
    #expect(try connection.first("PRAGMA user_version") { $0.int(0) } == Schema.version)
    #expect(try connection.first("PRAGMA journal_mode") { $0.text(0) } == "wal")
    let tables = try connection.rows(
      "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
    ) {
      $0.text(0)
    }
    #expect(tables.contains("cards") && tables.contains("changes") && tables.contains("devices"))
    _ = try SQLiteBackend(path: path, clock: clock)
    #expect(try connection.first("PRAGMA user_version") { $0.int(0) } == Schema.version)
  }

  @Test func test_AC_STORE_26_aStoreStillOpenWhereItWasMadeOpensForReading() async throws {
    let path = try TemporaryFolder.make().appending("store.sqlite")
    let store = try SQLiteBackend(path: path, clock: clock)
    _ = try await store.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
    let reader = try SQLiteBackend(path: path, clock: clock, access: .readOnly)
    #expect(try await reader.householdID(of: "alice", as: "alice") != nil)
    #expect(try await store.householdID(of: "alice", as: "alice") != nil)
  }

  @Test func test_AC_STORE_25_theFilesStepsAreNamedAndItsVersionIsHowManyRan() async throws {
    #expect(Schema.migrations.flaw == nil)
    let path = try TemporaryFolder.make().appending("steps.sqlite")
    let store = try SQLiteBackend(path: path, clock: clock)
    #expect(try await store.householdID(of: "alice", as: "alice") == nil)
    let connection = try SQLiteConnection(path: path)
    #expect(try connection.first("PRAGMA user_version") { $0.int(0) } == Schema.migrations.count)
    // The check fires on a nameless step, a name two steps share, and a step that does nothing.
    let step = Migration(name: "tables", sql: "CREATE TABLE t (x);")
    #expect([step, Migration(name: " ", sql: "SELECT 1;")].flaw == "step 2 has no name")
    #expect([step, step].flaw == "two steps are named 'tables'")
    #expect(
      [Migration(name: "nothing", sql: "\n  ")].flaw == "step 1 ('nothing') has no statements")
  }

  @Test func test_AC_STORE_08_deviceStateAndSchedulerSurviveReopening() async throws {
    let (path, home) = try await populatedStore(cards: 1)
    let serverClock = ManualWallClock(Fixtures.start)
    do {
      let store = try SQLiteBackend(path: path, clock: serverClock)
      let invite = try await store.issueInvite(for: home, as: "alice")
      _ = try await store.join(code: invite.code.rawValue, displayName: "Bob", as: "bob")
      _ = try await store.addCard(
        CardDraft(kind: .event, title: "Checkup", time: Fixtures.start + 86_400), to: home,
        as: "alice")
      let device = Device(
        account: "bob", backend: store, clock: serverClock,
        scheduler: store.scheduler(for: "bob", clock: serverClock))
      _ = try await device.sync()
      // NB: news keeps the titles it was told with (AC-DEV-10): seen, it is gone.
      try await device.markNewsSeen()
      try await store.saveDeviceState(await device.state, for: "bob")
    }
    let store = try SQLiteBackend(path: path, clock: serverClock)
    let state = try #require(try await store.deviceState(for: "bob"))
    #expect(state.householdID == home && state.cards.count == 2 && state.cursor == 4)
    let scheduler = store.scheduler(for: "bob", clock: serverClock)
    #expect(try await scheduler.pending().map(\.kind) == [.digest, .eventReminder])
    #expect(try await scheduler.delivered().map(\.kind) == [.activity, .activity])
    serverClock.advance(by: 86_400)
    #expect(try await scheduler.pending().isEmpty)
    let resumed = Device(
      account: "bob", backend: store, clock: serverClock, scheduler: scheduler, state: state)
    #expect(try await resumed.sync().pulled == 0)

    // The row keeps no copies of cards: they are read back from the household, current.
    let row = try SQLiteConnection(path: path).first(
      "SELECT state FROM devices WHERE account = ?", [.text("bob")]
    ) { $0.text(0) }
    #expect(row?.contains("Checkup") == false)
    // NB: the plan's text comes back from the scheduler's table.
    let reminder = try #require(state.planned.first { $0.kind == .eventReminder })
    #expect(reminder.title.contains("Checkup"))
    let checkup = try #require(state.cards.values.first { $0.kind == .event })
    _ = try await store.editCard(checkup.id, CardEdit(title: .set("Checkup moved")), as: "alice")
    let reread = try #require(try await store.deviceState(for: "bob"))
    #expect(reread.cards[checkup.id]?.title == "Checkup moved")
    let later = Device(
      account: "bob", backend: store, clock: serverClock, scheduler: scheduler, state: reread)
    let report = try await later.sync()
    #expect(report.pulled == 1 && report.activity.map(\.cardID) == [checkup.id])
    let current = try await store.cards(in: home, as: "bob")
    #expect(
      await later.state.cards == Dictionary(uniqueKeysWithValues: current.map { ($0.id, $0) }))
  }
  @Test func test_AC_STORE_09_textIsStoredExactly() async throws {
    let (path, home) = try await populatedStore(cards: 0)
    let store = try SQLiteBackend(path: path, clock: clock)
    let hostile = "Robert'); DROP TABLE cards; -- 🍼 \"quoted\" 家"
    let card = try await store.addCard(
      CardDraft(title: hostile, note: "a\nb\0c"), to: home, as: "alice")
    let read = try await SQLiteBackend(path: path, clock: clock).card(card.id, as: "alice")
    #expect(read.title == hostile)
    #expect(read.note == "a\nb\0c")
    #expect(read == card)
  }

  @Test func test_AC_STORE_10_newStoreCreatedByManyAtOnce() async throws {
    let path = try TemporaryFolder.make().appending("fresh/store.sqlite")
    let clock = self.clock
    let households = try await withThrowingTaskGroup(of: HouseholdID.self) { group in
      for index in 0..<6 {
        group.addTask {
          let store = try SQLiteBackend(
            path: path, clock: clock, random: SeededRandomNumberGenerator(seed: UInt64(index)))
          return try await store.createHousehold(
            name: "Home \(index)", timeZone: "UTC", displayName: "P\(index)",
            as: AccountID("p\(index)")
          ).household.id
        }
      }
      return try await group.reduce(into: [HouseholdID]()) { $0.append($1) }
    }
    #expect(Set(households).count == 6)
    let connection = try SQLiteConnection(path: path)
    #expect(try connection.first("PRAGMA user_version") { $0.int(0) } == Schema.version)
    #expect(try connection.first("SELECT count(*) FROM households") { $0.int(0) } == 6)
  }
}

extension SQLiteBackend {
  /// What this store's own connection answers for `PRAGMA synchronous` (1: NORMAL, 2: FULL).
  func synchronousSetting() throws -> Int {
    try connection.first("PRAGMA synchronous") { $0.int(0) } ?? -1
  }
}

extension StoreFileTests {
  @Test func test_AC_STORE_23_everyWritingConnectionKeepsTheDurabilitySettings() async throws {
    let path = try TemporaryFolder.make().appending("new.sqlite")
    let made = try SQLiteBackend(path: path, clock: clock)
    _ = try await made.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: "alice")
    #expect(try await made.synchronousSetting() == 1)
    let again = try SQLiteBackend(path: path, clock: clock)
    _ = try await again.createHousehold(
      name: "Work", timeZone: "UTC", displayName: "Bob", as: "bob")
    #expect(try await again.synchronousSetting() == 1)
    #expect(
      try SQLiteConnection(path: path).first("PRAGMA journal_mode") {
        try $0.text(named: "journal_mode")
      }
        == "wal")
  }
}
