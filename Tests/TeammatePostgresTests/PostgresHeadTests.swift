import Foundation
import Synchronization
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// An add run on the household's head the process knows, checked in its one round trip.
@Suite struct PostgresHeadTests {
  /// An add from the outbox to `home`, its write named `id`.
  static func add(_ id: String, to home: HouseholdID) -> OutboxEntry {
    OutboxEntry(
      id: WriteID(id), householdID: home, write: .addCard(CardDraft(title: "Card \(id)")),
      madeAt: Fixtures.start)
  }

  /// The card an applied add wrote, and the number its change took.
  static func landed(_ outcome: WriteOutcome) throws -> (Card, Int64) {
    guard case .applied(let cards, _, _, let changes) = outcome, let card = cards.first,
      let change = changes.first
    else { throw PostgresError.client("the add was refused: \(outcome)") }
    return (card, change.sequence)
  }

  /// A backend on `url` with heads of its own, as another machine's, and a seeded source.
  static func machine(_ url: String, clock: ManualWallClock, seed: UInt64) async throws
    -> PostgresBackend
  {
    let backend = try PostgresBackend(
      url: url, clock: clock, random: SeededRandomNumberGenerator(seed: seed))
    await backend.keepHeads(in: HouseholdHeads(bytes: 1 << 20))
    return backend
  }

  @Test func test_AC_PG_32_anAddOnTheHeadTheProcessKnowsIsOneRoundTrip() async throws {
    let (url, clock, setup, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let backend = try await Self.machine(url, clock: clock, seed: 1)
    // NB: the first add runs as any write (and prepares its statements); it leaves the head.
    _ = try await backend.submit(Self.add("w0", to: home), as: Fixtures.alice)
    let before = await backend.counts().roundTrips
    let (card, sequence) = try Self.landed(
      try await backend.submit(Self.add("w1", to: home), as: Fixtures.alice))
    #expect(await backend.counts().roundTrips - before <= 1)
    let feed = try await setup.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)
    #expect(feed.map(\.sequence) == Array(1...Int64(feed.count)))
    #expect(feed.last?.sequence == sequence && feed.last?.card == card)
    #expect(try await setup.cards(in: home, as: Fixtures.alice).contains(card))
  }

  @Test func test_AC_PG_46_anAddOnTheHeadSendsItsWritesAsOneStatement() async throws {
    let (url, clock, setup, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let backend = try await Self.machine(url, clock: clock, seed: 46)
    _ = try await backend.submit(Self.add("w0", to: home), as: Fixtures.alice)
    _ = try await backend.submit(Self.add("w1", to: home), as: Fixtures.alice)
    let (trips, sent) = (await backend.counts().roundTrips, await backend.counts().statementsSent)
    let answer = try await backend.submit(Self.add("w2", to: home), as: Fixtures.alice)
    let (card, sequence) = try Self.landed(answer)
    #expect(await backend.counts().roundTrips - trips <= 1)
    #expect(await backend.counts().statementsSent - sent <= 7)
    #expect(try await setup.cards(in: home, as: Fixtures.alice).contains(card))
    let feed = try await setup.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)
    #expect(feed.last?.sequence == sequence && feed.last?.writeID == "w2")
    #expect(try await setup.receipt(for: "w2", in: home, as: Fixtures.alice) == answer)
    #expect(try await backend.submit(Self.add("w2", to: home), as: Fixtures.alice) == answer)
  }

  @Test func test_AC_PG_47_aWriteSentAgainIsAnsweredByARead() async throws {
    let (url, clock, _, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let backend = try await Self.machine(url, clock: clock, seed: 47)
    let other = try await Self.machine(url, clock: clock, seed: 48)
    let answer = try await backend.submit(Self.add("w0", to: home), as: Fixtures.alice)
    _ = try await backend.submit(Self.add("w0", to: home), as: Fixtures.alice)
    let (trips, sent) = (await backend.counts().roundTrips, await backend.counts().statementsSent)
    #expect(try await backend.submit(Self.add("w0", to: home), as: Fixtures.alice) == answer)
    #expect(await backend.counts().roundTrips - trips <= 1)
    #expect(await backend.counts().statementsSent - sent <= 5)
    // NB: another backend, which did not answer it, finds the receipt in its write's opening.
    #expect(try await other.submit(Self.add("w0", to: home), as: Fixtures.alice) == answer)
    let feed = try await other.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)
    #expect(feed.filter { $0.writeID == "w0" }.count == 1)
  }

  @Test func test_AC_PG_32_anotherMachinesWriteFailsTheCheckAndTheAddRunsAgain() async throws {
    let (url, clock, setup, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let alices = try await Self.machine(url, clock: clock, seed: 32)
    let other = try await Self.machine(url, clock: clock, seed: 7)
    let (first, _) = try Self.landed(
      try await alices.submit(Self.add("w0", to: home), as: Fixtures.alice))
    // NB: another machine writes: the head Alice's backend knows is stale.
    let (_, theirs) = try Self.landed(
      try await other.submit(Self.add("x0", to: home), as: Fixtures.alice))

    var before = await alices.counts().roundTrips
    let (second, sequence) = try Self.landed(
      try await alices.submit(Self.add("w1", to: home), as: Fixtures.alice))
    // NB: the attempt, its rollback, then the add as any write.
    #expect(await alices.counts().roundTrips - before <= 4)
    #expect(sequence == theirs + 1)
    // NB: the failed attempt's draw is drawn again: the seed's first two ids, in order.
    var probe = SeededRandomNumberGenerator(seed: 32)
    #expect(first.id == CardID.random(using: &probe))
    #expect(second.id == CardID.random(using: &probe))

    // NB: a household renamed elsewhere is read anew.
    _ = try await other.updateHousehold(home, name: "Renamed", timeZone: nil, as: Fixtures.alice)
    before = await alices.counts().roundTrips
    _ = try Self.landed(try await alices.submit(Self.add("w2", to: home), as: Fixtures.alice))
    #expect(await alices.counts().roundTrips - before <= 4)
    before = await alices.counts().roundTrips
    _ = try Self.landed(try await alices.submit(Self.add("w3", to: home), as: Fixtures.alice))
    #expect(await alices.counts().roundTrips - before <= 1)
    // NB: a stored form rewritten with no change in the feed (as a migration would) is seen.
    try PostgresConnection(url: url).execute(
      "UPDATE households SET body = jsonb_set(body::jsonb, '{name}', '\"Moved\"')::text")
    before = await alices.counts().roundTrips
    _ = try Self.landed(try await alices.submit(Self.add("w4", to: home), as: Fixtures.alice))
    #expect(await alices.counts().roundTrips - before <= 4)
    #expect(try await alices.household(home, as: Fixtures.alice).name == "Moved")

    let feed = try await setup.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)
    #expect(feed.map(\.sequence) == Array(1...Int64(feed.count)))
    let titles = try await setup.cards(in: home, as: Fixtures.alice).map(\.title)
    #expect(titles.sorted() == ["Card w0", "Card w1", "Card w2", "Card w3", "Card w4", "Card x0"])
  }

  @Test func test_AC_PG_32_aWriteAnsweredThroughAnotherBackendIsAnsweredFromItsReceipt()
    async throws
  {
    let (url, clock, setup, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let heads = HouseholdHeads(bytes: 1 << 20)
    let first = try PostgresBackend(url: url, clock: clock)
    let second = try PostgresBackend(url: url, clock: clock)
    await first.keepHeads(in: heads)
    await second.keepHeads(in: heads)
    _ = try await first.submit(Self.add("w0", to: home), as: Fixtures.alice)
    let answer = try await first.submit(Self.add("w1", to: home), as: Fixtures.alice)

    // NB: sent again through the backend that answered it: its receipt is read (AC-PG-17).
    var before = await first.counts().roundTrips
    #expect(try await first.submit(Self.add("w1", to: home), as: Fixtures.alice) == answer)
    #expect(await first.counts().roundTrips - before <= 1)
    // NB: through another, which runs it on the head: the receipt's key fails the attempt.
    _ = try await second.submit(Self.add("w2", to: home), as: Fixtures.alice)
    before = await second.counts().roundTrips
    #expect(try await second.submit(Self.add("w1", to: home), as: Fixtures.alice) == answer)
    #expect(await second.counts().roundTrips - before <= 3)

    let feed = try await setup.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)
    #expect(feed.map(\.sequence) == Array(1...Int64(feed.count)))
    #expect(feed.filter { $0.card?.title == "Card w1" }.count == 1)
  }
}

extension PostgresHeadTests {
  @Test func test_AC_PG_42_aRetriedWriteDrawsTheSameIds() async throws {
    let (url, clock, _, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let backend = try await Self.machine(url, clock: clock, seed: 42)
    let failures = Atomic<Int>(0)
    // NB: the first attempt loses a race just before its commit, as a serialization failure.
    await backend.counts().cutBeforeCommit { _ in
      guard failures.add(1, ordering: .relaxed).newValue == 1 else { return }
      throw PostgresError(state: .serializationFailure, message: "could not serialize")
    }
    let first = try await backend.addCard(CardDraft(title: "Crib"), to: home, as: Fixtures.alice)
    await backend.counts().cutBeforeCommit(nil)
    let second = try await backend.addCard(CardDraft(title: "Cot"), to: home, as: Fixtures.alice)
    #expect(failures.load(ordering: .relaxed) == 2)
    #expect(await backend.counts().retries == 1)
    var probe = SeededRandomNumberGenerator(seed: 42)
    #expect(first.id == CardID.random(using: &probe))
    #expect(second.id == CardID.random(using: &probe))
  }
}
