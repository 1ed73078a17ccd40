import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// A backend whose feed gives back the last change it gave, as if it read from the cursor
/// instead of after it: the device must neither show it twice nor pull forever.
@Suite struct RepeatedFeedTests {
  /// The last change the feed answered with, put in front of the next answer.
  final class Echo: @unchecked Sendable {
    private let lock = NSLock()
    private var last: Change?

    func answer(_ page: [Change]) -> [Change] {
      lock.withLock {
        let answer = (last.map { [$0] } ?? []) + page
        if let newest = page.last { last = newest }
        return answer
      }
    }
  }

  @Test func test_AC_SYNC_38_aChangeGivenAgainIsNeitherShownTwiceNorPulledForever() async throws {
    let clock = ManualWallClock(Fixtures.start)
    let cloud = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 3))
    let creation = try await cloud.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: Fixtures.alice)
    _ = try await cloud.join(
      code: creation.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    let home = creation.household.id
    for title in ["Milk", "Nap at 2", "Checkup"] {
      _ = try await cloud.addCard(CardDraft(title: title), to: home, as: Fixtures.alice)
    }
    let echo = Echo()
    var distortion = FaultyBackend.Distortion()
    distortion.changes = { echo.answer($0) }
    let bob = Device(
      account: Fixtures.bob, backend: FaultyBackend(cloud, distortion: distortion), clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock), pageSize: 1)

    let first = try await bob.sync()
    let feed = try await cloud.changes(in: home, after: 0, limit: 100, as: Fixtures.bob)
    #expect(first.pulled == feed.count)
    #expect(first.news.map(\.title) == ["Milk", "Nap at 2", "Checkup"])
    #expect(await bob.state.cursor == feed.last?.sequence)
    let again = try await bob.sync()
    #expect(again.pulled == 0 && again.news.isEmpty)
  }
}
