import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// What a distributed PostgreSQL needs to shard the store by household (docs/sharding.md),
/// read from the database's own catalogue and plans.
@Suite struct PostgresCatalogueTests {
  /// The tables distributed by household, each with the column that names it.
  static let byHousehold = [
    "households": "id", "cards": "household_id", "changes": "household_id",
    "write_receipts": "household_id", "items": "household_id", "moved_households": "id",
  ]
  /// The tables every node keeps whole: small lookups by account, role, code or credential.
  static let reference: Set<String> = [
    "teammate_schema", "account_households", "invites", "credentials", "failed_joins",
    "teammate_accounts", "join_guesses", "teammate_join_guard", "teammate_secret",
  ]

  /// What the catalogue of the schema `connection` works in breaks of the rules: a table
  /// neither distributed nor reference, a key or unique index of a household's table that
  /// does not begin with its household, a foreign key that does not carry it.
  static func catalogueFaults(_ connection: PostgresConnection) throws -> [String] {
    var faults: [String] = []
    let tables = try connection.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
    for row in 0..<tables.count {
      let table = try tables.text(row, "tablename")
      if byHousehold[table] == nil, !reference.contains(table) {
        faults.append("\(table) is neither distributed by household nor a reference table")
      }
    }
    let keys = try connection.query(
      """
      SELECT c.relname AS tablename, i.relname AS indexname,
        (SELECT attname FROM pg_attribute WHERE attrelid = c.oid AND attnum = x.indkey[0]) AS first
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND (x.indisunique OR x.indisprimary)
      """)
    for row in 0..<keys.count {
      let (table, index) = (try keys.text(row, "tablename"), try keys.text(row, "indexname"))
      if let column = byHousehold[table], try keys.optionalText(row, "first") != column {
        faults.append("\(index) of \(table) does not begin with \(column)")
      }
    }
    let foreign = try connection.query(
      """
      SELECT conname, conrelid::regclass::text AS tablename,
        ARRAY(SELECT attname FROM pg_attribute WHERE attrelid = conrelid AND attnum = ANY(conkey))::text AS columns
      FROM pg_constraint WHERE contype = 'f' AND connamespace = current_schema()::regnamespace
      """)
    for row in 0..<foreign.count {
      let table = try foreign.text(row, "tablename")
      if let column = byHousehold[table], !(try foreign.text(row, "columns")).contains(column) {
        faults.append("\(try foreign.text(row, "conname")) of \(table) does not carry \(column)")
      }
    }
    return faults
  }

  /// The scans of a household's table in a plan (`EXPLAIN (FORMAT JSON)`) that do not find
  /// their rows by the household on an index.
  static func planFaults(_ json: String) throws -> [String] {
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
    var faults: [String] = []
    func walk(_ node: [String: Any]) {
      if let table = node["Relation Name"] as? String, let column = byHousehold[table],
        node["Node Type"] as? String != "ModifyTable"
      {
        let type = node["Node Type"] as? String ?? "?"
        let condition =
          (node["Index Cond"] as? String)
          ?? (node["Plans"] as? [[String: Any]])?.compactMap { $0["Index Cond"] as? String }.first
        let named = condition.map { $0.contains("(\(column) = ") } ?? false
        if !named { faults.append("\(type) on \(table) by \(condition ?? "no index")") }
      }
      for child in node["Plans"] as? [[String: Any]] ?? [] { walk(child) }
    }
    for plan in parsed as? [[String: Any]] ?? [] {
      if let node = plan["Plan"] as? [String: Any] { walk(node) }
    }
    return faults
  }

  @Test func test_AC_PG_19_everyKeyOfAHouseholdsTablesBeginsWithItsHousehold() throws {
    let store = try PostgresTestServer.freshStore("shard")
    _ = try PostgresBackend(url: store, clock: ManualWallClock(Fixtures.start))
    let connection = try PostgresConnection(url: store)
    #expect(try Self.catalogueFaults(connection) == [])
    // NB: what a table of the wrong shape is told.
    try connection.execute(
      """
      CREATE TABLE planted (household_id text, id text PRIMARY KEY);
      """)
    let planted = try Self.catalogueFaults(connection)
    #expect(planted.contains("planted is neither distributed by household nor a reference table"))
    try connection.execute("DROP TABLE planted")
    try connection.execute("CREATE UNIQUE INDEX cards_planted ON cards (id, household_id)")
    #expect(
      try Self.catalogueFaults(connection) == [
        "cards_planted of cards does not begin with household_id"
      ])
  }

  @Test func test_AC_PG_19_everyStatementFindsAHouseholdsRowsByItsHouseholdOnAnIndex()
    async throws
  {
    let store = try PostgresTestServer.freshStore("shard")
    let clock = ManualWallClock(Fixtures.start)
    let alices = try PostgresBackend(url: store, clock: clock)
    let bobs = try PostgresBackend(url: store, clock: clock)
    let creation = try await alices.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice)
    let home = creation.household.id
    let code = try await alices.issueInvite(for: home, as: Fixtures.alice).code.rawValue
    _ = try await alices.liveInvite(for: home, as: Fixtures.alice)
    _ = try await bobs.invite(code: code, as: Fixtures.bob)
    _ = try await bobs.join(code: code, displayName: "Bob", as: Fixtures.bob)
    // NB: every kind of write a device sends, twice for the answers it then holds.
    let card = CardID("card-one")
    let writes: [DeviceWrite] = [
      .addCard(CardDraft(title: "Milk", id: card)),
      .editCard(card, CardEdit(title: .set("Oat milk")), baseRevision: nil),
      .setDone(card, done: true), .deleteCard(card), .restoreCard(card),
      .addCard(
        CardDraft(
          kind: .task, title: "Trash", time: Fixtures.start,
          repeatRule: RepeatRule(frequency: .weekly), id: "card-two")),
      .skipOccurrence("card-two"), .updateSettings(NotificationSettings()),
      .addItems([ItemDraft(id: "m2kk2222", text: "Milk"), ItemDraft(id: "e2ss2222", text: "eggs")]),
      .addItems([ItemDraft(id: "m3kk3333", text: "milk", note: "2 litres")]),
      .getItems(["m2kk2222"]), .undoItem("m2kk2222"), .getItems(["m2kk2222"]), .clearGotItems,
      .clearItems(["e2ss2222"]),
    ]
    var held: [WriteID] = []
    for (number, write) in writes.enumerated() {
      let entry = OutboxEntry(
        id: WriteID("w\(number)"), householdID: home, write: write, madeAt: Fixtures.start,
        heldAnswers: held)
      _ = try await alices.submit(entry, as: Fixtures.alice)
      _ = try await alices.submit(entry, as: Fixtures.alice)
      held.append(entry.id)
    }
    for write in [DeviceWrite.acknowledgePending, .acknowledge([CardRevision(card, revision: 1)])] {
      let entry = OutboxEntry(
        id: WriteID("b\(held.count)"), householdID: home, write: write, madeAt: Fixtures.start)
      _ = try await bobs.submit(entry, as: Fixtures.bob)
      held.append(entry.id)
    }
    _ = try await alices.receipt(for: "w0", in: home, as: Fixtures.alice)
    _ = try await alices.cards(in: home, as: Fixtures.alice)
    _ = try await alices.changes(in: home, after: 0, limit: 10, as: Fixtures.alice)
    _ = try await alices.household(home, as: Fixtures.alice)
    _ = try await alices.updateHousehold(
      home, name: "House", timeZone: String?.none, as: Fixtures.alice)
    _ = try await alices.updateMember(
      in: home, displayName: "Ada", settings: NotificationSettings?.none, as: Fixtures.alice)
    // NB: no row of the household names another household's.
    let raw = try PostgresConnection(url: store)
    let strays = try raw.query(
      """
      SELECT (SELECT count(*) FROM changes c JOIN cards k ON k.id = c.card_id
          WHERE k.household_id <> c.household_id)
        + (SELECT count(*) FROM write_receipts r JOIN account_households a ON a.account = r.account
          WHERE a.household_id <> r.household_id)
        + (SELECT count(*) FROM cards WHERE household_id NOT IN (SELECT id FROM households))
        AS strays, (SELECT count(*) FROM write_receipts) AS receipts
      """)
    #expect(try strays.integer(0, "strays") == 0 && strays.integer(0, "receipts") > 0)
    try await bobs.leaveHousehold(home, as: Fixtures.bob)
    try await alices.leaveHousehold(home, deletingHousehold: true, as: Fixtures.alice)

    var explained = 0
    for (backend, actor) in [(alices, Fixtures.alice), (bobs, Fixtures.bob)] {
      for (statement, plan) in try await backend.preparedPlans(as: actor) {
        explained += 1
        #expect(try Self.planFaults(plan) == [], "\(statement)")
      }
    }
    #expect(explained > 20)
    // NB: what a statement that finds a card by its id alone is told.
    try raw.execute("SET enable_seqscan = off")
    let plan = try raw.query(
      "EXPLAIN (FORMAT JSON) SELECT body FROM cards WHERE id = 'card-one'"
    ).text(0, "QUERY PLAN")
    #expect(
      try Self.planFaults(plan).first?.contains("on cards by (id = 'card-one'::text)") == true)
  }
}
