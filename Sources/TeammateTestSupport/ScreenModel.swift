import Foundation
import TeammateKit

/// What a screen of the app shows: only what the device's snapshots say.
public struct Screen: Sendable {
  /// The cards' titles, as listed.
  public var titles: [String] = []
  /// The badge.
  public var badge = 0
  /// The planned notifications, as `kind: title`.
  public var reminders: [String] = []
  /// The partner's news not yet seen.
  public var news: [PartnerNews.Kind] = []
}

/// A screen's model, fed by nothing but the device's snapshot stream.
public actor ScreenModel {
  /// What the screen shows now.
  public private(set) var screen = Screen()
  private let updates: PushInbox<DeviceSnapshot>

  /// A screen showing `device`'s snapshots from now on.
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
