/// What a device's local notification centre offers: the pending list, schedule, cancel.
///
/// On a phone this wraps the system notification centre; in tests and simulations it is an
/// in-memory recorder, and on the command line it is a table in the store.
///
/// The contract the reconciler relies on:
/// - **Identity is the id.** Scheduling a notification whose id is pending replaces it in
///   place; there is never more than one pending request per id.
/// - **Unchanged means what a person sees**: the same id, title, body and fire time to the
///   whole second. `kind`, `cardID` and `occurrenceAt` are the kit's own and need not
///   survive the round trip, so an adapter may rebuild `pending()` from the phone's requests
///   (identifier, content, calendar trigger) without anything being scheduled again.
/// - **`pending()` returns every request not yet delivered**, each with its id, title, body
///   and fire time; one whose time has come may be left out (the phone showed it).
public protocol NotificationScheduler: Sendable {
  /// What is scheduled now and not yet delivered.
  func pending() async throws -> [PlannedNotification]
  /// Schedules each notification, replacing any with the same id in place.
  func schedule(_ notifications: [PlannedNotification]) async throws
  /// Removes the notifications with these ids; unknown ids are ignored.
  func cancel(ids: [String]) async throws
  /// Forgets everything, pending and already shown: the account left its household, and a
  /// former member keeps none of its text.
  func removeAll() async throws
  /// What the centre has already shown, oldest first. A centre that cannot say answers none
  /// (the default): a phone's system shows its delivered notifications itself.
  func shown() async throws -> [PlannedNotification]
}

extension NotificationScheduler {
  public func shown() async throws -> [PlannedNotification] { [] }
}
