import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// Households on one server do not contend: what the server itself counts.
@Suite struct PostgresContentionTests {
  /// The rolled-back transactions and the deadlocks the server has counted in `database`.
  static func aborts(in database: String) throws -> (rollbacks: Int, deadlocks: Int) {
    let rows = try PostgresConnection(url: database).query(
      "SELECT xact_rollback, deadlocks FROM pg_stat_database WHERE datname = current_database()")
    return (Int(try rows.integer(0, "xact_rollback")), Int(try rows.integer(0, "deadlocks")))
  }

  @Test func test_AC_PG_10_writersInDifferentHouseholdsNeverAbortEachOther() async throws {
    let database = try PostgresTestServer.freshDatabase("pgspread")
    defer { try? PostgresTestServer.dropDatabase(database) }
    let clock = ManualWallClock(Fixtures.start)
    let setup = try PostgresBackend(
      url: database, clock: clock, random: SeededRandomNumberGenerator(seed: 3))
    var homes: [HouseholdID] = []
    for index in 0..<16 {
      let creation = try await setup.createHousehold(
        name: "H\(index)", timeZone: "UTC", displayName: "A", as: AccountID("a\(index)"))
      _ = try await setup.join(
        code: creation.invite.code.rawValue, displayName: "B", as: AccountID("b\(index)"))
      homes.append(creation.household.id)
    }
    try await setup.flushStatistics()
    let before = try Self.aborts(in: database)
    let writers = try (0..<8).map { index in
      try PostgresBackend(
        url: database, clock: clock, random: SeededRandomNumberGenerator(seed: UInt64(index + 10)))
    }
    let fixedHomes = homes
    // NB: each writer's retries are heard from before the first write.
    var counts: [PostgresCounts] = []
    for writer in writers { counts.append(await writer.counts()) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, writer) in writers.enumerated() {
        group.addTask {
          for step in 0..<24 {
            // NB: writer i alone writes households 2i and 2i+1.
            let household = 2 * index + step % 2
            let (author, partner) = (AccountID("a\(household)"), AccountID("b\(household)"))
            _ = try await writer.addCard(
              CardDraft(title: "c\(step)"), to: fixedHomes[household], as: author)
            if step % 3 == 2 {
              _ = try await writer.acknowledgePending(in: fixedHomes[household], as: partner)
            }
          }
          try await writer.flushStatistics()
        }
      }
      try await group.waitForAll()
    }
    let after = try Self.aborts(in: database)
    #expect(after.rollbacks - before.rollbacks == 0, "transactions the server rolled back")
    #expect(after.deadlocks - before.deadlocks == 0)
    for each in counts { #expect(each.retries == 0) }
    for (index, home) in homes.enumerated() {
      let cards = try await setup.cards(in: home, as: AccountID("a\(index)"))
      #expect(cards.count == 12)
      let feed = try await setup.changes(
        in: home, after: 0, limit: 1_000, as: AccountID("a\(index)"))
      #expect(feed.map(\.sequence) == Array(1...Int64(feed.count)))
    }
  }

  @Test func test_AC_PG_11_anOpenWriteHoldsBackOnlyItsOwnHousehold() async throws {
    // NB: Alice's household, held below, and Carol's, left free; a card in each.
    let (url, held, free) = try await PostgresTests().twoHouseholds()
    let clock = ManualWallClock(Fixtures.start)
    let setup = try PostgresBackend(url: url, clock: clock)
    // NB: a write of Alice's household, open: it has taken what a write takes first.
    let open = try PostgresConnection(url: url)
    try open.execute("BEGIN ISOLATION LEVEL READ COMMITTED")
    try open.query("SELECT 1 FROM households WHERE id = \(held.rawValue) FOR NO KEY UPDATE")
    // NB: a writer that would wait says so after a moment instead of hanging the test.
    let impatient = try PostgresBackend(
      url: url.replacingOccurrences(
        of: "search_path%3D", with: "lock_timeout%3D300%20-csearch_path%3D"),
      clock: clock)
    _ = try await impatient.addCard(CardDraft(title: "Water bill"), to: free, as: Fixtures.carol)
    await #expect(throws: PostgresError.self) {
      _ = try await impatient.addCard(CardDraft(title: "Wipes"), to: held, as: Fixtures.alice)
    }
    try open.execute("ROLLBACK")
    _ = try await impatient.addCard(CardDraft(title: "Wipes"), to: held, as: Fixtures.alice)
    #expect(
      try await setup.cards(in: free, as: Fixtures.carol).map(\.title) == ["Rent", "Water bill"])
    #expect(
      try await setup.cards(in: held, as: Fixtures.alice).map(\.title) == ["Diapers", "Wipes"])
  }

  @Test func test_AC_PG_12_aRetryPausesWithJitterThatGrowsAndStopsAtItsBudget() {
    var random = SeededRandomNumberGenerator(seed: 12)
    var pauses = RetryPauses()
    var taken: [Int64] = []
    while let pause = pauses.next(using: &random) { taken.append(pause.microseconds) }
    #expect(!taken.isEmpty)
    for (index, pause) in taken.enumerated() {
      let ceiling = min(RetryPauses.longest, RetryPauses.first << index)
      #expect((0...ceiling).contains(pause), "pause \(index) of \(pause) µs")
    }
    #expect(taken.reduce(0, +) == pauses.waited)
    #expect(pauses.waited <= RetryPauses.budget)
    #expect(pauses.waited > RetryPauses.budget - RetryPauses.longest)
    // NB: jitter: the pauses at the ceiling are not all one length.
    #expect(Set(taken.suffix(8)).count > 1)
    let told = PostgresError(state: .serializationFailure, message: "could not serialize access")
      .afterPauses(pauses)
    #expect(told.state == .serializationFailure)
    #expect(
      told.message
        == "the server stayed busy with other writes for \(pauses.waited / 1_000) ms over "
        + "\(taken.count + 1) tries; nothing was changed")
  }

  @Test func test_AC_PG_13_connectionsOpeningOneEmptyStoreAtOnceMakeItOnce() async throws {
    let url = try PostgresTestServer.freshStore("pgopen")
    let opened = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          (try? PostgresBackend(url: url, clock: ManualWallClock(Fixtures.start))) != nil
        }
      }
      return await group.reduce(into: 0) { count, opened in count += opened ? 1 : 0 }
    }
    #expect(opened == 8)
    let mark = try PostgresConnection(url: url).query("SELECT count(*) FROM teammate_schema")
    #expect(try mark.integer(0, "count") == 1)
  }
}
