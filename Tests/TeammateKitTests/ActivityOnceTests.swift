import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// A partner's activity notification, due at once, fires once.
@Suite struct ActivityOnceTests {
  @Test func test_AC_NOTIF_01_anActivityDueExactlyNowFiresThenAndNothingOfItWaits() async throws {
    let clock = ManualWallClock(Fixtures.date("2026-12-01T13:00:00+08:00"))
    let (cloud, creation) = try await Fixtures.couple(clock: clock, seed: 48)
    let bob = Device(
      account: Fixtures.bob, backend: cloud, clock: clock,
      scheduler: PhoneShapedNotificationCentre(), random: SeededRandomNumberGenerator(seed: 2))
    _ = try await bob.sync()
    _ = try await cloud.addCard(
      CardDraft(title: "Bought diapers"), to: creation.household.id, as: Fixtures.alice)
    _ = try await bob.sync()
    let activity = await bob.state.planned.filter { $0.kind == .activity }
    #expect(activity.map(\.fireAt) == [clock.now()])
    // NB: due at the planning instant, it fires now: nothing of it waits for later.
    #expect(await bob.state.waitingActivity.isEmpty)
    clock.advance(by: 60)
    _ = try await bob.sync()
    #expect(await bob.state.planned.filter { $0.kind == .activity }.isEmpty)
    #expect(await bob.state.waitingActivity.isEmpty)
  }
}
