import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammateSQLite

/// Foreign, damaged and hostile files cost nothing: each refusal leaves the bytes as they were.
@Suite struct StoreSafetyTests {
  let clock = FixedWallClock(Fixtures.start)

  func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// A closed store with Alice and Bob and `cards` cards, its WAL folded into the file.
  func store(cards: Int = 3) async throws -> (path: String, home: HouseholdID) {
    let path = try TemporaryFolder.make().appending("store.sqlite")
    do {
      let store = try SQLiteBackend(
        path: path, clock: clock, random: SeededRandomNumberGenerator(seed: 4))
      let creation = try await store.createHousehold(
        name: "Home", timeZone: "UTC", displayName: "Alice", as: "alice")
      _ = try await store.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
      _ = try await store.addCards(
        (0..<cards).map { CardDraft(title: "Card \($0)") }, to: creation.household.id,
        as: "alice")
      let connection = try SQLiteConnection(path: path)
      try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      return (path, creation.household.id)
    }
  }

  func isStoreError(_ error: any Error, _ expected: (StoreError) -> Bool) -> Bool {
    (error as? StoreError).map(expected) ?? false
  }

  /// Opening the store at `path` as `access` fails as damaged, naming the file.
  func expectDamaged(_ path: String, _ access: StoreAccess = .create) {
    do {
      _ = try SQLiteBackend(path: path, clock: clock, access: access)
      Issue.record("the damaged store at \(path) was opened (\(access))")
    } catch {
      #expect(isStoreError(error) { if case .damaged(path, _) = $0 { true } else { false } })
    }
  }

  @Test func test_AC_STORE_11_anotherProgramsDatabaseIsRefusedUntouched() async throws {
    let path = try TemporaryFolder.make().appending("other.db")
    do {
      let other = try SQLiteConnection(path: path)
      try other.execute(
        "CREATE TABLE notes (x); INSERT INTO notes VALUES (1); PRAGMA user_version = 1")
    }
    let before = try #require(bytes(path))
    #expect(throws: StoreError.notADatabase(path)) { try SQLiteBackend(path: path, clock: clock) }
    #expect(throws: StoreError.notADatabase(path)) {
      try SQLiteBackend(path: path, clock: clock, access: .readOnly)
    }
    #expect(bytes(path) == before)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

    let (ours, _) = try await store()
    let header = try #require(try SQLiteHeader.read(ours))
    #expect(header.applicationID == SQLiteHeader.teammateID)
  }

  @Test func test_AC_STORE_11_aSchemaOneStoreFromBeforeTheMarkOpensAndIsMarked() async throws {
    let path = try TemporaryFolder.make().appending("old.sqlite")
    do {
      let old = try SQLiteConnection(path: path)
      try old.execute(Schema.migrations[0].sql)
      try old.execute("PRAGMA user_version = 1")
      try old.execute(
        #"INSERT INTO households VALUES ('h1', '{"id":"h1","name":"Old","timeZone":"UTC","createdBy":"alice","createdAt":0,"members":[]}')"#
      )
    }
    #expect(try SQLiteHeader.read(path)?.applicationID == 0)
    let store = try SQLiteBackend(path: path, clock: clock)
    _ = try await store.createHousehold(
      name: "New", timeZone: "UTC", displayName: "Carol", as: "carol")
    let connection = try SQLiteConnection(path: path)
    #expect(
      try connection.first("PRAGMA application_id") { $0.int64(0) }
        == Int64(SQLiteHeader.teammateID))
    #expect(try connection.first("PRAGMA user_version") { $0.int(0) } == Schema.version)
    #expect(try connection.first("SELECT count(*) FROM households") { $0.int(0) } == 2)
  }

  @Test(arguments: [7, 1, 4_096])
  func test_AC_STORE_12_aStoreCutShortIsRefusedForReadsAndWrites(cut: Int) async throws {
    let (path, home) = try await store(cards: 200)
    var data = try #require(bytes(path))
    data.removeLast(cut)
    #expect(FileManager.default.createFile(atPath: path, contents: data))
    for access in [StoreAccess.create, .existing, .readOnly] { expectDamaged(path, access) }
    #expect(bytes(path) == data)
    _ = home
  }

  @Test func test_AC_STORE_12_tablesThatAreNotTheSchemasAreRefused() async throws {
    let (path, _) = try await store()
    do {
      let connection = try SQLiteConnection(path: path)
      try connection.execute("CREATE TABLE extra (x)")
      try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let before = try #require(bytes(path))
    expectDamaged(path)
    #expect(bytes(path) == before)
  }

  @Test(arguments: [
    "UPDATE cards SET time = 1e300", "UPDATE cards SET last_edited_at = 'soon'",
    "UPDATE cards SET kind = 'chore'", "UPDATE changes SET card = '{'",
    "UPDATE changes SET card_time = 1e300 WHERE card_id IS NOT NULL",
    "UPDATE households SET body = '{\"id\": 1}'",
  ])
  func test_AC_STORE_13_valuesThatCannotBeReadAreDamageNotACrash(sql: String) async throws {
    let (path, home) = try await store()
    do { try SQLiteConnection(path: path).execute(sql) }
    let store = try SQLiteBackend(path: path, clock: clock)
    let damaged = { (error: any Error) in
      isStoreError(error) { if case .damaged(path, _) = $0 { true } else { false } }
    }
    await #expect(
      performing: {
        _ = try await store.cards(in: home, as: "alice")
        _ = try await store.changes(in: home, after: 0, limit: 100, as: "alice")
        _ = try await store.household(home, as: "alice")
      }, throws: damaged)
  }

  @Test func test_AC_STORE_14_aReadOnlyStoreReadsAndRefusesWrites() async throws {
    let (path, home) = try await store()
    let before = try #require(bytes(path))
    let reader = try SQLiteBackend(path: path, clock: clock, access: .readOnly)
    #expect(try await reader.cards(in: home, as: "alice").count == 3)
    await #expect(throws: StoreError.notWritable(path)) {
      try await reader.addCard(CardDraft(title: "x"), to: home, as: "alice")
    }
    #expect(bytes(path) == before)
    let folder = try TemporaryFolder.make().appending("typo")
    let missing = folder + "/x.sqlite"
    for access in [StoreAccess.readOnly, .existing] {
      #expect(throws: StoreError.missing(missing)) {
        try SQLiteBackend(path: missing, clock: clock, access: access)
      }
    }
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  @Test func test_AC_STORE_15_newStoresAreTheOwnersOnly() throws {
    let folder = try TemporaryFolder.make().appending("private")
    let path = folder + "/store.sqlite"
    _ = try SQLiteBackend(path: path, clock: clock)
    let file = try FileManager.default.attributesOfItem(atPath: path)
    let directory = try FileManager.default.attributesOfItem(atPath: folder)
    #expect((file[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
    #expect((directory[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
  }

  @Test func test_AC_STORE_16_bindingsAreCountedAndAFailedStatementIsPreparedAfresh() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.execute("CREATE TABLE t (a INTEGER NOT NULL UNIQUE)")
    #expect(throws: SQLiteError.self) {
      try connection.run("INSERT INTO t VALUES (?)", [.integer(1), .integer(2)])
    }
    do {
      try connection.run("INSERT INTO t VALUES (?)", [])
      Issue.record("a missing binding was accepted")
    } catch {
      #expect(error.primaryCode == SQLiteError.rangeCode)
    }
    try connection.run("INSERT INTO t VALUES (?)", [.integer(1)])
    #expect(throws: SQLiteError.self) {
      try connection.run("INSERT INTO t VALUES (?)", [.integer(1)])
    }
    try connection.run("INSERT INTO t VALUES (?)", [.integer(2)])
    #expect(try connection.first("SELECT count(*) FROM t") { $0.int(0) } == 2)
  }

  @Test func test_AC_STORE_17_twoConnectionsRaceAJoinAndAnEdit() async throws {
    let (path, home) = try await store(cards: 1)
    let one = try SQLiteBackend(
      path: path, clock: clock, random: SeededRandomNumberGenerator(seed: 1))
    let two = try SQLiteBackend(
      path: path, clock: clock, random: SeededRandomNumberGenerator(seed: 2))
    try await one.leaveHousehold(home, as: "bob")
    let code = try await one.issueInvite(for: home, as: "alice").code.rawValue
    func attempt(_ body: () async throws -> Household) async -> Result<Household, any Error> {
      do { return .success(try await body()) } catch { return .failure(error) }
    }
    async let carol = attempt { try await one.join(code: code, displayName: "Carol", as: "carol") }
    async let dave = attempt { try await two.join(code: code, displayName: "Dave", as: "dave") }
    let outcomes = [await carol, await dave]
    #expect(outcomes.filter { (try? $0.get()) != nil }.count == 1)
    let card = try #require(try await one.cards(in: home, as: "alice").first)
    let partner: AccountID = (try? outcomes[0].get()) != nil ? "carol" : "dave"
    async let first = one.editCard(card.id, CardEdit(note: .set("from alice")), as: "alice")
    async let second = two.editCard(card.id, CardEdit(title: .set("Renamed")), as: partner)
    _ = try await (first, second)
    let after = try await two.card(card.id, as: "alice")
    #expect(after.revision == card.revision + 2)
    #expect(after.title == "Renamed" && after.note == "from alice")
  }

  @Test func test_AC_STORE_18_aStoreRunsOnAThreadOfItsOwn() async throws {
    let store = try SQLiteBackend(path: ":memory:", clock: clock)
    #expect(await store.runsOnItsOwnThread())
    #expect(!store.thread.isCurrent)
  }

  @Test func test_AC_STORE_20_aSchemaOneStoreMigratesAndKeepsEverything() async throws {
    let path = try TemporaryFolder.make().appending("old.sqlite")
    let household = Household(
      id: "h1", name: "Old home", timeZone: "UTC", createdBy: "alice", createdAt: Fixtures.start,
      members: [Member(uid: "alice", displayName: "Alice", joinedAt: Fixtures.start)])
    let card = Card(
      id: "c1", householdID: "h1", kind: .note, title: "From before", createdBy: "alice",
      createdAt: Fixtures.start)
    do {
      let (old, storage) = try Self.oldStore(path, version: 1, household: household)
      try old.run(Self.cardBeforeRepeats, Array(CardRow.values(card).prefix(18)))
      try old.run(
        """
        INSERT INTO changes (household_id, actor, at, kind, needs_knowing, card, household)
        VALUES ('h1', 'alice', ?, 'cardAdded', 1, ?, NULL)
        """, [.date(Fixtures.start), try storage.json(card)])
    }
    let store = try SQLiteBackend(path: path, clock: clock)
    let added = try await store.addCard(CardDraft(title: "From now"), to: "h1", as: "alice")
    let feed = try await store.changes(in: "h1", after: 0, limit: 10, as: "alice")
    #expect(feed.map(\.card?.title) == ["From before", "From now"])
    #expect(feed.first?.card == card)
    #expect(feed.last?.card == added)
    #expect(try await store.cards(in: "h1", as: "alice").map(\.id) == ["c1", added.id])
    #expect(try await store.household("h1", as: "alice") == household)
    let connection = try SQLiteConnection(path: path)
    #expect(try connection.first("PRAGMA user_version") { $0.int(0) } == Schema.version)
  }

  @Test func test_AC_REP_14_aStoreMadeBeforeRepeatsMigratesAndKeepsEveryCard() async throws {
    let path = try TemporaryFolder.make().appending("schema4.sqlite")
    let household = Household(
      id: "h1", name: "Home", timeZone: "America/New_York", createdBy: "alice",
      createdAt: Fixtures.start,
      members: [Member(uid: "alice", displayName: "Alice", joinedAt: Fixtures.start)])
    let cards = (1...3).map { index in
      Card(
        id: CardID("c\(index)"), householdID: "h1", kind: index == 1 ? .note : .task,
        title: "Card \(index)", time: index == 1 ? nil : Fixtures.start + Double(index) * 3_600,
        createdBy: "alice", createdAt: Fixtures.start)
    }
    do {
      let (old, _) = try Self.oldStore(path, version: 4, household: household)
      for card in cards {
        let values = Array(CardRow.values(card).prefix(18))
        try old.run(Self.cardBeforeRepeats, values)
        try old.run(
          """
          INSERT INTO changes (household_id, actor, at, kind, needs_knowing, fields,
            card_id, card_kind, card_title, card_note, card_time, card_assignee, card_reply_by,
            card_created_by, card_last_edited_by, card_created_at, card_last_edited_at,
            card_revision, card_ack_by, card_ack_at, card_ack_revision, card_done, card_deleted)
          VALUES ('h1', 'alice', ?, 'cardAdded', 1, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
            ?, ?, ?)
          """, [.date(Fixtures.start)] + [values[0]] + values[2...])
      }
    }
    let store = try SQLiteBackend(path: path, clock: clock)
    let kept = try await store.cards(in: "h1", as: "alice")
    #expect(kept == cards)
    #expect(kept.allSatisfy { $0.repeatRule == nil && $0.repeatStart == nil })
    let feed = try await store.changes(in: "h1", after: 0, limit: 10, as: "alice")
    #expect(feed.compactMap(\.card) == cards)
    let rule = RepeatRule(frequency: .weekly, weekdays: [.tuesday])
    let edited = try await store.editCard(
      "c2", CardEdit(repeatRule: .set(rule)), as: "alice")
    #expect(edited.card.repeatRule == rule && edited.card.repeatStart == cards[1].time)
    let connection = try SQLiteConnection(path: path)
    #expect(try connection.first("PRAGMA user_version") { $0.int(0) } == Schema.version)
    #expect(
      try await SQLiteBackend(path: path, clock: clock).card("c2", as: "alice") == edited.card)
  }

  @Test func test_AC_MEAL_15_aStoreMadeBeforeMealsMigratesOnceAndKeepsEverything() async throws {
    let path = try TemporaryFolder.make().appending("schema5.sqlite")
    let household = Self.aliceAlone
    let card = Card(
      id: "c1", householdID: "h1", kind: .task, title: "Trash", time: Fixtures.start,
      repeatRule: RepeatRule(frequency: .weekly), createdBy: "alice", createdAt: Fixtures.start)
    try Self.oldStore(path, version: 5, household: household, card: card)
    let clock = ManualWallClock(Fixtures.start)
    let store = try SQLiteBackend(path: path, clock: clock)
    #expect(try await store.cards(in: "h1", as: "alice") == [card])
    #expect(try await store.household("h1", as: "alice") == household)
    let connection = try SQLiteConnection(path: path)
    #expect(try connection.first("PRAGMA user_version") { $0.int(0) } == Schema.version)
    // The plan and the dish are kept from then on, and read back by a store opened again.
    let day = MealDay(containing: Fixtures.start, in: household.zone)
    let meal = try await store.addCard(
      .meal(Meal(day: day, slot: .dinner, state: .decided(.takeaway), cook: .member("alice"))),
      to: "h1", as: "alice")
    let entry = OutboxEntry(
      id: "w1", householdID: "h1",
      write: .addDish(DishDraft(id: "currydsh", name: "Curry")), madeAt: Fixtures.start)
    _ = try await store.submit(entry, as: "alice")
    let reopened = try SQLiteBackend(path: path, clock: clock)
    #expect(try await reopened.card(meal.id, as: "alice") == meal)
    #expect(try await reopened.household("h1", as: "alice").dish("currydsh")?.name.text == "Curry")
    let feed = try await reopened.changes(in: "h1", after: 0, limit: 10, as: "alice")
    #expect(feed.map(\.card?.meal) == [meal.meal, nil])
    #expect(feed.last?.dish == "currydsh" && feed.last?.kind == .dishAdded)
  }

  @Test func test_AC_LIST_09_aStoreMadeBeforeTheListMigratesOnceAndKeepsEverything() async throws {
    let path = try TemporaryFolder.make().appending("schema6.sqlite")
    let household = Self.aliceAlone
    let card = Card(
      id: "c1", householdID: "h1", kind: .note, title: "Milk", createdBy: "alice",
      createdAt: Fixtures.start)
    try Self.oldStore(path, version: 6, household: household, card: card)
    let clock = ManualWallClock(Fixtures.start)
    let store = try SQLiteBackend(path: path, clock: clock)
    #expect(try await store.cards(in: "h1", as: "alice") == [card])
    #expect(try await store.household("h1", as: "alice") == household)
    let connection = try SQLiteConnection(path: path)
    #expect(try connection.first("PRAGMA user_version") { $0.int(0) } == Schema.version)
    _ = try SQLiteBackend(path: path, clock: clock)
    #expect(try connection.first("PRAGMA user_version") { $0.int(0) } == Schema.version)
    // The list works from then on, and a store opened again reads it back.
    for (number, draft) in [
      ItemDraft(id: "m2kk2222", text: "milk"),
      ItemDraft(id: "m3kk3333", text: " MILK", note: "2 litres"),
    ].enumerated() {
      let entry = OutboxEntry(
        id: WriteID("w\(number)"), householdID: "h1", write: .addItems([draft]),
        madeAt: Fixtures.start)
      _ = try await store.submit(entry, as: "alice")
    }
    let reopened = try SQLiteBackend(path: path, clock: clock)
    let feed = try await reopened.changes(in: "h1", after: 0, limit: 10, as: "alice")
    #expect(feed.map(\.kind) == [.itemAdded, .itemAdded])
    #expect(feed.last?.item?.id == "m2kk2222" && feed.last?.item?.note == "2 litres")
    #expect(try connection.first("SELECT count(*) FROM items") { $0.int(0) } == 1)
  }

  @Test func test_AC_LIST_26_anItemKeptBeforeQuantitiesStandsApartUntilItChanges() async throws {
    let path = try TemporaryFolder.make().appending("schema10.sqlite")
    let (old, storage) = try Self.oldStore(path, version: 10, household: Self.aliceAlone)
    // NB: as schema 10 kept it: its key the whole text, quantity and all.
    let legacy = ShoppingItem(
      id: "m2kk2222", householdID: "h1", text: try ItemText("2 onions"), addedBy: "alice",
      addedAt: Fixtures.start)
    try old.run(
      """
      INSERT INTO items (household_id, id, list_id, folded, needed, added_at, body)
      VALUES ('h1', 'm2kk2222', 'main', '2 onions', 1, 0, ?)
      """, [try storage.json(legacy)])
    let clock = ManualWallClock(Fixtures.start)
    let store = try SQLiteBackend(path: path, clock: clock)
    func add(_ text: String, _ id: ItemID, _ write: WriteID) async throws -> ShoppingItem? {
      let entry = OutboxEntry(
        id: write, householdID: "h1", write: .addItems([ItemDraft(id: id, text: text)]),
        madeAt: Fixtures.start)
      guard case .applied(_, _, _, let changes) = try await store.submit(entry, as: "alice")
      else { return nil }
      return changes.last?.item
    }
    // NB: apart, as before; and the new one gathers what comes next.
    #expect(try await add("onions", "m3kk3333", "w1")?.id == "m3kk3333")
    #expect(try await add("2 onions", "m4kk4444", "w2")?.text.text == "3 onions")
    // NB: a change to the old one is not refused for the other, and keeps it whole.
    let move = OutboxEntry(
      id: "w3", householdID: "h1", write: .moveItem("m2kk2222", to: .produce),
      madeAt: Fixtures.start)
    let moved = try await store.submit(move, as: "alice")
    guard case .applied = moved else {
      Issue.record("the move was refused: \(moved)")
      return
    }
    let reader = try SQLiteConnection(path: path)
    let items = try reader.rows("SELECT body FROM items") {
      try JSONDecoder().decode(ShoppingItem.self, from: Data(try $0.text(named: "body").utf8))
    }
    #expect(items.map(\.text.text).sorted() == ["2 onions", "3 onions"])
    #expect(items.allSatisfy(\.isNeeded) && items.count == 2)
  }

  /// Alice's household alone, as the older stores hold it.
  static let aliceAlone = Household(
    id: "h1", name: "Home", timeZone: "Asia/Taipei", createdBy: "alice",
    createdAt: Fixtures.start,
    members: [Member(uid: "alice", displayName: "Alice", joinedAt: Fixtures.start)])

  /// A store at `version` (5 or later) holding `household` and `card` in the columns that
  /// version has.
  static func oldStore(_ path: String, version: Int, household: Household, card: Card) throws {
    let (old, _) = try oldStore(path, version: version, household: household)
    try old.run(
      """
      INSERT INTO cards (id, household_id, kind, title, note, time, assignee, reply_by,
        created_by, last_edited_by, created_at, last_edited_at, revision, ack_by, ack_at,
        ack_revision, done, deleted, repeat_rule, repeat_start)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """, Array(CardRow.values(card).prefix(20)))
  }

  /// A store at `version`, made by that version's migrations, holding `household` with alice
  /// in it: its connection, and storage to write JSON as that version did.
  static func oldStore(_ path: String, version: Int, household: Household) throws -> (
    SQLiteConnection, SQLiteStorage
  ) {
    let old = try SQLiteConnection(path: path)
    for migration in Schema.migrations.prefix(version) { try old.execute(migration.sql) }
    // NB: a store past schema 1 carries the application id that marks it as ours.
    let mark = version > 1 ? "; PRAGMA application_id = \(SQLiteHeader.teammateID)" : ""
    try old.execute("PRAGMA user_version = \(version)\(mark)")
    let storage = SQLiteStorage(connection: old)
    try old.run(
      "INSERT INTO households (id, body) VALUES (?, ?)",
      [.id(household.id), try storage.json(household)])
    try old.run(
      "INSERT INTO account_households (account, household_id) VALUES ('alice', ?)",
      [.id(household.id)])
    return (old, storage)
  }

  /// A card as stores before schema 5 wrote it: 18 columns, no repeat.
  static let cardBeforeRepeats = """
    INSERT INTO cards (id, household_id, kind, title, note, time, assignee, reply_by,
      created_by, last_edited_by, created_at, last_edited_at, revision, ack_by, ack_at,
      ack_revision, done, deleted)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    """
}
