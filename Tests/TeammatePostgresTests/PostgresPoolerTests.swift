import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// Through PgBouncer in transaction mode, which lends a server session out one transaction at
/// a time (the contract suite runs through it too, as `BackendKind.postgresPooled`).
@Suite struct PostgresPoolerTests {
  @Test func test_AC_PG_18_throughAPoolerNothingLivesInTheSession() async throws {
    let first = try PostgresTestServer.freshPooledStore("pooltest")
    let second = try PostgresTestServer.freshPooledStore("pooltest")
    let clock = ManualWallClock(Fixtures.start)
    let alices = try PostgresBackend(url: first.pooled, clock: clock)
    let carols = try PostgresBackend(url: second.pooled, clock: clock)
    let home = try await alices.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice
    ).household.id
    let other = try await carols.createHousehold(
      name: "Other", timeZone: "UTC", displayName: "Carol", as: Fixtures.carol
    ).household.id
    for number in 1...20 {
      _ = try await alices.addCard(CardDraft(title: "a\(number)"), to: home, as: Fixtures.alice)
      _ = try await carols.addCard(CardDraft(title: "c\(number)"), to: other, as: Fixtures.carol)
    }
    // NB: each store is its own schema, named in the URL's options: set in every transaction.
    #expect(try await alices.cards(in: home, as: Fixtures.alice).count == 20)
    let direct = try PostgresConnection(url: second.direct)
    #expect(try direct.query("SELECT count(*) AS n FROM cards").integer(0, "n") == 20)
    // NB: no statement was prepared by name in any server session the pool lends out.
    let raw = try PostgresConnection(try PostgresAddress(first.pooled), waits: .standard)
    for _ in 1...5 {
      #expect(
        try raw.query("SELECT count(*) AS n FROM pg_prepared_statements").integer(0, "n") == 0)
    }
  }

  @Test func test_AC_PG_18_pushesThroughAPoolerListenOnADirectConnectionOrAreRefused()
    async throws
  {
    let store = try PostgresTestServer.freshPooledStore("pooltest")
    let clock = ManualWallClock(Fixtures.start)
    let pooledOnly = try PostgresBackend(url: store.pooled, clock: clock)
    let home = try await pooledOnly.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice
    ).household.id
    await #expect {
      _ = try await pooledOnly.pushes(for: home, as: Fixtures.alice)
    } throws: { error in
      (error as? PostgresError)?.message.hasPrefix(
        "pushes need a session of their own, which a pooler in transaction mode does not keep: "
          + "follow the household with the server's own URL")
        == true
    }
    let listening = try PostgresBackend(url: store.pooled, clock: clock, listeningAt: store.direct)
    let pushes = PushInbox(try await listening.pushes(for: home, as: Fixtures.alice))
    _ = try await pooledOnly.addCard(CardDraft(title: "Bath"), to: home, as: Fixtures.alice)
    let sequence = try #require(try await pushes.next())
    let feed = try await listening.changes(in: home, after: 0, limit: 100, as: Fixtures.alice)
    #expect(sequence == feed.last?.sequence)
  }

  @Test func test_AC_PG_18_aPoolerURLAsksOnlyForWhatAPoolerKeeps() throws {
    let plain = "postgresql:///teammate?host=/run/postgresql&options=-cwork_mem%3D64kB"
    let direct = try PostgresAddress(plain)
    #expect(direct.libpq == plain && !direct.pooled && direct.searchPath == nil)
    let pooled = try PostgresAddress(
      "postgresql://ada:p%40ss@db/teammate?port=6432&pooler=transaction&options=-c%20search_path%3Dhome"
    )
    #expect(pooled.pooled && pooled.searchPath == "home")
    #expect(pooled.libpq == "postgresql://ada:p%40ss@db/teammate?port=6432")
    #expect(
      throws: PostgresError.client(
        "the URL names pooler=session: the one pooler mode known is 'transaction'")
    ) {
      try PostgresAddress("postgresql:///teammate?pooler=session")
    }
    #expect(
      throws: PostgresError.client(
        "through a pooler in transaction mode the URL's options cannot be kept, and "
          + "'-cwork_mem=64kB' asks for more than a search_path")
    ) {
      try PostgresAddress(plain + "&pooler=transaction")
    }
  }
}
