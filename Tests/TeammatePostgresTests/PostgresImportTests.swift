import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// A household arrives on a server by its operator, never by a device's role.
@Suite struct PostgresImportTests {
  @Test func test_AC_PG_44_theOperatorImportsAHouseholdAndADeviceCannot() async throws {
    let clock = ManualWallClock(Fixtures.start)
    let (memory, creation) = try await Fixtures.couple(clock: clock, seed: 44)
    let home = creation.household.id
    _ = try await memory.addCard(CardDraft(title: "Crib"), to: home, as: Fixtures.alice)
    let document = try await (try #require(memory as? any PortableBackend))
      .exportHousehold(home, as: Fixtures.alice)

    let store = try PostgresTestServer.freshStore("import")
    let accounts = try await offThePool {
      HostileDeviceTests.Handed(try PostgresAccounts(url: store))
    }.value
    let service = try PostgresBackend(url: store, clock: clock)
    let bob = try accounts.add(Fixtures.bob)
    let device = try PostgresBackend(url: bob.url(password: true), clock: clock)
    await #expect(throws: TeammateError.unavailable) {
      try await device.importHousehold(document, as: Fixtures.bob)
    }
    // NB: the attacker's way round: Bob's own session naming Alice, raw SQL.
    let raw = try PostgresConnection(url: bob.url(password: true))
    #expect(throws: PostgresError.self) {
      _ = try raw.pipeline([
        "BEGIN", "SELECT set_config('teammate.actor', 'alice', true)",
        "INSERT INTO account_households (account, household_id) VALUES ('alice', \(home.rawValue))",
        "COMMIT",
      ])
    }
    _ = try? raw.query("ROLLBACK")

    try await service.importHousehold(document, as: Fixtures.bob)
    let alice = try accounts.add(Fixtures.alice)
    let hers = try PostgresBackend(url: alice.url(password: true), clock: clock)
    #expect(try await hers.household(home, as: Fixtures.alice) == document.household)
    #expect(try await hers.cards(in: home, as: Fixtures.alice).map(\.title) == ["Crib"])
    #expect(try await device.householdID(of: Fixtures.bob, as: Fixtures.bob) == home)
    let feed = try await device.changes(in: home, after: 0, limit: 100, as: Fixtures.bob)
    #expect(feed.map(\.sequence) == document.feed.map(\.sequence))

    // NB: refused, nothing written.
    await #expect(throws: HouseholdDocumentError.householdAlreadyHere(home)) {
      try await service.importHousehold(document, as: Fixtures.alice)
    }
    var moved = document
    moved.household.id = "elsewhere"
    await #expect(throws: HouseholdDocumentError.memberElsewhere(Fixtures.alice, in: home)) {
      try await service.importHousehold(moved, as: Fixtures.alice)
    }
    let count = try PostgresConnection(url: store).query("SELECT count(*) AS n FROM households")
    #expect(try count.integer(0, "n") == 1)
  }
}
