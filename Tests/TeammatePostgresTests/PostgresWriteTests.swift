import Foundation
import Synchronization
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// What a write sends: its statements, a write sent again, a write run again.
@Suite struct PostgresWriteTests {
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

  /// A backend on `url`, as another machine's, with a seeded source.
  static func machine(_ url: String, clock: ManualWallClock, seed: UInt64) throws
    -> PostgresBackend
  {
    try PostgresBackend(url: url, clock: clock, random: SeededRandomNumberGenerator(seed: seed))
  }

  @Test func test_AC_PG_46_anAddSendsItsWritesAsOneStatement() async throws {
    let (url, clock, setup, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let backend = try Self.machine(url, clock: clock, seed: 46)
    _ = try await backend.submit(Self.add("w0", to: home), as: Fixtures.alice)
    _ = try await backend.submit(Self.add("w1", to: home), as: Fixtures.alice)
    let (trips, sent) = (await backend.counts().roundTrips, await backend.counts().statementsSent)
    let answer = try await backend.submit(Self.add("w2", to: home), as: Fixtures.alice)
    let (card, sequence) = try Self.landed(answer)
    #expect(await backend.counts().roundTrips - trips <= 2)
    #expect(await backend.counts().statementsSent - sent <= 9)
    #expect(try await setup.cards(in: home, as: Fixtures.alice).contains(card))
    let feed = try await setup.changes(in: home, after: 0, limit: 50, as: Fixtures.alice)
    #expect(feed.last?.sequence == sequence && feed.last?.writeID == "w2")
    #expect(try await setup.receipt(for: "w2", in: home, as: Fixtures.alice) == answer)
    #expect(try await backend.submit(Self.add("w2", to: home), as: Fixtures.alice) == answer)
  }
}

extension PostgresWriteTests {
  @Test func test_AC_PG_42_aRetriedWriteDrawsTheSameIds() async throws {
    let (url, clock, _, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let backend = try Self.machine(url, clock: clock, seed: 42)
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
