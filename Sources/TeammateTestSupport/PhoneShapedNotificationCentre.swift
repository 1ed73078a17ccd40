import Foundation
import TeammateKit

/// A notification centre shaped like a phone's (`UNUserNotificationCenter`): requests are
/// added by identifier with their text and a calendar trigger to the second, removed by
/// identifiers, and listed. It keeps none of the kit's own fields, so `pending()` rebuilds
/// each notification from the request alone, as an app's adapter must.
public actor PhoneShapedNotificationCentre: NotificationScheduler {
  /// One pending request, as the phone keeps it.
  public struct Request: Sendable, Equatable {
    /// The request's id: the notification's.
    public var identifier: String
    /// What the phone shows first.
    public var title: String
    /// What it shows under the title.
    public var body: String
    /// The trigger's date components in UTC, to the second.
    public var trigger: DateComponents
  }

  private var requests: [String: Request] = [:]
  /// Every request added, in order: what a sync that changed nothing must not grow.
  public private(set) var added: [String] = []
  private let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    return calendar
  }()

  /// A centre holding no request.
  public init() {}

  // MARK: The phone's side

  /// Adds a request, replacing one with its id, as a phone's centre does.
  public func add(_ request: Request) {
    added.append(request.identifier)
    requests[request.identifier] = request
  }

  /// Takes away the requests with these ids.
  public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
    for identifier in identifiers { requests[identifier] = nil }
  }

  /// The requests still pending.
  public func pendingNotificationRequests() -> [Request] {
    requests.values.sorted { $0.identifier < $1.identifier }
  }

  /// Takes away every pending request.
  public func removeAllPendingNotificationRequests() { requests = [:] }

  // MARK: The adapter

  public func pending() -> [PlannedNotification] {
    pendingNotificationRequests().compactMap { request in
      guard let fireAt = calendar.date(from: request.trigger) else { return nil }
      // NB: only what the phone kept: the kind is read back from the id, nothing else.
      let kind = request.identifier.split(separator: ":").first.flatMap {
        NotificationKind(rawValue: String($0))
      }
      return PlannedNotification(
        id: request.identifier, kind: kind ?? .digest, fireAt: fireAt, title: request.title,
        body: request.body, cardID: nil)
    }
  }

  public func schedule(_ notifications: [PlannedNotification]) {
    for notification in notifications {
      add(
        Request(
          identifier: notification.id, title: notification.title, body: notification.body,
          trigger: calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: notification.fireAt)))
    }
  }

  public func cancel(ids: [String]) { removePendingNotificationRequests(withIdentifiers: ids) }

  public func removeAll() { removeAllPendingNotificationRequests() }
}
