import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// A primary and its synchronous standby: the primary dies, the standby is promoted, and the
/// devices carry on with the URL they had.
@Suite struct PostgresFailoverTests {
  @Test func test_AC_PG_15_aPrimaryLostAndAStandbyPromotedLoseNoWriteAndApplyNoneTwice()
    async throws
  {
    let pair = try await ThrowawayCluster.start(packageOf: #filePath, pair: true)
    defer { pair.remove() }
    let clock = ManualWallClock(Fixtures.start)
    let waits = PostgresWaits(connect: .seconds(2), answer: .seconds(5))
    // NB: two machines: a connection each, on one two-host URL.
    let aliceServer = try PostgresBackend(url: pair.url, clock: clock, waits: waits)
    let bobServer = try PostgresBackend(url: pair.url, clock: clock, waits: waits)
    let creation = try await aliceServer.createHousehold(
      name: "Home", timeZone: "UTC", displayName: "Alice", as: Fixtures.alice)
    _ = try await bobServer.join(
      code: creation.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    let alice = Device(
      account: Fixtures.alice, backend: aliceServer, clock: clock,
      scheduler: InMemoryNotificationScheduler())
    let bob = Device(
      account: Fixtures.bob, backend: bobServer, clock: clock,
      scheduler: InMemoryNotificationScheduler())
    _ = try await alice.sync()
    _ = try await bob.sync()
    // NB: both devices write while the primary is killed under them: a write either lands
    // (the device was told so) or is refused and waits in its outbox. Once ten have landed,
    // they wait for the kill, so that writes are left for it whatever the machine's speed.
    let (told, tell) = AsyncStream<String>.makeStream()
    let kill = KillGate(after: 10)
    let outcomes = try await withThrowingTaskGroup(of: ([String], [String]).self) { group in
      for (device, name) in [(alice, "Alice"), (bob, "Bob")] {
        group.addTask {
          var landed: [String] = []
          var waiting: [String] = []
          for step in 0..<15 {
            let title = "\(name) \(step)"
            do {
              _ = try await device.addCard(CardDraft(title: title))
              landed.append(title)
              tell.yield(title)
              await kill.landed()
            } catch is PostgresError {
              waiting.append(title)
            }
          }
          return (landed, waiting)
        }
      }
      var seen = 0
      for await _ in told {
        seen += 1
        if seen == 10 { break }
      }
      try await pair.killPrimary()
      await kill.done()
      tell.finish()
      var all: ([String], [String]) = ([], [])
      for try await (landed, waiting) in group {
        all.0 += landed
        all.1 += waiting
      }
      return all
    }
    let (landed, waiting) = outcomes
    #expect(landed.count >= 10)
    #expect(!waiting.isEmpty, "the kill came after every write")
    let held = await alice.state.outbox.count + bob.state.outbox.count
    #expect(held == waiting.count)

    try await pair.promote()
    _ = try await alice.sync()
    _ = try await bob.sync()
    _ = try await alice.sync()
    let (aliceState, bobState) = (await alice.state, await bob.state)
    #expect(aliceState.outbox.isEmpty && bobState.outbox.isEmpty)
    let cards = try await aliceServer.cards(in: creation.household.id, as: Fixtures.alice)
    #expect(cards.map(\.title).sorted() == (landed + waiting).sorted())
    let feed = try await bobServer.changes(
      in: creation.household.id, after: 0, limit: 1_000, as: Fixtures.bob)
    #expect(feed.map(\.sequence) == Array(1...Int64(feed.count)))
    #expect(await alice.state.cards.count == 30)
    #expect(await bob.state.cards.count == 30)
  }
}

/// Holds writers back once `after` writes have landed, until the primary has been killed.
private actor KillGate {
  private let after: Int
  private var count = 0
  private var killed = false
  private var held: [CheckedContinuation<Void, Never>] = []

  init(after: Int) { self.after = after }

  /// A write landed: past the count, its writer waits for the kill.
  func landed() async {
    count += 1
    guard count >= after, !killed else { return }
    await withCheckedContinuation { held.append($0) }
  }

  /// The primary is gone: the writers go on, into refusals.
  func done() {
    killed = true
    for writer in held { writer.resume() }
    held = []
  }
}
