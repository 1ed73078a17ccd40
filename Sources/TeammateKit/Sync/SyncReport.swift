import Foundation

/// What one sync did, for a person or a test to read.
public struct SyncReport: Sendable, Equatable {
  /// Changes pulled from the feed that this device had not pulled before.
  public var pulled: Int
  /// What the partner did that the viewer should know, from those changes.
  public var activity: [ActivityEvent]
  public var scheduled: [PlannedNotification]
  public var cancelled: [String]
  /// The cards pending for the viewer, and so the badge.
  public var pending: [Card]
  public var householdID: HouseholdID?

  public var badge: Int { pending.count }

  public init(
    pulled: Int = 0, activity: [ActivityEvent] = [], scheduled: [PlannedNotification] = [],
    cancelled: [String] = [], pending: [Card] = [], householdID: HouseholdID? = nil
  ) {
    self.pulled = pulled
    self.activity = activity
    self.scheduled = scheduled
    self.cancelled = cancelled
    self.pending = pending
    self.householdID = householdID
  }
}
