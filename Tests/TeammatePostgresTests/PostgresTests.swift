import Foundation
import Synchronization
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// What only a real server shows: row-level security, and several connections at once.
@Suite struct PostgresTests {
  /// A schema of its own on the test server, and its URL.
  static func store() throws -> String { try PostgresTestServer.freshStore("pgtest") }

  /// Alice's household "Home" on a fresh store: the store's URL, the clock, the backend
  /// that made it and the creation.
  static func aliceAtHome() async throws -> (
    String, ManualWallClock, PostgresBackend, HouseholdCreation
  ) {
    let url = try store()
    let clock = ManualWallClock(Fixtures.start)
    let backend = try PostgresBackend(url: url, clock: clock)
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice)
    return (url, clock, backend, creation)
  }

  /// Alice's household "Home" and Carol's "Other", made through `backend`.
  static func homeAndOther(on backend: PostgresBackend) async throws -> (HouseholdID, HouseholdID) {
    let home = try await backend.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice
    ).household.id
    let other = try await backend.createHousehold(
      name: "Other", timeZone: "UTC", displayName: "Carol", as: Fixtures.carol
    ).household.id
    return (home, other)
  }

  /// Alice's and Carol's households, each with a card; the URL and both households.
  func twoHouseholds() async throws -> (String, HouseholdID, HouseholdID) {
    let url = try Self.store()
    let clock = ManualWallClock(Fixtures.start)
    let backend = try PostgresBackend(
      url: url, clock: clock, random: SeededRandomNumberGenerator(seed: 5))
    let (home, other) = try await Self.homeAndOther(on: backend)
    _ = try await backend.addCard(CardDraft(title: "Diapers"), to: home, as: Fixtures.alice)
    _ = try await backend.addCard(CardDraft(title: "Rent"), to: other, as: Fixtures.carol)
    return (url, home, other)
  }

  @Test func test_AC_PG_01_theDatabaseKeepsEachHouseholdsRowsToItsMembers() async throws {
    let (url, home, _) = try await twoHouseholds()
    let raw = try PostgresConnection(url: url)
    try raw.execute("BEGIN; SET LOCAL ROLE teammate_app")
    try raw.query("SELECT teammate_act_as('carol')")
    // NB: a table's name is SQL, not a value to bind.
    for table: PostgresQuery in ["cards", "changes", "write_receipts", "invites"] {
      let seen = try raw.query(
        "SELECT count(*) FROM \(sql: table) WHERE household_id = \(home.rawValue)")
      #expect(try seen.integer(0, "count") == 0, "carol sees \(table.sql) of alice's household")
    }
    #expect(
      try raw.query("SELECT count(*) FROM households WHERE id = \(home.rawValue)").text(0, "count")
        == "0")
    let changed = try raw.query(
      "UPDATE cards SET body = '{}' WHERE household_id = \(home.rawValue) RETURNING id")
    #expect(changed.count == 0)
    let deleted = try raw.query(
      "DELETE FROM changes WHERE household_id = \(home.rawValue) RETURNING sequence")
    #expect(deleted.count == 0)
    #expect {
      try raw.query(
        "INSERT INTO cards (household_id, id, body) VALUES (\(home.rawValue), 'zzzzzzzz', '{}')")
    } throws: { error in (error as? PostgresError)?.state == .insufficientPrivilege }
    try? raw.execute("ROLLBACK")

    // NB: her own household is there for her, row by row.
    try raw.execute("BEGIN; SET LOCAL ROLE teammate_app")
    try raw.query("SELECT teammate_act_as('alice')")
    #expect(try raw.query("SELECT count(*) FROM cards").text(0, "count") == "1")
    try raw.execute("ROLLBACK")
  }

  @Test func test_AC_PG_02_aJoinRaceOnTwoConnectionsHasOneWinner() async throws {
    let (url, clock, first, creation) = try await Self.aliceAtHome()
    let code = creation.invite.code.rawValue
    let bob = try PostgresBackend(url: url, clock: clock)
    let carol = try PostgresBackend(url: url, clock: clock)
    async let bobJoins: Household? = try? bob.join(code: code, displayName: "Bob", as: Fixtures.bob)
    async let carolJoins: Household? = try? carol.join(
      code: code, displayName: "Carol", as: Fixtures.carol)
    let outcomes = await [bobJoins, carolJoins]
    #expect(outcomes.compactMap { $0 }.count == 1)
    let household = try await first.household(creation.household.id, as: Fixtures.alice)
    #expect(household.members.count == 2)
  }

  @Test func test_AC_PG_03_concurrentWritersLoseNothingAndTheFeedHasNoGaps() async throws {
    let (url, clock, setup, creation) = try await Self.aliceAtHome()
    let home = creation.household.id
    _ = try await setup.join(
      code: creation.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    let writers = try (0..<4).map { index in
      try PostgresBackend(
        url: url, clock: clock, random: SeededRandomNumberGenerator(seed: UInt64(index + 1)))
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, writer) in writers.enumerated() {
        group.addTask {
          for card in 0..<10 {
            let author = index % 2 == 0 ? Fixtures.alice : Fixtures.bob
            _ = try await writer.addCard(
              CardDraft(title: "w\(index) c\(card)"), to: home, as: author)
          }
        }
      }
      try await group.waitForAll()
    }
    let cards = try await setup.cards(in: home, as: Fixtures.alice)
    #expect(cards.count == 40)
    #expect(Set(cards.map(\.title)).count == 40)
    let feed = try await setup.changes(in: home, after: 0, limit: 1_000, as: Fixtures.alice)
    #expect(feed.map(\.sequence) == Array(1...Int64(feed.count)))
    #expect(feed.filter { $0.kind == .cardAdded }.count == 40)
  }

  @Test func test_AC_PG_04_anotherApplicationsOrANewerDatabaseIsRefused() async throws {
    let foreign = try Self.store()
    let raw = try PostgresConnection(url: foreign)
    try raw.execute("CREATE TABLE orders (id integer)")
    #expect {
      _ = try PostgresBackend(url: foreign, clock: ManualWallClock(Fixtures.start))
    } throws: { error in
      (error as? PostgresError)?.message == "the database holds another application's tables"
    }
    #expect(
      try raw.query("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()").text(
        0, "count")
        == "1")

    let newer = try Self.store()
    _ = try PostgresBackend(url: newer, clock: ManualWallClock(Fixtures.start))
    try PostgresConnection(url: newer).execute("UPDATE teammate_schema SET version = 99")
    #expect {
      _ = try PostgresBackend(url: newer, clock: ManualWallClock(Fixtures.start))
    } throws: { error in
      (error as? PostgresError)?.message.contains("schema 99, newer than this build's") == true
    }
  }
}

@Suite struct PostgresMigrationTests {
  @Test func test_AC_PG_08_anOlderStoreIsMigratedWhenOpenedAndKeepsItsCards() async throws {
    let (url, clock, backend, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let card = try await backend.addCard(
      CardDraft(title: "From before"), to: home, as: Fixtures.alice)
    // NB: what a store made by the build before repeats looks like.
    let raw = try PostgresConnection(url: url)
    try raw.execute("UPDATE teammate_schema SET version = 2; COMMENT ON TABLE cards IS NULL")
    let opened = try PostgresBackend(url: url, clock: clock)
    #expect(
      try raw.query("SELECT version FROM teammate_schema").text(0, "version")
        == "\(PostgresBackend.schemaVersion)")
    let language: PostgresQuery = """
      SELECT lanname FROM pg_proc JOIN pg_language ON pg_language.oid = prolang
      WHERE proname = 'teammate_household' AND pronamespace = current_schema()::regnamespace
      """
    #expect(try raw.query(language).text(0, "lanname") == "plpgsql")
    #expect(
      try raw.query("SELECT obj_description('cards'::regclass) AS comment").text(0, "comment")
        .contains("repeatRule"))
    #expect(try await opened.cards(in: home, as: Fixtures.alice) == [card])
    let weekly = RepeatRule(frequency: .weekly)
    let repeating = try await opened.addCard(
      CardDraft(kind: .task, title: "Trash", time: Fixtures.start, repeatRule: weekly), to: home,
      as: Fixtures.alice)
    #expect(try await opened.card(repeating.id, as: Fixtures.alice).repeatRule == weekly)
    try raw.execute("UPDATE teammate_schema SET version = 2")
    _ = try PostgresBackend(url: url, clock: clock)
    _ = try PostgresBackend(url: url, clock: clock)
    #expect(
      try raw.query("SELECT count(*), max(version) AS version FROM teammate_schema").text(
        0, "version") == "\(PostgresBackend.schemaVersion)")
  }

  @Test func test_AC_MEAL_16_aStoreMadeBeforeMealsMigratesOnceAndKeepsEverything() async throws {
    let (url, clock, backend, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let card = try await backend.addCard(
      CardDraft(title: "From before"), to: home, as: Fixtures.alice)
    // NB: what a store made by the build before meals looks like.
    let raw = try PostgresConnection(url: url)
    try raw.execute("UPDATE teammate_schema SET version = 5; COMMENT ON TABLE households IS NULL")
    let opened = try PostgresBackend(url: url, clock: clock)
    #expect(
      try raw.query("SELECT version FROM teammate_schema").text(0, "version")
        == "\(PostgresBackend.schemaVersion)")
    #expect(
      try raw.query("SELECT obj_description('households'::regclass) AS comment").text(0, "comment")
        .contains("dishes"))
    #expect(try await opened.cards(in: home, as: Fixtures.alice) == [card])
    #expect(try await opened.household(home, as: Fixtures.alice) == creation.household)
    let day = MealDay(containing: Fixtures.start, in: creation.household.zone)
    let meal = try await opened.addCard(
      .meal(Meal(day: day, slot: .lunch, state: .proposed([.leftovers, .text("Soup")]))),
      to: home, as: Fixtures.alice)
    let entry = OutboxEntry(
      id: "w1", householdID: home,
      write: .addDish(DishDraft(id: "currydsh", name: "Curry")), madeAt: Fixtures.start)
    _ = try await opened.submit(entry, as: Fixtures.alice)
    let again = try PostgresBackend(url: url, clock: clock)
    #expect(try await again.card(meal.id, as: Fixtures.alice) == meal)
    #expect(try await again.household(home, as: Fixtures.alice).dish("currydsh") != nil)
    // NB: a build that knows fewer versions refuses the store (AC-PG-08's newer-schema check).
    #expect(
      try raw.query("SELECT count(*) AS rows FROM teammate_schema").text(0, "rows") == "1")
  }

  @Test func test_AC_LIST_10_aStoreMadeBeforeTheListMigratesOnceAndKeepsEverything() async throws {
    let (url, clock, backend, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let card = try await backend.addCard(
      CardDraft(title: "From before"), to: home, as: Fixtures.alice)
    // NB: what a store made by the build before the list looks like.
    let raw = try PostgresConnection(url: url)
    try raw.execute("DROP TABLE items; UPDATE teammate_schema SET version = 6")
    let opened = try PostgresBackend(url: url, clock: clock)
    _ = try PostgresBackend(url: url, clock: clock)
    #expect(
      try raw.query("SELECT count(*) AS rows, max(version) AS version FROM teammate_schema")
        .text(0, "version") == "\(PostgresBackend.schemaVersion)")
    #expect(try await opened.cards(in: home, as: Fixtures.alice) == [card])
    #expect(try await opened.household(home, as: Fixtures.alice) == creation.household)
    for (number, draft) in [
      ItemDraft(id: "m2kk2222", text: "milk"), ItemDraft(id: "m3kk3333", text: "Milk", note: "oat"),
    ].enumerated() {
      let entry = OutboxEntry(
        id: WriteID("w\(number)"), householdID: home, write: .addItems([draft]),
        madeAt: Fixtures.start)
      _ = try await opened.submit(entry, as: Fixtures.alice)
    }
    let feed = try await opened.changes(in: home, after: 0, limit: 10, as: Fixtures.alice)
    #expect(feed.compactMap(\.item).map(\.id) == ["m2kk2222", "m2kk2222"])
    #expect(feed.last?.item?.note == "oat")
    // NB: the row-level policy: a stranger's session sees no item of the household.
    try raw.execute(
      "BEGIN; SET LOCAL ROLE teammate_app; SELECT teammate_act_as('carol')")
    #expect(try raw.query("SELECT count(*) AS items FROM items").text(0, "items") == "0")
    try raw.execute("ROLLBACK")
    #expect(try raw.query("SELECT count(*) AS items FROM items").text(0, "items") == "1")
  }
}

@Suite struct PostgresFaultTests {
  @Test func test_AC_PG_28_aDirectConnectionIsTheAppsRoleForItsWholeSession() async throws {
    let (url, _, backend, creation) = try await PostgresTests.aliceAtHome()
    #expect(try await backend.currentRole() == "teammate_app")
    #expect(try await backend.sessionRole() == "postgres")
    let admin = try PostgresConnection(url: url)
    try admin.query("SELECT pg_terminate_backend(\(try await backend.serverProcess())::int, 10000)")
    _ = try await backend.addCard(
      CardDraft(title: "After the cut"), to: creation.household.id, as: Fixtures.alice)
    #expect(try await backend.currentRole() == "teammate_app")
  }

  @Test func test_AC_PG_05_aDroppedConnectionIsOpenedAgainAndARoleWithoutRightsIsRefused()
    async throws
  {
    let (url, clock, backend, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let process = try await backend.serverProcess()
    let admin = try PostgresConnection(url: url)
    try admin.query("SELECT pg_terminate_backend(\(process)::int, 10000)")
    _ = try await backend.addCard(CardDraft(title: "After the cut"), to: home, as: Fixtures.alice)
    #expect(try await backend.serverProcess() != process)
    let cards = try await backend.cards(in: home, as: Fixtures.alice)
    #expect(cards.map(\.title) == ["After the cut"])

    try admin.execute(
      "DO $$ BEGIN CREATE ROLE teammate_nobody LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$"
    )
    let schema = "pgbare_\(getpid())"
    let bare = try PostgresBackend.createSchema(schema, on: url)
    // NB: it may look in the schema, not make tables there.
    try admin.execute("GRANT USAGE ON SCHEMA \(schema) TO teammate_nobody")
    let stranger = bare.replacingOccurrences(of: "user=postgres", with: "user=teammate_nobody")
    #expect {
      _ = try PostgresBackend(url: stranger, clock: clock)
    } throws: { error in
      (error as? PostgresError)?.message.contains("permission denied") == true
    }
  }
}

extension PostgresFaultTests {
  @Test func test_AC_PG_29_theHouseholdIsNamedOnceTheAccountIsLocked() async throws {
    let (url, clock, alices, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let joining = try PostgresBackend(url: url, clock: clock)
    let commits = Atomic<Int>(0)
    let (held, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    // NB: a join counts its code in a transaction of its own, then joins in a second: the
    // second is held open before its commit, Bob's account locked.
    await joining.counts().cutBeforeCommit { _ in
      guard commits.add(1, ordering: .relaxed).newValue == 2 else { return }
      held.signal()
      release.wait()
    }
    let join = Task {
      try await joining.join(
        code: creation.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    }
    try await offThePool { held.wait() }
    let adding = Task {
      try await alices.addCard(CardDraft(title: "Crib"), to: home, as: Fixtures.bob)
    }
    // NB: Bob's add waits for his account's lock before his membership is read.
    let watch = try PostgresConnection(url: url)
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    let waiting: PostgresQuery = """
      SELECT count(*) AS n FROM pg_locks,
        (SELECT hashtextextended('teammate.account ' || current_schema() || ' bob', 0) AS key) k
      WHERE locktype = 'advisory' AND NOT granted AND objsubid = 1
        AND classid::bigint = (key >> 32) & 4294967295 AND objid::bigint = key & 4294967295
      """
    while try watch.query(waiting).integer(0, "n") == 0, ContinuousClock.now < deadline {}
    release.signal()
    _ = try await join.value
    let card = try await adding.value
    #expect(card.householdID == home && card.createdBy == Fixtures.bob)
  }

  @Test func test_AC_PG_06_aServerGoneMidWriteLeavesNothingAndTheNextCallWorks() async throws {
    let (url, _, backend, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    await backend.counts().cutBeforeCommit { process in
      // NB: waits until the process is gone, so that the commit cannot slip in before.
      try PostgresConnection(url: url).query(
        "SELECT pg_terminate_backend(\(process)::int, 10000)")
    }
    await #expect(throws: PostgresError.self) {
      _ = try await backend.addCard(CardDraft(title: "Lost"), to: home, as: Fixtures.alice)
    }
    await backend.counts().cutBeforeCommit(nil)
    #expect(try await backend.cards(in: home, as: Fixtures.alice).isEmpty)
    _ = try await backend.addCard(CardDraft(title: "Kept"), to: home, as: Fixtures.alice)
    #expect(try await backend.cards(in: home, as: Fixtures.alice).map(\.title) == ["Kept"])
    let feed = try await backend.changes(in: home, after: 0, limit: 10, as: Fixtures.alice)
    #expect(feed.map(\.sequence) == [1, 2])
  }
}

@Suite struct PostgresURLTests {
  @Test func test_AC_PG_07_aURLWithOddCharactersSignsInAsWritten() async throws {
    let url = try PostgresTestServer.freshStore("pgurl")
    let password = "p@ss:w/rd&%?=é \"q' 家"
    let admin = try PostgresConnection(url: url)
    // NB: the throwaway cluster asks `teammate_odd` for its password (scripts/postgres.sh).
    let quoted = password.replacingOccurrences(of: "'", with: "''")
    try admin.execute(
      "DO $$ BEGIN CREATE ROLE teammate_odd LOGIN SUPERUSER; "
        + "EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
        + "ALTER ROLE teammate_odd PASSWORD '\(quoted)'")
    var allowed = CharacterSet.alphanumerics
    allowed.remove(charactersIn: "家é")
    let encoded = try #require(password.addingPercentEncoding(withAllowedCharacters: allowed))
    let odd =
      url.replacingOccurrences(of: "user=postgres", with: "user=teammate_odd")
      + "&password=\(encoded)"
    let backend = try PostgresBackend(url: odd, clock: ManualWallClock(Fixtures.start))
    let home = try await backend.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice
    ).household.id
    _ = try await backend.addCard(CardDraft(title: "Diapers"), to: home, as: Fixtures.alice)
    let cards = try await backend.cards(in: home, as: Fixtures.alice)
    #expect(cards.map(\.title) == ["Diapers"])
    let wrong = url.replacingOccurrences(of: "user=postgres", with: "user=teammate_odd")
    #expect(throws: (any Error).self) {
      _ = try PostgresConnection(url: wrong + "&password=\(encoded)x")
    }
  }
}
