import TeammateKit

/// A notification centre in memory that records what it was told, in order.
public actor InMemoryNotificationScheduler: NotificationScheduler {
  /// One call the scheduler received.
  public enum Call: Sendable, Equatable {
    case schedule([String])
    case cancel([String])
  }

  private var scheduled: [String: PlannedNotification] = [:]
  /// Every schedule and cancel call, oldest first.
  public private(set) var calls: [Call] = []

  public init(pending: [PlannedNotification] = []) {
    for notification in pending { scheduled[notification.id] = notification }
  }

  public func pending() -> [PlannedNotification] {
    scheduled.values.sorted { ($0.fireAt, $0.id) < ($1.fireAt, $1.id) }
  }

  public func schedule(_ notifications: [PlannedNotification]) {
    calls.append(.schedule(notifications.map(\.id)))
    for notification in notifications { scheduled[notification.id] = notification }
  }

  public func cancel(ids: [String]) {
    calls.append(.cancel(ids))
    for id in ids { scheduled[id] = nil }
  }
}
