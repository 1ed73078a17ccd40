import Foundation

/// One phone: signed in as one account, with its own clock (which may be wrong), its own
/// notification scheduler and its own cursor in the household's feed.
///
/// Storage-independent: the same device syncs against the in-memory and the SQLite backend.
///
/// ```swift
/// let bobsPhone = Device(account: "bob", backend: cloud, clock: phoneClock, scheduler: centre)
/// let report = try await bobsPhone.sync()   // report.badge, report.scheduled…
/// ```
public actor Device {
  public nonisolated let account: AccountID
  private let backend: any TeammateBackend
  private let clock: any WallClock
  private let scheduler: any NotificationScheduler
  private let pageSize: Int
  public private(set) var state: DeviceState

  public init(
    account: AccountID, backend: any TeammateBackend, clock: any WallClock,
    scheduler: any NotificationScheduler, state: DeviceState = DeviceState(), pageSize: Int = 500
  ) {
    self.account = account
    self.backend = backend
    self.clock = clock
    self.scheduler = scheduler
    self.state = state
    self.pageSize = max(1, pageSize)
  }

  /// Applies a pushed change at once; the next `sync` pulls it again, harmlessly.
  public func receive(_ change: Change) { state.apply(change) }

  /// The cards pending for this device's account, as it knows them now.
  public var pending: [Card] {
    AcknowledgementRules.pending(cards: Array(state.cards.values), viewer: account)
  }

  /// Pulls the changes after the cursor, applies them, turns the partner's into activity,
  /// plans the notifications, reconciles them with the scheduler, and reports.
  public func sync() async throws -> SyncReport {
    var pulled: [Change] = []
    do {
      pulled = try await pull()
    } catch TeammateError.accessDenied(.notAMember) {
      // NB: the account left (or was never in) the household this device remembers.
      state = DeviceState()
      pulled = try await pull()
    }
    let activity = pulled.compactMap { $0.activity(for: account) }
    let now = clock.now()
    let plan: [PlannedNotification]
    if let household = state.household, household.hasMember(account) {
      plan = NotificationPlanner.plan(
        PlanInput(
          cards: state.sortedCards, activity: state.waitingActivity + activity, viewer: account,
          members: household.members,
          timeZone: TimeZone(identifier: household.timeZone) ?? .gmt, now: now))
    } else {
      plan = []
    }
    let diff = NotificationReconciler.reconcile(
      planned: plan, scheduled: try await scheduler.pending())
    try await NotificationReconciler.apply(diff, to: scheduler)
    let waitingIDs = Set(
      plan.filter { $0.kind == .activity && $0.fireAt > now }.compactMap(\.cardID))
    state.waitingActivity = NotificationPlanner.latestActivityPerCard(
      state.waitingActivity + activity, viewer: account
    ).values.filter { waitingIDs.contains($0.cardID) }.sorted { $0.cardID < $1.cardID }
    return SyncReport(
      pulled: pulled.count, activity: activity, scheduled: diff.toSchedule,
      cancelled: diff.toCancel, pending: pending, householdID: state.householdID)
  }

  /// Every change after the cursor, page by page, applied as it comes.
  private func pull() async throws -> [Change] {
    if state.householdID == nil {
      state.householdID = try await backend.householdID(of: account, as: account)
    }
    guard let household = state.householdID else { return [] }
    var pulled: [Change] = []
    while true {
      let page = try await backend.changes(
        in: household, after: state.cursor, limit: pageSize, as: account)
      for change in page {
        state.apply(change)
        state.cursor = max(state.cursor, change.sequence)
      }
      pulled += page
      if page.count < pageSize { return pulled }
    }
  }
}
