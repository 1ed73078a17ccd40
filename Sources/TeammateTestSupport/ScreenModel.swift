import Foundation
import TeammateKit

/// What a screen of the app shows: only what the device's snapshots say.
public struct Screen: Sendable {
  public var titles: [String] = []
  public var badge = 0
  public var reminders: [String] = []
  public var news: [PartnerNews.Kind] = []
}

/// A screen's model, fed by nothing but the device's snapshot stream.
public actor ScreenModel {
  public private(set) var screen = Screen()
  private let updates: PushInbox<DeviceSnapshot>

  public init(_ device: Device) async {
    updates = PushInbox(await device.snapshots())
  }

  /// Reads snapshots until the screen satisfies `done`, failing after five seconds without
  /// a new one.
  @discardableResult
  public func waitUntil(_ done: @Sendable (Screen) -> Bool) async throws -> Screen {
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
