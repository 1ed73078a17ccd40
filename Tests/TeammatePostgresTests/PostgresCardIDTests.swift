import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// A new card's id, checked with the write's commit rather than looked up before it.
@Suite struct PostgresCardIDTests {
  @Test func test_AC_PG_26_aDrawnIDAnotherHouseholdHoldsIsDrawnAgainAndTheCardLandsOnce()
    async throws
  {
    let url = try PostgresTests.store()
    let clock = ManualWallClock(Fixtures.start)
    let setup = try PostgresBackend(url: url, clock: clock)
    let (home, other) = try await PostgresTests.homeAndOther(on: setup)
    // NB: two backends drawing from one seed draw one first id: Carol's card takes it first.
    let first = try PostgresBackend(
      url: url, clock: clock, random: SeededRandomNumberGenerator(seed: 26))
    let carols = try await first.addCard(CardDraft(title: "Rent"), to: other, as: Fixtures.carol)
    let second = try PostgresBackend(
      url: url, clock: clock, random: SeededRandomNumberGenerator(seed: 26))
    let before = await second.counts().roundTrips
    let alices = try await second.addCard(
      CardDraft(title: "Diapers"), to: home, as: Fixtures.alice)

    // NB: the seed's first id, which both drew: Carol's card holds it, Alice's drew again.
    var probe = SeededRandomNumberGenerator(seed: 26)
    let drawn = CardID.random(using: &probe)
    #expect(carols.id == drawn)
    #expect(alices.id != drawn)
    // NB: the first attempt's two round trips, its commit refused, its rollback, then the
    // second's two with the next id drawn: an add whose id was free is two.
    #expect(await second.counts().roundTrips - before <= 5)
    #expect(try await setup.cards(in: home, as: Fixtures.alice).map(\.title) == ["Diapers"])
    #expect(try await setup.cards(in: other, as: Fixtures.carol) == [carols])
    let feed = try await setup.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)
    #expect(feed.filter { $0.card?.id == alices.id }.count == 1)
  }
}
