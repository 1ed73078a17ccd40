import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// Each account signs in as its own role, and the database takes the account from the
/// session (ADR 0014): tried as the operator provisions it, and as an attacker holding a
/// device's credentials would.
@Suite struct PostgresIdentityTests {
  /// Alice's household on a fresh store, made by her own role: the store's service URL, the
  /// operator's session, Alice's role and backend, and the household.
  static func aliceSignedIn() async throws -> (
    String, PostgresAccounts, PostgresAccounts.Provisioned, PostgresBackend, HouseholdCreation
  ) {
    let store = try PostgresTestServer.freshStore("identity")
    let accounts = try PostgresAccounts(url: store)
    let alice = try accounts.add(Fixtures.alice)
    let backend = try PostgresBackend(
      url: alice.url(password: true), clock: ManualWallClock(Fixtures.start))
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice)
    _ = try await backend.addCard(
      CardDraft(title: "Checkup at 9"), to: creation.household.id, as: Fixtures.alice)
    return (store, accounts, alice, backend, creation)
  }

  @Test func test_AC_PG_20_eachAccountSignsInAsItsOwnRoleAndActsAsNoOther() async throws {
    let (store, accounts, alice, backend, creation) = try await Self.aliceSignedIn()
    #expect(backend.signedIn == Fixtures.alice)
    #expect(alice.role.hasPrefix("teammate_") && alice.role != "teammate_app")
    // NB: the server keeps the secret's verifier only, made by the client.
    let service = try PostgresConnection(url: store)
    let stored = try service.query(
      "SELECT rolpassword FROM pg_authid WHERE rolname = \(alice.role)"
    ).text(0, "rolpassword")
    #expect(stored.hasPrefix("SCRAM-SHA-256$") && !stored.contains(alice.secret))
    let groups = try service.query(
      """
      SELECT string_agg(g.rolname, ',' ORDER BY g.rolname) AS groups FROM pg_auth_members m
      JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member
      WHERE r.rolname = \(alice.role)
      """
    ).text(0, "groups")
    #expect(groups == "teammate_device")

    await #expect(throws: TeammateError.accessDenied(.notYourAccount(Fixtures.bob))) {
      _ = try await backend.household(creation.household.id, as: Fixtures.bob)
    }
    #expect {
      _ = try accounts.add(Fixtures.alice)
    } throws: { error in
      (error as? PostgresError)?.message == "'alice' has a role on this store already"
    }
    #expect(
      alice.passfileLine == "*:*:*:\(alice.role):\(alice.secret)"
        && alice.url(passfile: "/p/pass").contains("passfile=/p/pass")
        && !alice.url(passfile: "/p/pass").contains(alice.secret))
    let wrong = alice.url().replacingOccurrences(of: "user=", with: "password=wrong&user=")
    #expect(throws: PostgresError.self) { _ = try PostgresConnection(url: wrong) }

    try accounts.remove(Fixtures.alice)
    #expect(throws: PostgresError.self) {
      _ = try PostgresConnection(url: alice.url(password: true))
    }
    #expect {
      try accounts.remove(Fixtures.alice)
    } throws: { error in (error as? PostgresError)?.message == "'alice' has no role on this store" }
    // NB: the household outlives its member's role.
    let kept = try service.query(
      "SELECT count(*) FROM cards WHERE household_id = \(creation.household.id.rawValue)")
    #expect(try kept.integer(0, "count") == 1)
  }

  @Test func test_AC_PG_21_anAttackerWithADevicesCredentialsIsRefusedByTheDatabase() async throws {
    let (store, accounts, _, alices, creation) = try await Self.aliceSignedIn()
    let home = creation.household.id.rawValue
    let code = creation.invite.code.rawValue
    let before = try await alices.changes(
      in: creation.household.id, after: 0, limit: 100, as: Fixtures.alice)
    try await alices.linkCredential(
      Credential(provider: "apple", subject: "alice-apple"), as: Fixtures.alice)
    let mallory = try accounts.add("mallory")
    let lair = try await PostgresBackend(
      url: mallory.url(password: true), clock: ManualWallClock(Fixtures.start)
    )
    .createHousehold(name: "Lair", timeZone: "UTC", displayName: "Mallory", as: "mallory")
    let raw = try PostgresConnection(url: mallory.url(password: true))
    func refused(_ statement: PostgresQuery) -> Bool {
      defer { try? raw.execute("ROLLBACK") }
      do {
        try raw.execute("BEGIN")
        _ = try raw.query(statement)
        return false
      } catch { return true }
    }
    func count(_ statement: PostgresQuery) throws -> Int64 {
      try raw.query("SELECT count(*) AS n FROM (\(sql: statement)) seen").integer(0, "n")
    }

    // NB: naming Alice as the actor, or her household as the actor's, changes nothing: the
    // account and its household are the session's.
    try raw.query("SELECT set_config('teammate.actor', 'alice', false)")
    try raw.query("SELECT teammate_act_as('alice')")
    try raw.query("SELECT set_config('teammate.household', \(home), false)")
    #expect(try count("SELECT body FROM cards WHERE body LIKE '%Checkup%'") == 0)
    for table: PostgresQuery in ["cards", "changes", "write_receipts", "invites", "items"] {
      #expect(
        try count("SELECT 1 FROM \(sql: table) WHERE household_id = \(home)") == 0,
        "mallory sees \(table.sql) of alice's household")
    }
    #expect(try count("SELECT 1 FROM households WHERE id = \(home)") == 0)
    #expect(try count("SELECT 1 FROM account_households WHERE household_id = \(home)") == 0)
    #expect(try count("SELECT 1 FROM credentials WHERE account <> 'mallory'") == 0)
    #expect(try count("SELECT 1 FROM teammate_accounts WHERE account <> 'mallory'") == 0)
    #expect(try count("SELECT 1 FROM teammate_accounts WHERE account = 'mallory'") == 1)

    // NB: no other role, no other table, no change to the schema.
    for statement: PostgresQuery in [
      "SET ROLE teammate_app", "SET ROLE postgres", "SET SESSION AUTHORIZATION postgres",
      "SELECT * FROM join_guesses",
      "UPDATE teammate_accounts SET household_id = \(home) WHERE account = 'mallory'",
      "UPDATE teammate_join_guard SET max_failures = 1000000", "TRUNCATE cards",
      "CREATE TABLE planted (id integer)", "DROP TABLE cards",
      "ALTER TABLE cards DISABLE ROW LEVEL SECURITY", "DROP POLICY device_rows ON cards",
      "UPDATE teammate_schema SET version = 1",
    ] {
      #expect(refused(statement), "\(statement.sql)")
    }
    // NB: nothing of Alice's is written: no change in her feed, no card, no membership.
    for statement: PostgresQuery in [
      "INSERT INTO changes (household_id, sequence, body) VALUES (\(home), 99, '{}')",
      "INSERT INTO cards (household_id, id, body) VALUES (\(home), 'zzzzzzzz', '{}')",
      "INSERT INTO write_receipts VALUES (\(home), 'alice', 'w', '{}')",
      "UPDATE account_households SET household_id = \(home) WHERE account = 'mallory'",
      "UPDATE invites SET body = '{}' WHERE household_id = \(home)",
      // NB: a device deletes through the database's functions only (schema 14).
      "DELETE FROM changes WHERE household_id = \(home) RETURNING 1",
      "DELETE FROM invites WHERE household_id = \(home) RETURNING 1",
    ] {
      #expect(refused(statement), "\(statement.sql)")
    }
    for statement: PostgresQuery in [
      "UPDATE cards SET body = '{}' WHERE household_id = \(home) RETURNING 1",
      "UPDATE households SET body = '{}' WHERE id = \(home) RETURNING 1",
    ] {
      #expect(try raw.query(statement).count == 0, "\(statement.sql)")
    }

    // NB: Alice's invite opens only by its code, counted in a transaction that committed:
    // a guess made and read in one transaction (and rolled back) opens nothing.
    let looked = try raw.query("SELECT teammate_invite(\(code)) AS body")
    #expect(try looked.optionalText(0, "body") == nil)
    try raw.execute("BEGIN")
    try raw.query("SELECT teammate_guess(\(code))")
    #expect(try raw.query("SELECT teammate_invite(\(code)) AS body").optionalText(0, "body") == nil)
    try raw.execute("ROLLBACK")
    #expect(try raw.query("SELECT teammate_invite(\(code)) AS body").optionalText(0, "body") == nil)

    // NB: no write tells whether a code is taken: an invite is written only through the
    // function, which gives a device's new invite a code of the server's choosing.
    let body = try JSONEncoder().encode(lair.invite)
    let written = try raw.query(
      """
      SELECT teammate_put_invite(\(code), \(lair.household.id.rawValue),
        \(String(decoding: body, as: UTF8.self))) AS code
      """
    ).text(0, "code")
    #expect(written != code && written.count == 6)
    #expect(
      refused(
        "INSERT INTO invites (code, household_id, body) VALUES ('000009', \(lair.household.id.rawValue), '{}')"
      ))
    #expect(refused("SELECT teammate_put_invite('000009', \(home), '{}')"))
    #expect(
      try await alices.liveInvite(for: creation.household.id, as: Fixtures.alice) == creation.invite
    )

    // NB: past the store's budget every guess is refused, the right code too.
    try PostgresConnection(url: store).execute(
      "UPDATE teammate_join_guard SET max_failures = 3, max_store_wide = 5")
    for guess in ["000001", "000002", "000003"] {
      try raw.query("SELECT teammate_guess(\(guess))")
    }
    #expect {
      try raw.query("SELECT teammate_guess(\(code))")
    } throws: { error in (error as? PostgresError)?.state == .tooManyGuesses }
    let mallet = try PostgresConnection(url: try accounts.add("mallet").url(password: true))
    for guess in ["000004", "000005"] { try mallet.query("SELECT teammate_guess(\(guess))") }
    #expect {
      try mallet.query("SELECT teammate_guess(\(code))")
    } throws: { error in (error as? PostgresError)?.state == .joiningPaused }
    #expect(
      try mallet.query("SELECT teammate_invite(\(code)) AS body").optionalText(0, "body") == nil)
    #expect {
      try mallet.query(
        "INSERT INTO account_households (account, household_id) VALUES ('mallet', \(home))")
    } throws: { error in (error as? PostgresError)?.state == .insufficientPrivilege }

    // NB: Alice's rows are as they were.
    let after = try await alices.changes(
      in: creation.household.id, after: 0, limit: 100, as: Fixtures.alice)
    #expect(after == before)
    let cards = try await alices.cards(in: creation.household.id, as: Fixtures.alice)
    #expect(cards.map(\.title) == ["Checkup at 9"])
    #expect(
      try await alices.household(creation.household.id, as: Fixtures.alice).members.count == 1)
  }

  @Test func test_AC_PG_22_aCountedGuessJoinsAndTheDatabasesBudgetSpeaksTheRulesWords()
    async throws
  {
    let (store, accounts, _, _, creation) = try await Self.aliceSignedIn()
    let clock = ManualWallClock(Fixtures.start)
    let bobs = try PostgresBackend(
      url: try accounts.add(Fixtures.bob).url(password: true), clock: clock)
    let household = try await bobs.join(
      code: creation.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    #expect(household.members.map(\.uid) == [Fixtures.alice, Fixtures.bob])

    // NB: the database's budget, in server time, is spent before the rules' (five wrong
    // codes) when the operator sets it lower: its refusal reads as the rules'.
    try PostgresConnection(url: store).execute("UPDATE teammate_join_guard SET max_failures = 2")
    let carols = try PostgresBackend(
      url: try accounts.add(Fixtures.carol).url(password: true), clock: clock)
    for wrong in ["000001", "000002"] {
      await #expect(throws: TeammateError.inviteNotFound(InviteCode(rawValue: wrong)!)) {
        _ = try await carols.join(code: wrong, displayName: "Carol", as: Fixtures.carol)
      }
    }
    await #expect(throws: TeammateError.tooManyJoinAttempts(retryAfter: Fixtures.start + 15 * 60)) {
      _ = try await carols.join(code: "000003", displayName: "Carol", as: Fixtures.carol)
    }
  }

  @Test func test_AC_PG_23_theContractSuiteReachesTheServerAsDeviceRoles() async throws {
    let backend = try await BackendKind.postgres.makeBackend(
      clock: ManualWallClock(Fixtures.start), random: SeededRandomNumberGenerator(seed: 1))
    let routed = try #require(backend as? SignedInPostgresBackend)
    let (alice, bob) = (
      try await routed.signedIn(Fixtures.alice), try await routed.signedIn(Fixtures.bob)
    )
    #expect(alice.signedIn == Fixtures.alice && bob.signedIn == Fixtures.bob)
    let roles = [try await alice.sessionRole(), try await bob.sessionRole()]
    #expect(
      roles[0] != roles[1] && roles.allSatisfy { $0.hasPrefix("teammate_") && $0 != "postgres" })
    await #expect(throws: TeammateError.accessDenied(.notYourAccount(Fixtures.bob))) {
      _ = try await alice.householdID(of: Fixtures.bob, as: Fixtures.bob)
    }
  }
}
