import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// What a screen of the app shows: only what the device's snapshots say.
struct Screen: Sendable {
  var titles: [String] = []
  var badge = 0
  var reminders: [String] = []
  var news: [PartnerNews.Kind] = []
}

/// A screen's model, fed by nothing but the device's snapshot stream.
actor ScreenModel {
  private(set) var screen = Screen()
  private let updates: PushInbox<DeviceSnapshot>

  init(_ device: Device) async {
    updates = PushInbox(await device.snapshots())
  }

  /// Reads snapshots until the screen satisfies `done`, failing after five seconds without
  /// a new one.
  @discardableResult
  func waitUntil(_ done: @Sendable (Screen) -> Bool) async throws -> Screen {
    while !done(screen) {
      guard let snapshot = try await updates.next() else { break }
      screen = Screen(
        titles: snapshot.sortedCards.map(\.title), badge: snapshot.badge,
        reminders: snapshot.notifications.map { "\($0.kind.rawValue): \($0.title)" }.sorted(),
        news: snapshot.news.map(\.kind))
    }
    return screen
  }
}

@Suite struct DeviceObservationContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_DEV_04_aScreenFollowsThePartnerWithoutSync(kind: BackendKind) async throws {
    let world = try World(kind)
    _ = try await world.couple()
    let alice = world.device(world.alice).device
    let bob = world.device(world.bob).device
    _ = try await bob.sync()
    let screen = await ScreenModel(bob)
    let following = Task { try await bob.follow() }
    defer { following.cancel() }
    try await screen.waitUntil { $0.badge == 0 }

    let checkup = try await alice.addCard(
      CardDraft(kind: .event, title: "Checkup", time: world.clock.now() + 86_400))
    let shown = try await screen.waitUntil { $0.titles == ["Checkup"] && $0.badge == 1 }
    #expect(shown.news == [.logged])
    #expect(shown.reminders.contains { $0.hasPrefix("event:") })

    _ = try await alice.editCard(checkup.id, CardEdit(title: .set("Checkup at the clinic")))
    let edited = try await screen.waitUntil {
      $0.reminders.contains { $0.contains("Checkup at the clinic") }
    }
    #expect(edited.titles == ["Checkup at the clinic"] && edited.news == [.logged])
    await bob.markNewsSeen()
    try await screen.waitUntil { $0.news.isEmpty }
    #expect(await bob.state.cursor > 0)
  }
}
