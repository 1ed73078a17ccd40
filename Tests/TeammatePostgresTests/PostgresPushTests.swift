import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// Pushes between two connections to one server, as between two machines.
@Suite struct PostgresPushTests {
  @Test func test_AC_PG_09_aScreenOnOneConnectionFollowsAWriteOnAnother() async throws {
    let (url, clock, alicesServer, creation) = try await PostgresTests.aliceAtHome()
    let bobsServer = try PostgresBackend(url: url, clock: clock)
    _ = try await bobsServer.join(
      code: creation.invite.code.rawValue, displayName: "Bob", as: Fixtures.bob)
    let alice = Device(
      account: Fixtures.alice, backend: alicesServer, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock),
      random: SeededRandomNumberGenerator(seed: 1))
    let bob = Device(
      account: Fixtures.bob, backend: bobsServer, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock),
      random: SeededRandomNumberGenerator(seed: 2))
    _ = try await bob.sync()
    let screen = await ScreenModel(bob)
    let following = Task { try await bob.follow() }
    defer { following.cancel() }
    _ = try await alice.addCard(
      CardDraft(kind: .event, title: "Checkup", time: clock.now() + 86_400))
    let shown = try await screen.waitUntil { $0.titles == ["Checkup"] }
    #expect(shown.badge == 1 && shown.reminders.contains { $0.hasPrefix("event:") })

    // The channel's payload names the sequence and nothing of the card.
    let pushes = PushInbox(
      try await bobsServer.pushes(for: creation.household.id, as: Fixtures.bob))
    _ = try await alice.addCard(CardDraft(title: "Secret gift"))
    let sequence = try #require(try await pushes.next())
    let feed = try await bobsServer.changes(
      in: creation.household.id, after: 0, limit: 100, as: Fixtures.bob)
    #expect(sequence == feed.last?.sequence)

    // A stranger cannot follow the household.
    await #expect(throws: TeammateError.accessDenied(.notAMember(creation.household.id))) {
      _ = try await bobsServer.pushes(for: creation.household.id, as: Fixtures.carol)
    }
  }

  @Test func test_AC_PG_27_aChangeIsAnnouncedOnlyWhileSomeoneListens() async throws {
    let (url, _, server, creation) = try await PostgresTests.aliceAtHome()
    let home = creation.household.id
    let raw = try PostgresConnection(url: url)
    let channel = try raw.query(
      "SELECT teammate_channel(\(home.rawValue)) AS channel"
    ).text(0, "channel")
    try raw.execute("LISTEN \(try PostgresListener.identifier(channel))")
    _ = try await server.addCard(CardDraft(title: "Unheard"), to: home, as: Fixtures.alice)
    #expect(try Self.heard(on: raw, channel: channel).isEmpty)

    let pushes = PushInbox(try await server.pushes(for: home, as: Fixtures.alice))
    _ = try await server.addCard(CardDraft(title: "Heard"), to: home, as: Fixtures.alice)
    let pushed = try #require(try await pushes.next())
    let feed = try await server.changes(in: home, after: 0, limit: 100, as: Fixtures.alice)
    #expect(pushed == feed.last?.sequence)
    #expect(try Self.heard(on: raw, channel: channel) == ["\(pushed)"])
  }

  /// What `raw`, listening on `channel`, heard before a marker it sends itself: the server
  /// hands out notifications in the order their commits came, so nothing committed before the
  /// marker comes after it.
  static func heard(on raw: PostgresConnection, channel: String) throws -> [String] {
    try raw.execute("NOTIFY \(try PostgresListener.identifier(channel)), 'marker'")
    var heard: [String] = []
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    while ContinuousClock.now < deadline {
      for (name, payload) in try raw.notifications(waiting: .milliseconds(100))
      where name == channel {
        if payload == "marker" { return heard }
        heard.append(payload)
      }
    }
    throw PostgresError.client("the marker did not come back within 10 s")
  }
}
