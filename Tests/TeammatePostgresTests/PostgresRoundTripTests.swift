import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// A call's round trips, counted on its connection: what the rules will ask for first is
/// read in the transaction's opening, and what nothing reads goes with its commit.
@Suite struct PostgresRoundTripTests {
  @Test func test_AC_PG_49_countsAreHeardByTheObserverATestGives() async throws {
    let (_, _, backend, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    #expect(await backend.observer == nil)
    _ = try await backend.addCard(CardDraft(title: "Unheard"), to: home, as: Fixtures.alice)
    #expect(await backend.observer == nil)
    let counts = PostgresCounts()
    await backend.observe(with: counts)
    _ = try await backend.addCard(CardDraft(title: "Heard"), to: home, as: Fixtures.alice)
    #expect(counts.roundTrips >= 1 && counts.statementsSent >= counts.roundTrips)
    #expect(counts.documentsEncoded >= 1)
    #expect(counts.expiredWaits == 0 && counts.retries == 0)
  }

  @Test func test_AC_PG_17_anAddIsTwoRoundTripsAResendOneAndAPullOne() async throws {
    let (url, clock, backend, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    func add(_ number: Int) -> OutboxEntry {
      OutboxEntry(
        id: WriteID("w\(number)"), householdID: home,
        write: .addCard(CardDraft(title: "Checkup \(number)")), madeAt: Fixtures.start)
    }
    // NB: the first call of each kind prepares its statements, each a round trip of its own.
    _ = try await backend.submit(add(0), as: Fixtures.alice)
    _ = try await backend.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)

    var before = await backend.counts().roundTrips
    let added = try await backend.submit(add(1), as: Fixtures.alice)
    #expect(await backend.counts().roundTrips - before <= 2)

    before = await backend.counts().roundTrips
    #expect(try await backend.submit(add(1), as: Fixtures.alice) == added)
    #expect(await backend.counts().roundTrips - before <= 1)
    // NB: its commit went without waiting, and its locks with it: another connection's add to
    // the household goes through (within the wait that fails it otherwise).
    let other = try PostgresBackend(
      url: url, clock: clock, waits: PostgresWaits(connect: .seconds(5), answer: .seconds(5)))
    _ = try await other.submit(add(2), as: Fixtures.alice)

    before = await backend.counts().roundTrips
    let sent = await backend.counts().statementsSent
    let feed = try await backend.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)
    #expect(await backend.counts().roundTrips - before <= 1)
    // NB: the opening, a statement that names Alice, one after it that finds her household
    // (the policies read the name), the feed and the commit: her household's document is not
    // read.
    #expect(await backend.counts().statementsSent - sent <= 5)
    #expect(feed.map(\.sequence) == Array(1...Int64(feed.count)))
    #expect(feed.compactMap(\.card?.title).suffix(3) == ["Checkup 0", "Checkup 1", "Checkup 2"])
    let later = try await backend.changes(in: home, after: 1, limit: 1, as: Fixtures.alice)
    #expect(later == Array(feed[1...1]))
  }

  @Test func test_AC_PG_17_anAcknowledgementIsTwoRoundTrips() async throws {
    let (_, _, backend, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    _ = try await backend.join(
      code: creation.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    var number = 0
    func write(_ write: DeviceWrite) -> OutboxEntry {
      number += 1
      return OutboxEntry(
        id: WriteID("w\(number)"), householdID: home, write: write, madeAt: Fixtures.start)
    }
    func add(_ title: String) async throws -> Card {
      let outcome = try await backend.submit(
        write(.addCard(CardDraft(title: title))), as: Fixtures.alice)
      guard case .applied(let cards, _, _, _) = outcome, let card = cards.first else {
        throw PostgresError.client("the add was refused: \(outcome)")
      }
      return card
    }
    // NB: the first call of each kind prepares its statements, each a round trip of its own.
    let first = try await add("Checkup")
    _ = try await backend.submit(write(.acknowledgePending), as: Fixtures.bob)
    _ = try await backend.submit(
      write(.acknowledge([CardRevision(first.id, revision: first.revision)])), as: Fixtures.bob)

    let second = try await add("Vaccines")
    let third = try await add("Passport")
    var before = await backend.counts().roundTrips
    let pending = try await backend.submit(write(.acknowledgePending), as: Fixtures.bob)
    #expect(await backend.counts().roundTrips - before <= 2)
    guard case .applied(let known, _, _, let changes) = pending else {
      Issue.record("refused: \(pending)")
      return
    }
    #expect(Set(known.map(\.id)) == [second.id, third.id])
    #expect(known.allSatisfy { $0.ackBy == Fixtures.bob } && changes.count == 2)

    let fourth = try await add("Groceries")
    before = await backend.counts().roundTrips
    let named = try await backend.submit(
      write(.acknowledge([CardRevision(fourth.id, revision: fourth.revision)])),
      as: Fixtures.bob)
    #expect(await backend.counts().roundTrips - before <= 2)
    guard case .applied(let cards, _, _, _) = named else {
      Issue.record("refused: \(named)")
      return
    }
    #expect(cards.map(\.id) == [fourth.id] && cards.first?.ackBy == Fixtures.bob)
    let stored = try await backend.cards(in: home, as: Fixtures.bob)
    #expect(stored.filter { $0.ackBy == Fixtures.bob }.count == 4)
  }
}
