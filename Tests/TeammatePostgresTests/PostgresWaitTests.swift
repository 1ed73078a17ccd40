import Foundation
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// A server that stops answering holds a call for a stated time, no longer.
@Suite struct PostgresWaitTests {
  @Test func test_AC_PG_14_aServerThatStopsAnsweringHoldsACallNoLongerThanItsWait() async throws {
    let url = try PostgresTestServer.freshStore("pgwait")
    let clock = ManualWallClock(Fixtures.start)
    let home = try await PostgresBackend(url: url, clock: clock).createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice
    ).household.id
    let backend = try PostgresBackend(
      url: url, clock: clock, waits: PostgresWaits(connect: .seconds(2), answer: .seconds(2)))
    // NB: the server process behind the backend's connection, stopped as a hung server is.
    let counts = await backend.counts()
    let process = try #require(pid_t(try await backend.serverProcess()))
    #expect(kill(process, SIGSTOP) == 0)
    // NB: whatever happens below, the shared server's process runs again.
    defer { kill(process, SIGCONT) }
    let started = ContinuousClock.now
    await #expect {
      _ = try await backend.addCard(CardDraft(title: "Diapers"), to: home, as: Fixtures.alice)
    } throws: { error in
      let error = error as? PostgresError
      return error?.isUnanswered == true
        && error?.message == "the server did not answer within 2 s"
    }
    let waited = ContinuousClock.now - started
    #expect(waited >= .seconds(2))
    // NB: waited for once, counted: on two busy cores a thread's turn alone can add seconds
    // to the clock, so the clock bounds only a hang.
    #expect(counts.expiredWaits == 1)
    #expect(waited < .seconds(15), "the call was held \(waited)")
    // NB: the next call opens a new connection and works; the unanswered one wrote nothing.
    let trips = counts.roundTrips
    _ = try await backend.addCard(CardDraft(title: "Wipes"), to: home, as: Fixtures.alice)
    // NB: the counts went with the backend onto the connection it opened again (AC-PG-49).
    #expect(counts.roundTrips > trips)
    #expect(try await backend.cards(in: home, as: Fixtures.alice).map(\.title) == ["Wipes"])
  }

  @Test func test_AC_PG_14_theWaitsAreSpokenAndTheConnectionWaitRidesOnTheURL() {
    #expect(PostgresWaits.spoken(.milliseconds(400)) == "400 ms")
    #expect(PostgresWaits.spoken(.seconds(15)) == "15 s")
    #expect(PostgresWaits.spoken(.milliseconds(1_500)) == "1.5 s")
    let waits = PostgresWaits(connect: .milliseconds(2_500))
    #expect(
      waits.bounding("postgresql:///db?host=/tmp") == "postgresql:///db?host=/tmp&connect_timeout=3"
    )
    #expect(
      waits.bounding("postgresql://db.example/teammate")
        == "postgresql://db.example/teammate?connect_timeout=3")
    #expect(
      PostgresWaits(connect: .milliseconds(100)).bounding("postgresql://h/d")
        == "postgresql://h/d?connect_timeout=2")
    #expect(
      waits.bounding("postgresql://h/d?connect_timeout=30") == "postgresql://h/d?connect_timeout=30"
    )
  }
}
