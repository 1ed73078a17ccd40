import TeammateKit

/// A notification centre in memory that records what it was told, in order.
public actor InMemoryNotificationScheduler: NotificationScheduler {
  /// One call the scheduler received.
  public enum Call: Sendable, Equatable {
    case schedule([String])
    case cancel([String])
    case removeAll
  }

  private var scheduled: [String: PlannedNotification] = [:]
  private let clock: (any WallClock)?
  /// Every schedule and cancel call, oldest first.
  public private(set) var calls: [Call] = []
  /// Notifications whose time came, as a phone would have shown them, oldest first.
  public private(set) var delivered: [PlannedNotification] = []

  /// With a `clock`, a notification whose time has come is delivered (it leaves the pending
  /// list, as on a phone); without one, nothing is ever delivered.
  public init(pending: [PlannedNotification] = [], clock: (any WallClock)? = nil) {
    self.clock = clock
    for notification in pending { scheduled[notification.id] = notification }
  }

  public func pending() -> [PlannedNotification] {
    deliverDue()
    return scheduled.values.sorted { ($0.fireAt, $0.id) < ($1.fireAt, $1.id) }
  }

  /// What a phone would have shown by now, oldest first (`delivered`).
  public func shown() -> [PlannedNotification] {
    deliverDue()
    return delivered
  }

  /// Moves every notification whose time has come to `delivered`.
  public func deliverDue() {
    guard let now = clock?.now() else { return }
    let due = scheduled.values.filter { $0.fireAt <= now }.sorted {
      ($0.fireAt, $0.id) < ($1.fireAt, $1.id)
    }
    for notification in due { scheduled[notification.id] = nil }
    delivered += due
  }

  public func schedule(_ notifications: [PlannedNotification]) {
    calls.append(.schedule(notifications.map(\.id)))
    for notification in notifications { scheduled[notification.id] = notification }
  }

  public func removeAll() {
    calls.append(.removeAll)
    scheduled = [:]
    delivered = []
  }

  public func cancel(ids: [String]) {
    calls.append(.cancel(ids))
    for id in ids { scheduled[id] = nil }
  }
}
