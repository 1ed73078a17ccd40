/// What to change in a device's scheduler so that it holds exactly the plan.
public struct NotificationDiff: Sendable, Equatable {
  /// New notifications, and those whose time or text changed (overwritten in place).
  public var toSchedule: [PlannedNotification]
  /// Ids scheduled but no longer planned. Never an id that is in `toSchedule`.
  public var toCancel: [String]

  /// What to add or replace, and which ids to take away.
  public init(toSchedule: [PlannedNotification] = [], toCancel: [String] = []) {
    self.toSchedule = toSchedule
    self.toCancel = toCancel
  }

  /// Whether the scheduler needs nothing done.
  public var isEmpty: Bool { toSchedule.isEmpty && toCancel.isEmpty }
}

/// Diffs a plan against what is scheduled, and applies the diff.
public enum NotificationReconciler {
  /// Unchanged notifications (the same id, title, body and fire time to the second, as the
  /// `NotificationScheduler` contract says) appear in neither list.
  ///
  /// NB: an id being overwritten is never cancelled too: on a phone, cancellation runs
  /// asynchronously and could delete the fresh request.
  public static func reconcile(
    planned: [PlannedNotification], scheduled: [PlannedNotification]
  ) -> NotificationDiff {
    var current: [String: PlannedNotification] = [:]
    for notification in scheduled { current[notification.id] = notification }
    let plannedIDs = Set(planned.map(\.id))
    return NotificationDiff(
      toSchedule: planned.filter { planned in
        current[planned.id].map { !$0.looksLike(planned) } ?? true
      },
      toCancel: current.keys.filter { !plannedIDs.contains($0) }.sorted())
  }

  /// Applies `diff` to a scheduler: cancels what is gone, schedules what is new or changed.
  public static func apply(
    _ diff: NotificationDiff, to scheduler: some NotificationScheduler
  ) async throws {
    if !diff.toCancel.isEmpty { try await scheduler.cancel(ids: diff.toCancel) }
    if !diff.toSchedule.isEmpty { try await scheduler.schedule(diff.toSchedule) }
  }
}

extension PlannedNotification {
  /// Whether a person would see the same notification: id, title, body, and the fire time
  /// to the whole second (a phone's calendar trigger keeps no more).
  public func looksLike(_ other: PlannedNotification) -> Bool {
    id == other.id && title == other.title && body == other.body
      && fireAt.timeIntervalSince1970.rounded(.down)
        == other.fireAt.timeIntervalSince1970.rounded(.down)
  }
}
