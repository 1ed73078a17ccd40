import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// No two households share an invite code, even two that drew one code at once: the kit's
/// check that a code is free ran before either wrote, so the database keeps the first.
@Suite struct PostgresInviteCodeTests {
  /// The service writing Carol's new `invite` under `code`, as the second of two households
  /// that drew it at once does: the code it was given.
  private func put(_ code: String, as invite: Invite, on store: String) throws -> String {
    let raw = try PostgresConnection(url: store)
    try raw.execute("BEGIN; SET LOCAL ROLE teammate_app")
    try raw.query("SELECT teammate_act_as('carol')")
    var drawn = invite
    drawn.code = try #require(InviteCode(rawValue: code))
    let document = String(decoding: try JSONEncoder().encode(drawn), as: UTF8.self)
    let household = invite.householdID.rawValue
    let given = try raw.query(
      "SELECT teammate_put_invite(\(code), \(household), \(document)) AS code"
    ).text(0, "code")
    try raw.execute("COMMIT")
    return given
  }

  @Test func test_AC_PG_25_aCodeAnotherHouseholdsUnusedInviteHoldsIsNeverTakenOver() async throws {
    let (store, clock, alices, home) = try await PostgresTests.aliceAtHome()
    let carols = try PostgresBackend(url: store, clock: clock)
    let lair = try await carols.createHousehold(
      name: "Lair", timeZone: "UTC", displayName: "Carol", as: Fixtures.carol)
    let code = home.invite.code.rawValue

    let given = try put(code, as: lair.invite, on: store)
    #expect(given != code && given.count == 6)
    let alicesInvite = try #require(
      try await alices.liveInvite(for: home.household.id, as: Fixtures.alice))
    #expect(alicesInvite == home.invite)
    let bobs = try PostgresBackend(url: store, clock: clock)
    let joined = try await bobs.join(code: code, displayName: "Bob", as: Fixtures.bob)
    #expect(joined.id == home.household.id)

    // NB: Alice's invite is used now: its code may be another household's.
    #expect(try put(code, as: lair.invite, on: store) == code)
    let carolsInvite = try #require(
      try await carols.liveInvite(for: lair.household.id, as: Fixtures.carol))
    #expect(carolsInvite.code.rawValue == code)
  }
}
