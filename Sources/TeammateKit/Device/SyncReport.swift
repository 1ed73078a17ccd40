import Foundation

/// What one sync did, for a person or a test to read.
public struct SyncReport: Sendable, Equatable {
  /// Changes pulled from the feed that this device had not pulled before.
  public var pulled: Int
  /// What the partner did that the viewer should know, from those changes.
  public var activity: [ActivityEvent]
  /// What the partner did, in words a person reads: one entry per card.
  public var news: [PartnerNews]
  /// The notifications added or replaced.
  public var scheduled: [PlannedNotification]
  /// The ids of the notifications taken away.
  public var cancelled: [String]
  /// How many notifications the device holds planned after this sync.
  public var planned: Int
  /// The cards pending for the viewer, and so the badge.
  public var pending: [Card]
  /// The household the device follows after the sync.
  public var householdID: HouseholdID?
  /// What did not land as it was made and has not been dismissed.
  public var conflicts: [SyncConflict]
  /// The writes still waiting for the backend.
  public var outbox: Int
  /// How many writes that waited this sync sent and had answered (landed, or refused as a
  /// conflict): what a person who wrote offline wants to hear went.
  public var sent = 0

  /// How many cards wait for the person to know them.
  public var badge: Int { pending.count }

  /// A report with every field given; a device makes them.
  public init(
    pulled: Int = 0, activity: [ActivityEvent] = [], news: [PartnerNews] = [],
    scheduled: [PlannedNotification] = [], cancelled: [String] = [], planned: Int = 0,
    pending: [Card] = [], householdID: HouseholdID? = nil, conflicts: [SyncConflict] = [],
    outbox: Int = 0
  ) {
    self.conflicts = conflicts
    self.outbox = outbox
    self.pulled = pulled
    self.activity = activity
    self.news = news
    self.scheduled = scheduled
    self.cancelled = cancelled
    self.planned = planned
    self.pending = pending
    self.householdID = householdID
  }
}
