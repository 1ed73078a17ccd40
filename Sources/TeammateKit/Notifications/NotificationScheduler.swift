/// What a device's local notification centre offers: the pending list, schedule, cancel.
///
/// On a phone this wraps the system notification centre; in tests and simulations it is an
/// in-memory recorder, and on the command line it is a table in the store.
public protocol NotificationScheduler: Sendable {
  /// What is scheduled now.
  func pending() async throws -> [PlannedNotification]
  /// Schedules each notification, replacing any with the same id in place.
  func schedule(_ notifications: [PlannedNotification]) async throws
  /// Removes the notifications with these ids; unknown ids are ignored.
  func cancel(ids: [String]) async throws
  /// Forgets everything, pending and already shown: the account left its household, and a
  /// former member keeps none of its text.
  func removeAll() async throws
}
