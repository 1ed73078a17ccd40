import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport

@testable import TeammatePostgres

/// A store as the build of schema 12 left it: its tables a superuser's, Alice's household
/// with a card copied in from a store the kit made, and Alice's and Mallory's roles as that
/// build made them, Mallory free to make temporary tables as every role was in its database.
/// (It is made in a database of the tests' own, not one of its own: the server makes a
/// database's drop wait for every process of the cluster, a stopped one too.)
struct Schema12Store {
  /// The old store's URL (the operator's, a superuser).
  let store: String
  let home: HouseholdID
  let alice: PostgresAccounts.Provisioned
  let mallory: PostgresAccounts.Provisioned

  static func make() async throws -> Schema12Store {
    let made = try await offThePool {
      let source = try PostgresTestServer.freshStore("source")
      let accounts = try PostgresAccounts(url: source)
      return HostileDeviceTests.Handed(
        (source, try accounts.add(Fixtures.alice), try accounts.add("mallory")))
    }
    let (source, alice, mallory) = made.value
    let creation = try await PostgresBackend(
      url: alice.url(password: true), clock: ManualWallClock(Fixtures.start)
    ).createHousehold(name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice)
    _ = try await PostgresBackend(
      url: alice.url(password: true), clock: ManualWallClock(Fixtures.start)
    ).addCard(CardDraft(title: "From before"), to: creation.household.id, as: Fixtures.alice)

    let home = creation.household.id
    return try await offThePool {
      try oldStore(copying: source, home: home, alice: alice, mallory: mallory)
    }
  }

  /// The store of schema 12, Alice's household copied in from `source`.
  private static func oldStore(
    copying source: String, home: HouseholdID, alice: PostgresAccounts.Provisioned,
    mallory: PostgresAccounts.Provisioned
  ) throws -> Schema12Store {
    let store = try PostgresTestServer.freshStore("old_store")
    let old = try PostgresConnection(url: store)
    try old.execute(
      PostgresSchema.migrations[..<12].map(\.sql).joined(separator: "\n")
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
    let database = try old.query("SELECT current_database() AS name").text(0, "name")
    try old.execute("GRANT TEMPORARY ON DATABASE \(database) TO \(mallory.role)")
    return Schema12Store(store: store, home: home, alice: alice, mallory: mallory)
  }

  /// The URL a device of `role` uses on the old store.
  func url(of role: PostgresAccounts.Provisioned) -> String {
    role.url(on: store, password: true)
  }
}
