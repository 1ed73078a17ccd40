import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport

@testable import TeammatePostgres

/// A store as the build of schema 12 left it, in a database of its own that no store of a
/// later schema has touched: its tables a superuser's, Alice's household with a card copied
/// in from a store the kit made, and Alice's and Mallory's roles as that build made them.
struct Schema12Store {
  /// The database's URL, and the old store's in it (the operator's, a superuser).
  let database: String
  let store: String
  let home: HouseholdID
  let alice: PostgresAccounts.Provisioned
  let mallory: PostgresAccounts.Provisioned

  static func make() async throws -> Schema12Store {
    let source = try PostgresTestServer.freshStore("source")
    let accounts = try PostgresAccounts(url: source)
    let alice = try accounts.add(Fixtures.alice)
    let mallory = try accounts.add("mallory")
    let creation = try await PostgresBackend(
      url: alice.url(password: true), clock: ManualWallClock(Fixtures.start)
    ).createHousehold(name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice)
    _ = try await PostgresBackend(
      url: alice.url(password: true), clock: ManualWallClock(Fixtures.start)
    ).addCard(CardDraft(title: "From before"), to: creation.household.id, as: Fixtures.alice)

    let database = try PostgresTestServer.freshDatabase("before13")
    let store = try PostgresBackend.createSchema("old_store", on: database)
    let old = try PostgresConnection(url: store)
    try old.execute(
      PostgresSchema.migrations[..<12].joined(separator: "\n")
        + " INSERT INTO teammate_schema VALUES ('\(PostgresSchema.application)', 12);")
    let copying = try PostgresConnection(url: source)
    for table in ["households", "account_households", "invites", "cards", "changes"] {
      let rows = try copying.query(
        "SELECT coalesce(json_agg(t), '[]')::text AS rows FROM \(sql: PostgresQuery(stringLiteral: table)) t"
      )
      .text(0, "rows")
      try old.query(
        """
        INSERT INTO \(sql: PostgresQuery(stringLiteral: table))
        SELECT * FROM json_populate_recordset(NULL::\(sql: PostgresQuery(stringLiteral: table)), \(rows)::json)
        """)
    }
    // NB: the roles as schema 12's build made them: no limits.
    for (role, account) in [(alice.role, "alice"), (mallory.role, "mallory")] {
      try old.query("INSERT INTO teammate_accounts (role, account) VALUES (\(role), \(account))")
      try old.execute(
        "ALTER ROLE \(role) CONNECTION LIMIT -1; ALTER ROLE \(role) RESET temp_file_limit")
    }
    return Schema12Store(
      database: database, store: store, home: creation.household.id, alice: alice,
      mallory: mallory)
  }

  /// The URL a device of `role` uses on the old store.
  func url(of role: PostgresAccounts.Provisioned) -> String {
    role.url(on: store, password: true)
  }

  /// Removes the database, off the cooperative threads: the server makes a database's drop
  /// wait for every one of its processes, a stopped one too (`PostgresWaitTests`).
  func drop() async {
    let database = database
    _ = try? await offThePool { try PostgresTestServer.dropDatabase(database) }
  }
}
