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

  /// Pulls the changes after the cursor, applies them, turns the partner's into activity and
  /// news, plans the notifications, reconciles them with the scheduler, and reports.
  public func sync() async throws -> SyncReport {
    let before = state
    var pulled: [Change] = []
    do {
      pulled = try await pull()
    } catch TeammateError.accessDenied(.notAMember) {
      // NB: the account left (or was never in) the household this device remembers.
      try await forgetHousehold()
      pulled = try await pull()
    }
    let activity = pulled.compactMap { $0.activity(for: account) }
    let news = PartnerNews.collect(
      pulled, viewer: account,
      household: before.householdID == state.householdID ? before.household : nil,
      after: state.cards)
    let diff = try await replan(adding: activity)
    return SyncReport(
      pulled: pulled.count, activity: activity, news: news, scheduled: diff.toSchedule,
      cancelled: diff.toCancel, planned: state.planned.count, pending: pending,
      householdID: state.householdID)
  }

  /// Plans again from what this device knows now, without pulling: after its own writes, a
  /// settings change, or time passing.
  @discardableResult
  public func replan() async throws -> NotificationDiff { try await replan(adding: []) }

  private func replan(adding activity: [ActivityEvent]) async throws -> NotificationDiff {
    let now = clock.now()
    state.noteShown(now: now)
    let plan: [PlannedNotification]
    if let household = state.household, household.hasMember(account) {
      plan = NotificationPlanner.plan(
        PlanInput(
          cards: state.sortedCards, activity: state.waitingActivity + activity, viewer: account,
          members: household.members,
          timeZone: TimeZone(identifier: household.timeZone) ?? .gmt, now: now,
          shown: state.shown))
    } else {
      plan = []
    }
    let diff = NotificationReconciler.reconcile(
      planned: plan, scheduled: try await scheduler.pending())
    try await NotificationReconciler.apply(diff, to: scheduler)
    state.planned = plan.map(PlannedOccurrence.init)
    let waitingIDs = Set(
      plan.filter { $0.kind == .activity && $0.fireAt > now }.compactMap(\.cardID))
    state.waitingActivity = NotificationPlanner.latestActivityPerCard(
      state.waitingActivity + activity, viewer: account
    ).values.filter { waitingIDs.contains($0.cardID) }.sorted { $0.cardID < $1.cardID }
    return diff
  }

  /// Lets go of the household: its cards, its planned and its shown notifications.
  private func forgetHousehold() async throws {
    state = DeviceState()
    try await scheduler.removeAll()
  }

  // MARK: Writes that replan at once

  /// The household this device's account is in, asking the backend when it does not know.
  private func householdID() async throws -> HouseholdID {
    if let id = state.householdID { return id }
    guard let id = try await backend.householdID(of: account, as: account) else {
      throw TeammateError.notInHousehold(account)
    }
    return id
  }

  /// Takes in cards this device just wrote and plans again.
  private func wrote(_ cards: [Card]) async throws {
    for card in cards { state.noteLocal(card) }
    try await replan()
  }

  public func addCard(_ draft: CardDraft) async throws -> Card {
    let card = try await backend.addCard(draft, to: try await householdID(), as: account)
    try await wrote([card])
    return card
  }

  public func editCard(_ id: CardID, _ edit: CardEdit) async throws -> CardRules.EditOutcome {
    let outcome = try await backend.editCard(id, edit, as: account)
    try await wrote([outcome.card])
    return outcome
  }

  /// Acknowledges each card at the revision seen: all of them, or none.
  public func acknowledge(_ seen: [CardRevision]) async throws -> [Card] {
    let cards = try await backend.acknowledgeCards(seen, as: account)
    try await wrote(cards)
    return cards
  }

  /// Acknowledges exactly what is pending at the backend, in one write.
  public func acknowledgeAllPending() async throws -> [Card] {
    let cards = try await backend.acknowledgePending(in: try await householdID(), as: account)
    try await wrote(cards)
    return cards
  }

  public func setDone(_ id: CardID, done: Bool) async throws -> Card {
    let card = try await backend.setCardDone(id, done: done, as: account)
    try await wrote([card])
    return card
  }

  public func deleteCard(_ id: CardID) async throws -> Card {
    let card = try await backend.deleteCard(id, as: account)
    try await wrote([card])
    return card
  }

  public func restoreCard(_ id: CardID) async throws -> Card {
    let card = try await backend.restoreCard(id, as: account)
    try await wrote([card])
    return card
  }

  /// Changes this member's own notification settings and plans with them at once.
  public func updateSettings(_ settings: NotificationSettings) async throws -> Household {
    let household = try await backend.updateMember(
      in: try await householdID(), displayName: nil, settings: settings, as: account)
    state.noteLocal(household)
    try await replan()
    return household
  }

  /// Leaves the household (deleting it when this is its last member) and forgets it.
  public func leave(deletingHousehold: Bool = false) async throws {
    try await backend.leaveHousehold(
      try await householdID(), deletingHousehold: deletingHousehold, as: account)
    try await forgetHousehold()
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
