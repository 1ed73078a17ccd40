import Foundation

/// One phone: signed in as one account, with its own clock (which may be wrong), its own
/// notification scheduler, its own cursor in the household's feed and its own outbox.
///
/// Every write is applied to the device's view at once and waits in the outbox, with an id
/// the device made, until the backend answers it. Online, a write is sent at once and a
/// refusal is the caller's error; offline (or when a reply is lost), it waits, and the next
/// `sync` sends it, where a refusal becomes a conflict the person reads.
///
/// One caller at a time: every write, sync, push, replan and change of network runs in its
/// turn, in the order called, so an app may call it from many tasks at once. A screen
/// follows `snapshots()`, one consistent value after every change.
///
/// Storage-independent: the same device syncs against every backend.
///
/// ```swift
/// let bobsPhone = Device(account: "bob", backend: cloud, clock: phoneClock, scheduler: centre)
/// for await snapshot in await bobsPhone.snapshots() { render(snapshot.badge, snapshot.cards) }
/// Task { try await bobsPhone.follow() }   // the partner's changes as they happen
/// let report = try await bobsPhone.sync()   // report.badge, report.scheduled…
/// ```
public actor Device {
  /// Whose phone this is.
  public nonisolated let account: AccountID
  let backend: any TeammateBackend
  let clock: any WallClock
  let scheduler: any NotificationScheduler
  let pageSize: Int
  var random: AnyRandomNumberGenerator
  /// Everything the device keeps between runs, saved to `store` within each turn.
  package internal(set) var state: DeviceState
  /// Where the state is kept, durably; nil for a device that keeps nothing (a preview).
  let store: (any DeviceStore)?
  /// What `store` holds for this device: the state as last saved (nil before the first save
  /// of a new install).
  var saved: DeviceState?
  /// The view with the outbox replayed, what it was replayed over and when: the cards, the
  /// household, the pending cards and every snapshot read it, and each would replay the
  /// outbox again. Kept while the state it came from is the state now (whose collections,
  /// unchanged, compare by their storage at once).
  var shownView: (over: DeviceView, outbox: [OutboxEntry], at: Date, view: DeviceView)?
  /// Whether writes go to the backend at once; offline they wait in the outbox.
  public private(set) var isOnline: Bool
  private var turns = DeviceTurns()
  /// How many calls have taken their place in line, in the order they took it: a
  /// simulation waits on it to make concurrent calls in an order its seed fixes.
  package private(set) var callsMade = 0
  /// What the partner did that the person has not marked seen: kept with the state, so that
  /// it survives a relaunch.
  public var news: [PartnerNews] { state.news }
  /// The words its notifications are written in: the app's language.
  public nonisolated let wording: any Wording
  var observers = SnapshotObservers()

  /// A phone of `account`'s reaching `backend`, planning into `scheduler` on the phone's own
  /// `clock`, keeping its state in `store`: it opens with what the store saved last (nothing
  /// for a new install) and saves within every turn, before it answers. `random` makes its
  /// write and card ids, and `wording` writes its notifications in the app's language.
  public init(
    account: AccountID, backend: any TeammateBackend, clock: any WallClock,
    scheduler: any NotificationScheduler, store: any DeviceStore, pageSize: Int = 500,
    online: Bool = true,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    wording: any Wording = .english
  ) async throws {
    let saved = try await store.loadState(of: account)
    self.init(
      account: account, backend: backend, clock: clock, scheduler: scheduler,
      state: saved ?? DeviceState(), keptIn: store, saved: saved, pageSize: pageSize,
      online: online, random: random, wording: wording)
  }

  /// A phone that keeps nothing between runs, opening with `state`: a preview, or a test that
  /// hands states around itself. An app gives its device a `DeviceStore`.
  public init(
    account: AccountID, backend: any TeammateBackend, clock: any WallClock,
    scheduler: any NotificationScheduler, state: DeviceState = DeviceState(), pageSize: Int = 500,
    online: Bool = true,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    wording: any Wording = .english
  ) {
    self.init(
      account: account, backend: backend, clock: clock, scheduler: scheduler, state: state,
      keptIn: nil, saved: nil, pageSize: pageSize, online: online, random: random,
      wording: wording)
  }

  private init(
    account: AccountID, backend: any TeammateBackend, clock: any WallClock,
    scheduler: any NotificationScheduler, state: DeviceState, keptIn store: (any DeviceStore)?,
    saved: DeviceState?, pageSize: Int, online: Bool,
    random: any RandomNumberGenerator & Sendable, wording: any Wording
  ) {
    self.store = store
    self.saved = saved
    self.wording = wording
    self.account = account
    self.backend = backend
    self.clock = clock
    self.scheduler = scheduler
    self.state = state
    self.pageSize = max(1, pageSize)
    self.isOnline = online
    self.random = AnyRandomNumberGenerator(random)
  }

  /// Runs `body` in this caller's turn, after every call made before it, then keeps the state
  /// it left, and tells the observers what changed. A call that fails and did no more than
  /// a pull does leaves nothing: the device is back at what it saved (the next pull brings it
  /// again). One that did more keeps it: a write made waits, an answer is kept, a reminder
  /// shown stays shown. A state that cannot be kept fails the call with `DeviceNotSaved`, the
  /// device back at what it saved.
  func inTurn<T>(_ body: () async throws -> T) async throws -> T {
    try await waitTurn { () async throws -> T in
      let outcome: Result<T, any Error>
      do {
        outcome = .success(try await body())
      } catch {
        outcome = .failure(error)
        // NB: any call, a write's as well as a sync's, that finds the household gone keeps
        // where it went, so that the device opened there arrives and sends nothing twice.
        if case TeammateError.householdMoved(let id, let place) = error, id == state.householdID {
          state.movedTo = place
        }
        if store != nil, !state.differsBeyondAPull(from: saved ?? DeviceState()) {
          putBack()
        }
      }
      try await keep()
      return try outcome.get()
    }
  }

  /// Saves the state to the store when it changed since it was last saved; a save that fails
  /// puts the device back at what was saved.
  func keep() async throws {
    guard let store, state != saved ?? DeviceState() else { return }
    do {
      try await store.saveState(state, previous: saved, of: account)
      saved = state
    } catch {
      putBack()
      throw error as? DeviceNotSaved ?? DeviceNotSaved(reason: "\(error)")
    }
  }

  /// Puts the device back at what its store holds.
  private func putBack() {
    state = saved ?? DeviceState()
    shownView = nil
  }

  /// Runs `body` in this caller's turn, after every call made before it, and tells the
  /// observers what changed; keeps nothing (a read, or what is not part of the state).
  func waitTurn<T, Failure: Error>(
    _ body: () async throws(Failure) -> T
  ) async throws(Failure) -> T {
    callsMade += 1
    if !turns.take() {
      await withCheckedContinuation { turns.enqueue($0) }
    }
    defer {
      publish()
      turns.release()
    }
    return try await body()
  }

  /// Takes the device off the network, or back on it (the next `sync` sends the outbox).
  public func setOnline(_ online: Bool) async { await waitTurn { isOnline = online } }

  /// Applies a pushed change at once, and plans again: the partner's news, the badge and
  /// the notifications follow without a `sync`. The next pull brings it again, harmlessly.
  public func receive(_ change: Change) async throws {
    try await inTurn {
      let before = state
      guard state.isUntold(change) else { return }
      state.apply(change)
      state.toldAhead.insert(change.sequence)
      learn([change], before: before)
      if state.erasureHeard { try await forgetErased() }
      try await replan(adding: [change].compactMap { $0.activity(for: account) })
    }
  }

  /// Marks the partner's news as seen: it leaves the snapshots.
  public func markNewsSeen() async throws { try await inTurn { state.news = [] } }

  /// Marks these entries seen, and only these: news that came meanwhile stays.
  public func markNewsSeen(_ seen: [PartnerNews]) async throws {
    try await inTurn { state.news.removeAll { seen.contains($0) } }
  }

  /// Marks the shopping list looked at: the partner's list changes pulled so far are no
  /// longer news.
  /// Its news leaves the snapshots and its notification is taken back.
  public func markListSeen() async throws {
    try await inTurn {
      state.markListSeen()
      state.news.removeAll { $0.kind.isOfTheList }
      try await replan(adding: [])
    }
  }

  /// How many pieces of the partner's news not yet seen a device keeps, the newest: a person
  /// reads a few dozen, the feed keeps every act, and the state is saved in every turn (a
  /// first sync of a household of 2,000 cards would keep 2,000 otherwise, 38 ms a save).
  public static let newsKept = 200

  /// The household's cards as this device shows them: the backend's last word, with the
  /// writes still in the outbox applied over it.
  public var cards: [CardID: Card] { view.cards }

  /// The household as this device shows it (its own settings changes included).
  public var household: Household? { view.household }

  /// The cards pending for this device's account, as it shows them now.
  public var pending: [Card] {
    AcknowledgementRules.pending(in: view.cards.values, viewer: account)
  }

  var view: DeviceView {
    let pulled = DeviceView(cards: state.cards, household: state.household, items: state.items)
    guard !state.outbox.isEmpty else { return pulled }
    let now = clock.now()
    if let shownView, shownView.at == now, shownView.outbox == state.outbox,
      shownView.over == pulled
    {
      return shownView.view
    }
    let view = Outbox.view(
      cards: state.cards, household: state.household, items: state.items,
      entries: state.outbox, viewer: account, now: now)
    shownView = (pulled, state.outbox, now, view)
    return view
  }

  /// Forgets the conflicts the person has seen.
  public func dismissConflicts(_ ids: [String]) async throws {
    try await inTurn { state.conflicts.removeAll { ids.contains($0.id) } }
  }

  func report(
    news: [PartnerNews], activity: [ActivityEvent], pulled: Int, diff: NotificationDiff
  ) -> SyncReport {
    SyncReport(
      pulled: pulled, activity: activity, news: news, scheduled: diff.toSchedule,
      cancelled: diff.toCancel, planned: state.planned.count, pending: pending,
      householdID: state.householdID, conflicts: state.conflicts, outbox: state.outbox.count)
  }

  /// Plans again from what this device shows now, without pulling: after its own writes, a
  /// settings change, or time passing.
  @discardableResult
  public func replan() async throws -> NotificationDiff {
    try await inTurn { try await replan(adding: []) }
  }

  @discardableResult
  func replan(adding activity: [ActivityEvent]) async throws -> NotificationDiff {
    let now = clock.now()
    state.noteShown(now: now)
    let plan: [PlannedNotification]
    let shown = view
    if let household = shown.household, household.hasMember(account) {
      plan = NotificationPlanner.plan(
        .device(
          state, cards: shown.cards.values, household: household, viewer: account, now: now,
          wording: wording, adding: activity))
    } else {
      plan = []
    }
    let diff = NotificationReconciler.reconcile(
      planned: plan, scheduled: try await scheduler.pending())
    try await NotificationReconciler.apply(diff, to: scheduler)
    state.planned = plan
    let waiting = plan.filter { $0.kind == .activity && $0.fireAt > now }
    let waitingIDs = Set(waiting.compactMap(\.cardID))
    // NB: a summary still to fire is made of every card's latest event: all of them wait.
    let summaryWaits = waiting.contains { $0.cardID == nil }
    state.waitingActivity = NotificationPlanner.latestActivityPerCard(
      state.waitingActivity + activity, viewer: account
    ).values.filter { summaryWaits || waitingIDs.contains($0.cardID) }
      .sorted { $0.cardID < $1.cardID }
    return diff
  }

  /// Lets go of the household: its cards, its planned and its shown notifications. What did
  /// not land stays, for the person to read.
  func forgetHousehold() async throws {
    let conflicts = state.conflicts
    state = DeviceState()
    state.conflicts = conflicts
    try await scheduler.removeAll()
  }

  /// Changes this member's own notification settings and plans with them at once.
  public func updateSettings(_ settings: NotificationSettings) async throws -> Household {
    try await householdAfter(.updateSettings(settings))
  }

  /// Makes a write about the household itself, answering with the household as it is after
  /// it: the backend's answer, or the view with it waiting.
  func householdAfter(_ write: DeviceWrite) async throws -> Household {
    try await inTurn {
      let outcome = try await make(write)
      if case .applied(_, let household?, _, _) = outcome { return household }
      guard let household = view.household else { throw TeammateError.notInHousehold(account) }
      return household
    }
  }

  /// Leaves the household (deleting it when this is its last member) and forgets it. It
  /// needs the backend: leaving is not a write that can wait.
  public func leave(deletingHousehold: Bool = false) async throws {
    try await inTurn {
      guard isOnline else { throw TeammateError.unavailable }
      try await flush()
      try await backend.leaveHousehold(
        try await householdID(), deletingHousehold: deletingHousehold, as: account)
      try await forgetHousehold()
    }
  }

  /// The writes waiting to be sent, oldest first: what an outbox screen lists.
  public var outbox: [OutboxEntry] { state.outbox }

  /// The shop the person said they are in (folded: `Costco` and `costco ` are one), nil
  /// when none: what their gets teach the walk of.
  public var shop: String? { state.shop }

  /// Where the household moved, once this device's store said so (AC-PORT-14): the app opens
  /// a device on that store, with this one's `DeviceStore`, and its next sync arrives there.
  public var movedTo: String? { state.movedTo }

  /// Erases this device's account (AC-PORT-06), online only: the backend erases it (a
  /// household it shares keeps what it wrote, by a former member; one it is alone in goes
  /// too, when `deletingHousehold` says so), and the device forgets everything, its saved
  /// state and its notifications included. What waits in its outbox is not sent.
  public func eraseAccount(deletingHousehold: Bool = false) async throws {
    try await inTurn {
      guard isOnline else { throw TeammateError.unavailable }
      try await backend.eraseAccount(deletingHousehold: deletingHousehold, as: account)
      state = DeviceState()
      shownView = nil
      try await scheduler.removeAll()
      try await store?.forgetState(of: account)
      saved = state
    }
  }
}
