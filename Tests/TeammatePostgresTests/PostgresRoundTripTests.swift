import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// A call's round trips, counted on its connection: what the rules will ask for first is
/// read in the transaction's opening, and what nothing reads goes with its commit.
@Suite struct PostgresRoundTripTests {
  @Test func test_AC_PG_17_anAddIsTwoRoundTripsAResendTwoAndAPullOne() async throws {
    let (_, _, backend, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    func add(_ number: Int) -> OutboxEntry {
      OutboxEntry(
        id: WriteID("w\(number)"), householdID: home,
        write: .addCard(CardDraft(title: "Checkup \(number)")), madeAt: Fixtures.start)
    }
    // NB: the first call of each kind prepares its statements, each a round trip of its own.
    _ = try await backend.submit(add(0), as: Fixtures.alice)
    _ = try await backend.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)

    var before = await backend.roundTrips
    let added = try await backend.submit(add(1), as: Fixtures.alice)
    #expect(await backend.roundTrips - before == 2)

    before = await backend.roundTrips
    #expect(try await backend.submit(add(1), as: Fixtures.alice) == added)
    #expect(await backend.roundTrips - before == 2)

    before = await backend.roundTrips
    let feed = try await backend.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)
    #expect(await backend.roundTrips - before == 1)
    #expect(feed.map(\.sequence) == Array(1...Int64(feed.count)))
    #expect(feed.compactMap(\.card?.title).suffix(2) == ["Checkup 0", "Checkup 1"])
    let later = try await backend.changes(in: home, after: 1, limit: 1, as: Fixtures.alice)
    #expect(later == Array(feed[1...1]))
  }
}
