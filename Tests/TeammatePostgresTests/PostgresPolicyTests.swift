import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// The policies of the tables every call reads ask no function of the owner's rights (ADR
/// 0015): proven by taking every caller's right to run the lookups schema 8's policies called,
/// then working as the service and as device roles.
@Suite struct PostgresPolicyTests {
  /// The lookups that schema 8's policies called in every statement. (`teammate_joining()`
  /// stays in the households' policy, after the member's own household: it runs only when
  /// that fails, but its right is checked whenever the policy is.)
  static let lookups = "teammate_household(), teammate_actor()"

  /// A household's everyday calls as `actor`: adds online and through the outbox, the same
  /// write sent again, acknowledgements, the list, and reads of the cards and the feed.
  static func everyday(
    _ backend: some TeammateBackend, _ home: HouseholdID, as actor: AccountID, _ tag: String
  ) async throws {
    _ = try await backend.addCard(CardDraft(title: "Diapers \(tag)"), to: home, as: actor)
    let entry = OutboxEntry(
      id: WriteID("w-\(tag)"), householdID: home,
      write: .addCard(CardDraft(title: "Checkup \(tag)")), madeAt: Fixtures.start)
    let first = try await backend.submit(entry, as: actor)
    #expect(try await backend.submit(entry, as: actor) == first)
    let items = OutboxEntry(
      id: WriteID("i-\(tag)"), householdID: home,
      write: .addItems([ItemDraft(id: ItemID("m\(tag)kk2222"), text: "milk")]),
      madeAt: Fixtures.start)
    _ = try await backend.submit(items, as: actor)
    _ = try await backend.acknowledgePending(in: home, as: actor)
    #expect(try await backend.cards(in: home, as: actor).count >= 2)
    #expect(try await !backend.changes(in: home, after: 0, limit: 50, as: actor).isEmpty)
  }

  @Test func test_AC_PG_24_thePoliciesAskNoFunctionOfTheOwnersRights() async throws {
    let (store, clock, service, home) = try await PostgresTests.aliceAtHome()
    _ = try await service.join(
      code: home.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    let accounts = try PostgresAccounts(url: store)
    let carols = try PostgresBackend(
      url: try accounts.add(Fixtures.carol).url(password: true), clock: clock)
    let lair = try await carols.createHousehold(
      name: "Lair", timeZone: "UTC", displayName: "Carol", as: Fixtures.carol)

    let owner = try PostgresConnection(url: store)
    try owner.execute(
      "REVOKE EXECUTE ON FUNCTION \(Self.lookups) FROM PUBLIC, teammate_app, teammate_device")
    try await Self.everyday(service, home.household.id, as: Fixtures.alice, "1")
    try await Self.everyday(service, home.household.id, as: Fixtures.bob, "2")
    try await Self.everyday(carols, lair.household.id, as: Fixtures.carol, "3")
    // NB: each still sees only its own household.
    #expect(try await service.cards(in: home.household.id, as: Fixtures.bob).count == 4)
    #expect(try await carols.cards(in: lair.household.id, as: Fixtures.carol).count == 2)

    // NB: a policy that asks for a lookup again is told: the call is refused.
    try owner.execute(
      """
      DROP POLICY service_rows ON cards;
      CREATE POLICY planted ON cards TO teammate_app
        USING (household_id = (SELECT teammate_household()));
      """)
    await #expect(throws: PostgresError.self) {
      _ = try await service.cards(in: home.household.id, as: Fixtures.alice)
    }
  }

  @Test func test_AC_PG_24_theServicesHouseholdFollowsItsActorsMembership() async throws {
    let (store, clock, service, home) = try await PostgresTests.aliceAtHome()
    let raw = try PostgresConnection(url: store)
    try raw.execute("BEGIN; SET LOCAL ROLE teammate_app")
    try raw.query("SELECT teammate_act_as('bob')")
    #expect(try raw.query("SELECT count(*) FROM cards").integer(0, "count") == 0)
    #expect(
      try raw.query("SELECT current_setting('teammate.household') AS h").text(0, "h").isEmpty)
    try raw.execute("ROLLBACK")
    // NB: Bob joins in one transaction; its later statements see his new household.
    _ = try await service.join(
      code: home.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    _ = try await service.addCard(CardDraft(title: "Rent"), to: home.household.id, as: Fixtures.bob)
    try await service.leaveHousehold(home.household.id, as: Fixtures.bob)
    try raw.execute("BEGIN; SET LOCAL ROLE teammate_app")
    try raw.query("SELECT teammate_act_as('alice')")
    #expect(try raw.query("SELECT count(*) FROM cards").integer(0, "count") == 1)
    try raw.execute("ROLLBACK")
    // NB: a device role's own row of the accounts follows its membership the same way.
    let accounts = try PostgresAccounts(url: store)
    let carols = try PostgresBackend(
      url: try accounts.add(Fixtures.carol).url(password: true), clock: clock)
    let lair = try await carols.createHousehold(
      name: "Lair", timeZone: "UTC", displayName: "Carol", as: Fixtures.carol)
    let dave = try accounts.add(AccountID("dave"))
    let daves = try PostgresBackend(url: dave.url(password: true), clock: clock)
    let own = try PostgresConnection(url: dave.url(password: true))
    #expect(
      try own.query("SELECT household_id FROM teammate_accounts").optionalText(0, "household_id")
        == nil)
    _ = try await daves.join(
      code: lair.invite.code.rawValue, displayName: "Dave", as: AccountID("dave"))
    #expect(
      try own.query("SELECT household_id FROM teammate_accounts").text(0, "household_id")
        == lair.household.id.rawValue)
    try await daves.leaveHousehold(lair.household.id, as: AccountID("dave"))
    #expect(
      try own.query("SELECT household_id FROM teammate_accounts").optionalText(0, "household_id")
        == nil)
  }

  @Test func test_AC_PG_08_aStoreOfSchema8GivesEachRoleItsHouseholdWhenMigrated() async throws {
    let store = try PostgresTestServer.freshStore("before9")
    let clock = ManualWallClock(Fixtures.start)
    _ = try PostgresBackend(url: store, clock: clock)
    let carol = try PostgresAccounts(url: store).add(Fixtures.carol)
    let lair = try await PostgresBackend(url: carol.url(password: true), clock: clock)
      .createHousehold(name: "Lair", timeZone: "UTC", displayName: "Carol", as: Fixtures.carol)
    // NB: what a store made by the build before schema 9 looks like: no household beside the
    // role, and the policies that read it gone with it.
    let raw = try PostgresConnection(url: store)
    try raw.execute(
      "ALTER TABLE teammate_accounts DROP COLUMN household_id CASCADE; UPDATE teammate_schema SET version = 8"
    )
    _ = try PostgresBackend(url: store, clock: clock)
    #expect(
      try raw.query("SELECT version FROM teammate_schema").text(0, "version")
        == "\(PostgresBackend.schemaVersion)")
    let carols = try PostgresBackend(url: carol.url(password: true), clock: clock)
    _ = try await carols.addCard(
      CardDraft(title: "After the move"), to: lair.household.id, as: Fixtures.carol)
    #expect(
      try await carols.cards(in: lair.household.id, as: Fixtures.carol).map(\.title) == [
        "After the move"
      ])
  }
}
