import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// A device is a hostile client (ADR 0019): each attack is what someone holding Mallory's
/// password file runs through libpq, with nothing of the kit between.
@Suite struct HostileDeviceTests {
  /// Alice's household with a card, and Mallory's of her own, on a fresh store: the store's
  /// URL, the operator's session, Alice's backend and household, Mallory's role, her
  /// household and her raw session.
  struct Scene {
    let store: String
    let accounts: PostgresAccounts
    let alice: PostgresAccounts.Provisioned
    let alices: PostgresBackend
    let home: HouseholdCreation
    let mallory: PostgresAccounts.Provisioned
    let lair: HouseholdCreation
    let raw: RawSession
    /// The operator's own raw session on the store.
    let service: RawSession
  }

  static func scene() async throws -> Scene {
    // NB: the store, its schema and the roles are made off the cooperative threads, as the
    // contract suite makes its stores: a test that waits there stalls the others.
    let made = try await offThePool {
      let store = try PostgresTestServer.freshStore("hostile")
      let accounts = try PostgresAccounts(url: store)
      return Handed(
        (store, accounts, try accounts.add(Fixtures.alice), try accounts.add("mallory")))
    }
    let (store, accounts, alice, mallory) = made.value
    let clock = ManualWallClock(Fixtures.start)
    let alices = try PostgresBackend(url: alice.url(password: true), clock: clock)
    let home = try await alices.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice)
    _ = try await alices.addCard(
      CardDraft(title: "Checkup at 9"), to: home.household.id, as: Fixtures.alice)
    let lair = try await PostgresBackend(url: mallory.url(password: true), clock: clock)
      .createHousehold(name: "Lair", timeZone: "UTC", displayName: "Mallory", as: "mallory")
    return Scene(
      store: store, accounts: accounts, alice: alice, alices: alices, home: home, mallory: mallory,
      lair: lair, raw: try RawSession(mallory.url(password: true)), service: try RawSession(store))
  }

  /// Brings the store of a schema before this build's up to it, off the cooperative threads.
  static func migrate(_ store: String) async throws {
    _ = try await offThePool { Handed(try PostgresAccounts(url: store)) }
  }

  /// Tables a session's own temporary ones could stand in for, in a definer function that
  /// looks names up in the caller's path: each made, and filled to make Mallory Alice.
  static func shadows(home: String) -> [String] {
    [
      "CREATE TEMP TABLE teammate_accounts (role name, account text, household_id text)",
      "INSERT INTO pg_temp.teammate_accounts VALUES (session_user, 'alice', '\(home)')",
      "CREATE TEMP TABLE households (id text, body text)",
      """
      CREATE TEMP TABLE teammate_join_guard (max_failures integer, max_store_wide integer,
        window_seconds integer)
      """,
      "INSERT INTO pg_temp.teammate_join_guard VALUES (1000000, 1000000, 1)",
      """
      CREATE TEMP TABLE join_guesses (account text, code text, at timestamptz DEFAULT now(),
        guessed_in xid8 DEFAULT pg_current_xact_id(), admitted_in xid8)
      """,
      "CREATE TEMP TABLE fired (who name)",
      """
      CREATE FUNCTION pg_temp.fire() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN INSERT INTO pg_temp.fired SELECT current_user; RETURN NEW; END $$
      """,
      """
      CREATE TRIGGER fire BEFORE INSERT ON pg_temp.join_guesses
        FOR EACH ROW EXECUTE FUNCTION pg_temp.fire()
      """,
    ]
  }

  @Test func test_AC_PG_33_noDeviceRunsCodeAsTheOwnerOfTheTables() async throws {
    let scene = try await Self.scene()
    let (raw, service) = (scene.raw, scene.service)
    let home = scene.home.household.id.rawValue
    #expect(await raw.refusal("CREATE TEMP TABLE planted (id integer)") == "42501")

    // NB: the store's functions: the owner's, which is no superuser and cannot sign in; a
    // definer's path ends in the session's temporary schema.
    let functions = try await service.run(
      """
      SELECT p.proname, pg_get_userbyid(p.proowner), p.prosecdef::text,
        array_to_string(p.proconfig, ';')
      FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace ORDER BY 1
      """)
    #expect(functions.count >= 20)
    let schema = try #require(try await service.value("SELECT current_schema()"))
    for function in functions {
      #expect(function[1] == "teammate_owner", "\(function)")
      if function[2] == "true" {
        #expect(function[3] == "search_path=\(schema), pg_temp", "\(function)")
      }
    }
    let owner = try await service.run(
      "SELECT rolsuper::text, rolcanlogin::text FROM pg_roles WHERE rolname = 'teammate_owner'")
    #expect(owner == [["false", "false"]])
    // NB: a role of the server that is neither the service nor a device runs none of them.
    try await service.run(
      """
      DO $$ BEGIN CREATE ROLE teammate_stranger LOGIN;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
      GRANT USAGE ON SCHEMA \(schema) TO teammate_stranger
      """)
    let stranger = try RawSession(
      scene.store.replacingOccurrences(of: "user=postgres", with: "user=teammate_stranger"))
    #expect(await stranger.refusal("SELECT teammate_guess('000001')") == "42501")
    #expect(await stranger.refusal("SELECT teammate_actor()") == "42501")

    // NB: where an operator let a device make temporary tables, they stand in for nothing.
    let database = try #require(try await service.value("SELECT current_database()"))
    try await service.run("GRANT TEMPORARY ON DATABASE \(database) TO \(scene.mallory.role)")
    for statement in Self.shadows(home: home) { try await raw.run(statement) }
    #expect(try await raw.value("SELECT teammate_actor()") == "mallory")
    #expect(try await raw.value("SELECT teammate_household()") == scene.lair.household.id.rawValue)
    #expect(try await raw.value("SELECT count(*) FROM cards WHERE household_id = '\(home)'") == "0")
    #expect(
      try await raw.value("SELECT teammate_invite('\(scene.home.invite.code.rawValue)')") == nil)
    for number in 1...20 { try await raw.run("SELECT teammate_guess('\(900_000 + number)')") }
    #expect(await raw.refusal("SELECT teammate_guess('900021')") == "TM001")
    #expect(try await raw.value("SELECT count(*) FROM pg_temp.fired") == "0")
    #expect(
      try await scene.alices.cards(in: scene.home.household.id, as: Fixtures.alice).map(\.title)
        == ["Checkup at 9"])
  }

  @Test func test_AC_PG_33_onSchema12ATemporaryTableMadeADeviceAlice() async throws {
    let old = try await Schema12Store.make()
    let raw = try RawSession(old.url(of: old.mallory))
    for statement in Self.shadows(home: old.home.rawValue) { try await raw.run(statement) }
    #expect(try await raw.value("SELECT teammate_actor()") == "alice")

    // NB: once the store is brought up to this build's schema, the same session's tables
    // stand in for nothing.
    try await Self.migrate(old.store)
    #expect(try await raw.value("SELECT teammate_actor()") == "mallory")
    #expect(
      try await raw.value("SELECT count(*) FROM cards WHERE household_id = '\(old.home.rawValue)'")
        == "0"
    )
  }

  @Test func test_AC_PG_34_aDeviceTakesNoLockLargeObjectSleepOrNotificationOfItsChoosing()
    async throws
  {
    let scene = try await Self.scene()
    let (raw, service) = (scene.raw, scene.service)
    let home = scene.home.household.id.rawValue
    let channel = try #require(try await service.value("SELECT teammate_channel('\(home)')"))
    for statement in [
      "SELECT pg_advisory_lock(1)", "SELECT pg_advisory_lock_shared(1)",
      "SELECT pg_try_advisory_lock(1)", "SELECT pg_advisory_xact_lock(1)",
      "SELECT pg_try_advisory_xact_lock_shared(1)", "SELECT lo_create(0)",
      "SELECT lo_from_bytea(0, 'x')", "SELECT pg_sleep(0)", "SELECT pg_sleep_for('0 s')",
      "SELECT pg_notify('\(channel)', '1')", "SELECT teammate_lock_account('alice')",
      "SELECT teammate_channel('\(home)')", "SELECT teammate_presence('\(channel)', true)",
      "SELECT teammate_lock_key('account', 'alice')", "SELECT * FROM teammate_secret",
      "SELECT teammate_channel_of('\(home)')",
    ] {
      #expect(await raw.refusal(statement) == "42501", "\(statement)")
    }
    // NB: its own household's channel and presence, and its own account's lock, it may take.
    let own = try #require(
      try await raw.value("SELECT teammate_channel('\(scene.lair.household.id.rawValue)')"))
    try await raw.run("SELECT teammate_presence('\(own)', true)")
    try await raw.run("BEGIN; SELECT teammate_lock_account('mallory'); COMMIT")

    // NB: a channel named from the household's id alone is not the household's.
    let guessed = try #require(
      try await raw.value("SELECT 'teammate_' || md5(current_schema() || '/' || '\(home)')"))
    #expect(guessed != channel)
    try await raw.run("LISTEN \(guessed); LISTEN teammate_marker")
    let pushes = PushInbox(
      try await scene.alices.pushes(for: scene.home.household.id, as: Fixtures.alice))
    let added = try await scene.alices.addCard(
      CardDraft(title: "Heard by Alice's phone only"), to: scene.home.household.id,
      as: Fixtures.alice)
    #expect(try await pushes.next() != nil)
    try await service.run("NOTIFY teammate_marker")
    #expect(try await raw.heard(until: "teammate_marker").isEmpty)
    #expect(
      try await scene.alices.card(added.id, as: Fixtures.alice).title
        == "Heard by Alice's phone only")
  }

  @Test func test_AC_PG_35_removingAnAccountEndsItsSessionsAndDropsWhatItOwns() async throws {
    let scene = try await Self.scene()
    let (raw, service, role) = (scene.raw, scene.service, scene.mallory.role)
    let lair = scene.lair.household.id.rawValue
    let oid = try #require(
      try await service.value("SELECT oid FROM pg_roles WHERE rolname = '\(role)'"))
    // NB: a session listening, one holding its account's lock, and what it granted by default.
    let channel = try #require(try await raw.value("SELECT teammate_channel('\(lair)')"))
    try await raw.run("SELECT teammate_presence('\(channel)', true); LISTEN \(channel)")
    let holding = try RawSession(scene.mallory.url(password: true))
    try await holding.run("BEGIN; SELECT teammate_lock_account('mallory')")
    try await RawSession(scene.mallory.url(password: true)).run(
      "ALTER DEFAULT PRIVILEGES GRANT SELECT ON TABLES TO PUBLIC")

    let removing = Handed(scene.accounts)
    try await offThePool { try removing.value.remove("mallory") }
    #expect(await !raw.isOpen)
    #expect(await !holding.isOpen)
    #expect(
      try await service.value("SELECT count(*) FROM pg_roles WHERE rolname = '\(role)'") == "0")
    #expect(
      try await service.value("SELECT count(*) FROM pg_stat_activity WHERE usesysid = \(oid)")
        == "0")
    #expect(
      try await service.value("SELECT count(*) FROM pg_default_acl WHERE defaclrole = \(oid)")
        == "0")
    #expect(throws: RawSession.Refusal.self) {
      _ = try RawSession(scene.mallory.url(password: true))
    }
    // NB: her household stays, and Alice carries on.
    #expect(try await service.value("SELECT count(*) FROM households WHERE id = '\(lair)'") == "1")
    _ = try await scene.alices.addCard(
      CardDraft(title: "After Mallory"), to: scene.home.household.id, as: Fixtures.alice)
  }

  @Test func test_AC_PG_36_theInviteBudgetHoldsUnderParallelTransactionsAndCannotBeForged()
    async throws
  {
    let scene = try await Self.scene()
    let (raw, service) = (scene.raw, scene.service)
    let code = scene.home.invite.code.rawValue
    // NB: one account's guesses take turns: a second session waits for the first's commit.
    let other = try RawSession(scene.mallory.url(password: true))
    try await raw.run("BEGIN; SELECT teammate_guess('000001')")
    try await other.run("SET lock_timeout = '200ms'")
    #expect(await other.refusal("SELECT teammate_guess('000002')") == "55P03")
    try await raw.run("COMMIT")
    try await other.run("SELECT teammate_guess('000002')")
    #expect(
      await other.refusal(
        "BEGIN ISOLATION LEVEL REPEATABLE READ; SELECT teammate_guess('000003')") == "25000")
    try await other.run("ROLLBACK")

    // NB: a guess opens an invite within its window only.
    try await service.run(
      """
      INSERT INTO join_guesses (account, code, at)
      VALUES ('mallory', '\(code)', clock_timestamp() - interval '2 days')
      """)
    #expect(try await raw.value("SELECT teammate_invite('\(code)')") == nil)
    // NB: what parallel transactions committed at once is counted again before a code opens.
    try await service.run(
      """
      DELETE FROM join_guesses WHERE account = 'mallory';
      INSERT INTO join_guesses (account, code)
        SELECT 'mallory', lpad(n::text, 6, '0') FROM generate_series(100, 123) n;
      INSERT INTO join_guesses (account, code) VALUES ('mallory', '\(code)')
      """)
    #expect(try await raw.value("SELECT teammate_invite('\(code)')") == nil)
    // NB: the same code, guessed within the budget, opens the invite.
    let carol = try RawSession(try scene.accounts.add(Fixtures.carol).url(password: true))
    try await carol.run("SELECT teammate_guess('\(code)')")
    #expect(try await carol.value("SELECT teammate_invite('\(code)')") != nil)

    // NB: failed joins are the database's to write: a device's insert or delete is refused,
    // another account's is refused, and its own count store-wide at most its budget, while
    // the server's window holds them.
    #expect(
      await raw.refusal("INSERT INTO failed_joins (account, at) VALUES ('mallory', 1e12)")
        == "42501")
    #expect(await raw.refusal("DELETE FROM failed_joins") == "42501")
    #expect(await raw.refusal("SELECT teammate_record_failed_join('alice', 1e12)") == "42501")
    try await raw.run(
      "SELECT teammate_record_failed_join('mallory', 1e12 + n) FROM generate_series(1, 100) n")
    #expect(try await service.value("SELECT count(*) FROM teammate_failed_joins_after(0)") == "20")
    try await service.run("UPDATE failed_joins SET recorded_at = recorded_at - interval '1 hour'")
    #expect(try await service.value("SELECT count(*) FROM teammate_failed_joins_after(0)") == "0")
  }

  @Test func test_AC_PG_37_whatADeviceStoresAndHoldsIsBoundedWhereItCannotLiftIt() async throws {
    let scene = try await Self.scene()
    let (raw, service, role) = (scene.raw, scene.service, scene.mallory.role)
    let lair = scene.lair.household.id.rawValue
    #expect(
      await raw.refusal("UPDATE households SET body = repeat('x', 1048577) WHERE id = '\(lair)'")
        == "23514")
    #expect(
      await raw.refusal(
        "INSERT INTO cards (household_id, id, body) VALUES ('\(lair)', 'huge', repeat('x', 2000000))"
      ) == "23514")
    #expect(
      try await service.value("SELECT rolconnlimit FROM pg_roles WHERE rolname = '\(role)'") == "20"
    )
    #expect(await raw.refusal("SET temp_file_limit = '1TB'") == "42501")
    #expect(try await raw.value("SHOW temp_file_limit") == "64MB")
  }

  @Test func test_AC_PG_38_aStoreOfSchema12OwnedByASuperuserIsHardenedOnceKeepingEveryRow()
    async throws
  {
    let old = try await Schema12Store.make()
    let operatorSession = try RawSession(old.store)
    let before = try await operatorSession.run(
      "SELECT (SELECT count(*) FROM households), (SELECT count(*) FROM cards), (SELECT count(*) FROM changes)"
    )
    #expect(
      try await operatorSession.value(
        "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'cards'::regclass")
        == "postgres")

    try await Self.migrate(old.store)
    try await Self.migrate(old.store)
    #expect(
      try await operatorSession.value("SELECT version FROM teammate_schema")
        == "\(PostgresSchema.version)")
    #expect(
      try await operatorSession.run(
        "SELECT (SELECT count(*) FROM households), (SELECT count(*) FROM cards), (SELECT count(*) FROM changes)"
      ) == before)
    #expect(
      try await operatorSession.value(
        """
        SELECT string_agg(DISTINCT pg_get_userbyid(relowner), ',') FROM pg_class
        WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'
        """) == "teammate_owner")
    #expect(
      try await operatorSession.value(
        "SELECT rolconnlimit FROM pg_roles WHERE rolname = '\(old.alice.role)'")
        == "20")
    let alices = try PostgresBackend(
      url: old.url(of: old.alice), clock: ManualWallClock(Fixtures.start))
    let home = old.home
    _ = try await alices.addCard(CardDraft(title: "After the move"), to: home, as: Fixtures.alice)
    #expect(
      try await alices.cards(in: home, as: Fixtures.alice).map(\.title).sorted() == [
        "After the move", "From before",
      ])
  }

  @Test func test_AC_PG_39_aDeviceHoldsNoPrivilegeThatLocksATableAgainstOthers() async throws {
    let scene = try await Self.scene()
    let raw = scene.raw
    let home = scene.home.household.id.rawValue
    let tables = [
      "households", "account_households", "cards", "changes", "items", "write_receipts",
      "invites", "credentials", "failed_joins", "teammate_accounts", "teammate_schema",
    ]
    for table in tables {
      for mode in ["ACCESS EXCLUSIVE", "EXCLUSIVE", "SHARE ROW EXCLUSIVE", "SHARE"] {
        #expect(
          await raw.refusal("BEGIN; LOCK TABLE \(table) IN \(mode) MODE") == "42501",
          "\(table) \(mode)")
        try await raw.run("ROLLBACK")
      }
    }
    // NB: its deletes reach what its policies show it, and nothing of Alice's.
    let receipts = try await scene.service.value(
      "SELECT count(*) FROM write_receipts WHERE household_id = '\(home)'")
    try await raw.run(
      """
      SELECT teammate_leave('alice');
      SELECT teammate_delete_invite('\(scene.home.invite.code.rawValue)');
      SELECT teammate_forget_receipts('\(home)', 'alice', (SELECT json_agg(write_id)
        FROM write_receipts));
      """)
    #expect(await raw.refusal("SELECT teammate_delete_household('\(home)')") == "42501")
    #expect(
      try await scene.alices.liveInvite(for: scene.home.household.id, as: Fixtures.alice)
        == scene.home.invite)
    #expect(
      try await scene.service.value(
        "SELECT count(*) FROM write_receipts WHERE household_id = '\(home)'") == receipts)

    // NB: every lock Mallory may take, held in an open transaction, keeps no one waiting.
    let lair = scene.lair.household.id.rawValue
    try await raw.run(
      """
      BEGIN;
      LOCK TABLE \(tables.prefix(6).joined(separator: ", ")), credentials IN ROW EXCLUSIVE MODE;
      LOCK TABLE invites, failed_joins, teammate_accounts, teammate_schema IN ACCESS SHARE MODE;
      SELECT 1 FROM households WHERE id = '\(lair)' FOR NO KEY UPDATE;
      SELECT teammate_lock_account('mallory');
      SELECT teammate_guess('424242');
      """)
    let waits = PostgresWaits(connect: .seconds(2), answer: .seconds(2))
    let alice = try PostgresBackend(
      url: scene.alice.url(password: true), clock: ManualWallClock(Fixtures.start), waits: waits)
    _ = try await alice.addCard(
      CardDraft(title: "While Mallory holds her locks"), to: scene.home.household.id,
      as: Fixtures.alice)
    #expect(
      try await alice.changes(in: scene.home.household.id, after: 0, limit: 100, as: Fixtures.alice)
        .count >= 2)
    let bobs = try PostgresBackend(
      url: try scene.accounts.add(Fixtures.bob).url(password: true),
      clock: ManualWallClock(Fixtures.start), waits: waits)
    _ = try await bobs.join(
      code: scene.home.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    try await raw.run("ROLLBACK")
  }

  @Test func test_AC_PG_40_aDevicePilesUpNoRows() async throws {
    let scene = try await Self.scene()
    let lair = scene.lair.household.id.rawValue
    let eve = try RawSession(try scene.accounts.add("eve").url(password: true))
    #expect(
      await eve.refusal("INSERT INTO households (id, body) VALUES ('orphan', '{}')") == "23514")
    #expect(
      try await scene.service.value("SELECT count(*) FROM households WHERE id = 'orphan'") == "0")
    // NB: Mallory has her household: she may make no other.
    #expect(
      await scene.raw.refusal("INSERT INTO households (id, body) VALUES ('second', '{}')")
        == "42501")
    let limit = PostgresSchema.itemLimit
    try await scene.raw.run(
      """
      INSERT INTO items (household_id, id, list_id, folded, needed, body)
      SELECT '\(lair)', 'i' || n, 'main', 'f' || n, false, '{}' FROM generate_series(1, \(limit)) n
      """)
    #expect(
      await scene.raw.refusal(
        """
        INSERT INTO items (household_id, id, list_id, folded, needed, body)
        VALUES ('\(lair)', 'one-more', 'main', 'one more', true, '{}')
        """) == "23514")
    #expect(
      try await scene.service.value("SELECT count(*) FROM items WHERE household_id = '\(lair)'")
        == "\(limit)")
  }

  @Test func test_AC_PG_41_aTransactionLeftOpenIsEndedWhateverLimitTheDeviceLifted()
    async throws
  {
    let scene = try await Self.scene()
    try await scene.raw.run(
      "SET idle_in_transaction_session_timeout = 0; BEGIN; SELECT count(*) FROM cards")
    let alice = try RawSession(scene.alice.url(password: true))
    try await alice.run("SELECT 1")
    try await scene.service.run("BEGIN; SELECT 1")
    let operating = Handed(scene.accounts)
    let ended = try await offThePool {
      try operating.value.endStalledTransactions(olderThan: .zero)
    }
    #expect(ended >= 1)
    #expect(await !scene.raw.isOpen)
    #expect(await alice.isOpen)
    #expect(await scene.service.isOpen)
    try await scene.service.run("COMMIT")
  }

  @Test func test_AC_PG_43_thePoolerEndsADevicesTransactionLeftOpen() async throws {
    let scene = try await Self.scene()
    let pooled = try Self.throughPooler(scene.store)
    // NB: libpq knows nothing of the kit's `pooler` mark, and the pooler passes on no
    // `options`: the store's schema is named in the transaction.
    let mallory = try RawSession(
      scene.mallory.url(on: try Self.throughPooler(scene.store, marked: false), password: true))
    let schema = try #require(scene.store.components(separatedBy: "search_path%3D").last)
    try await mallory.run(
      "BEGIN; SET LOCAL idle_in_transaction_session_timeout = 0; "
        + "SET LOCAL search_path = \(schema); SELECT count(*) FROM cards")
    let alices = try PostgresBackend(
      url: scene.alice.url(on: pooled, password: true), clock: ManualWallClock(Fixtures.start))
    // NB: the pooler cuts her once her transaction idled past its limit; meanwhile Alice adds.
    let idle = """
      SELECT count(*) FROM pg_stat_activity
      WHERE usename = '\(scene.mallory.role)' AND state = 'idle in transaction'
      """
    #expect(try await scene.service.value(idle) == "1")
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    var adds = 0
    // NB: she adds at least once: on a loaded machine the pooler may have cut Mallory before
    // the first look, and Alice's add must land all the same.
    repeat {
      _ = try await alices.addCard(
        CardDraft(title: "Add \(adds)"), to: scene.home.household.id, as: Fixtures.alice)
      adds += 1
    } while try await scene.service.value(idle) != "0" && ContinuousClock.now < deadline
    #expect(try await scene.service.value(idle) == "0")
    #expect(await mallory.refusal("SELECT 1") != nil)
    #expect(adds > 0)
  }

  /// The store at `url` reached through this process's pooler, `marked` as pooled for the kit;
  /// unmarked, for libpq alone, which knows neither the kit's mark nor (through the pooler)
  /// `options`.
  static func throughPooler(_ url: String, marked: Bool = true) throws -> String {
    let pooled = try PostgresTestServer.pooled(url)
    guard !marked, var plain = URLComponents(string: pooled) else { return pooled }
    plain.percentEncodedQueryItems = plain.percentEncodedQueryItems?.filter {
      $0.name != "pooler" && $0.name != "options"
    }
    return plain.string ?? pooled
  }

  /// What a thread of its own made or uses, handed across: one task uses it at a time.
  struct Handed<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
}
