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
  private let scheduler: any NotificationScheduler
  private let pageSize: Int
  var random: AnyRandomNumberGenerator
  /// Everything the device keeps between runs, saved to `store` within each turn.
  public internal(set) var state: DeviceState
  /// Where the state is kept, durably; nil for a device that keeps nothing (a preview).
  private let store: (any DeviceStore)?
  /// What `store` holds for this device: the state as last saved (nil before the first save
  /// of a new install).
  private var saved: DeviceState?
  /// The view with the outbox replayed, what it was replayed over and when: the cards, the
  /// household, the pending cards and every snapshot read it, and each would replay the
  /// outbox again. Kept while the state it came from is the state now (whose collections,
  /// unchanged, compare by their storage at once).
  private var shownView: (over: DeviceView, outbox: [OutboxEntry], at: Date, view: DeviceView)?
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

  /// What the partner did in `changes`, added to the news not yet seen, of which the newest
  /// `newsKept` stay.
  @discardableResult
  private func learn(_ changes: [Change], before: DeviceState) -> [PartnerNews] {
    let fresh = PartnerNews.collect(
      changes, viewer: account,
      household: before.householdID == state.householdID ? before.household : nil,
      after: state.cards, itemsBefore: before.items)
    state.news = Array(PartnerNews.merging(fresh, into: state.news).suffix(Self.newsKept))
    return fresh
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
    AcknowledgementRules.pending(cards: Array(view.cards.values), viewer: account)
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

  /// Sends the outbox, pulls the changes after the cursor, applies them, turns the partner's
  /// into activity and news, plans the notifications, reconciles them with the scheduler, and
  /// reports. Offline, it only plans again from what the device shows.
  public func sync() async throws -> SyncReport { try await inTurn { try await syncNow() } }

  /// Pulls what is new and plans again, leaving the outbox for the next `sync`: what a screen
  /// does when it opens, to show the partner's latest without sending anything. Offline, it
  /// only plans again from what the device shows.
  public func refresh() async throws -> SyncReport {
    try await inTurn {
      guard isOnline else {
        let diff = try await replan(adding: [])
        return report(news: [], activity: [], pulled: 0, diff: diff)
      }
      return try await pullAndPlan()
    }
  }

  private func syncNow() async throws -> SyncReport {
    guard isOnline else {
      let diff = try await replan(adding: [])
      return report(news: [], activity: [], pulled: 0, diff: diff)
    }
    do {
      let waiting = state.outbox.count
      do {
        try await flush()
      } catch {
        try await replan(adding: [])
        throw error
      }
      var report = try await pullAndPlan()
      report.sent = waiting - state.outbox.count
      return report
    } catch TeammateError.householdMoved(let id, let place) where id == state.householdID {
      // NB: the store it left, still: kept, so that the device opened on the new one arrives.
      state.movedTo = place
      throw TeammateError.householdMoved(id, to: place)
    }
  }

  /// Arrives on the store the household moved to (AC-PORT-14), before anything is sent or
  /// pulled there, whatever the first call (AC-PORT-30): the whole feed there read once, the
  /// device's place in it found by count (that store numbers its changes its own way), its
  /// copies made again from what it had pulled before, quietly, and its waiting writes that
  /// the feed shows landed before the move taken as answered. Nothing when it has not moved.
  private func arriveIfMoved() async throws {
    guard state.movedTo != nil, let home = state.householdID else { return }
    let feed = try await wholeFeed(of: home)
    state.arrive(
      seen: Array(feed.prefix(state.position)), landed: Set(feed.compactMap(\.writeID)))
  }

  /// The household's whole feed, page by page: what a move's arrival and an erasure's
  /// forgetting read once each, never a sync.
  private func wholeFeed(of home: HouseholdID) async throws -> [Change] {
    var feed: [Change] = []
    while true {
      let after = feed.last?.sequence ?? 0
      let page = try await backend.changes(in: home, after: after, limit: pageSize, as: account)
      feed += page
      guard page.count == pageSize, let last = page.last?.sequence, last > after else {
        return feed
      }
    }
  }

  /// Pulls what is new, learns the partner's news and plans again.
  func pullAndPlan() async throws -> SyncReport {
    let before = state
    var pulled: (pulled: [Change], fresh: [Change]) = ([], [])
    do {
      pulled = try await pull()
    } catch TeammateError.accessDenied(.notAMember) {
      // NB: the account left (or was never in) the household this device remembers.
      try await forgetHousehold()
      pulled = try await pull()
    }
    let activity = pulled.fresh.compactMap { $0.activity(for: account) }
    let told = learn(pulled.fresh, before: before)
    if state.erasureHeard { try await forgetErased() }
    let diff = try await replan(adding: activity)
    return report(news: told, activity: activity, pulled: pulled.pulled.count, diff: diff)
  }

  /// Follows the household's changes as the backend pushes them: it pulls once when it
  /// begins, then each change the device has not pulled is pulled in its turn, planned for
  /// and shown in the snapshots. Returns when
  /// the pushes stop (at once for a backend that cannot push); throws what the backend
  /// threw, for the app to try again later. Offline, pushes are left for the next sync.
  public func follow() async throws {
    guard let pushing = backend as? any PushingBackend else { return }
    let household = try await inTurn { () async throws -> HouseholdID? in
      if state.householdID == nil, isOnline {
        state.householdID = try await backend.householdID(of: account, as: account)
      }
      return state.householdID
    }
    guard let household else { throw TeammateError.notInHousehold(account) }
    let pushes = try await pushing.pushes(for: household, as: account)
    // NB: what landed before the stream began is pulled at once, so nothing falls between.
    try await inTurn {
      if isOnline, state.householdID == household { _ = try await pullAndPlan() }
    }
    for await sequence in pushes {
      try await inTurn {
        guard isOnline, sequence > state.cursor, state.householdID == household else { return }
        _ = try await pullAndPlan()
      }
    }
  }

  private func report(
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
  private func replan(adding activity: [ActivityEvent]) async throws -> NotificationDiff {
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

  // MARK: Writes, through the outbox

  /// Whether the household the device follows is one it made that waits in its outbox.
  var householdWaits: Bool {
    state.outbox.contains {
      guard case .createHousehold = $0.write else { return false }
      return $0.householdID == state.householdID
    }
  }

  /// The household this device's account is in, asking the backend when it does not know.
  func householdID() async throws -> HouseholdID {
    if let id = state.householdID { return id }
    guard isOnline else { throw TeammateError.unavailable }
    guard let id = try await backend.householdID(of: account, as: account) else {
      throw TeammateError.notInHousehold(account)
    }
    // NB: followed from now on, so that the answers to its writes are kept (a list item has
    // no other way back to a device); the next pull brings the rest.
    state.householdID = id
    return id
  }

  /// Makes one write: offline it is checked against the device's view and waits; online it
  /// is sent with whatever waits before it, and the backend's refusal of it is thrown.
  /// Returns the backend's answer, or nil while the write waits.
  ///
  /// `chosen` names the household a write makes (`DeviceWrite.createHousehold`), which the
  /// device follows from then on.
  func make(_ write: DeviceWrite, in chosen: HouseholdID? = nil) async throws -> WriteOutcome? {
    let household: HouseholdID
    if let chosen { household = chosen } else { household = try await householdID() }
    let now = clock.now()
    // NB: the entry keeps when it was made, read back with the device's state (AC-INPUT-01).
    try StoredTime.check(now)
    // NB: a household's making is checked here online too: it depends on nothing the backend
    // holds, and a refused one must not leave a new device behind (AC-INPUT-08).
    if !isOnline || chosen != nil {
      let shown = view
      // NB: offline, the rules refuse at once what this device can already see is wrong.
      if shown.household != nil || chosen != nil {
        let checked = OutboxEntry(id: "view", householdID: household, write: write, madeAt: now)
        _ = try Outbox.apply(checked, to: shown, viewer: account, now: now)
      }
    }
    let entry = OutboxEntry(
      id: .random(length: 16, using: &random), householdID: household, write: write, madeAt: now)
    state.householdID = household
    state.outbox.append(entry)
    // NB: kept before it is sent: a device that dies meanwhile sends it on its next run, once.
    try await keep()
    guard isOnline else {
      try await replan(adding: [])
      return nil
    }
    let outcome: WriteOutcome?
    do {
      outcome = try await flush(answering: entry.id)[entry.id]
    } catch {
      // NB: unanswered, the write waits; the plan follows the view all the same.
      try await replan(adding: [])
      throw error
    }
    try await replan(adding: [])
    if case .refused(let error) = outcome { throw error }
    return outcome
  }

  /// Sends the outbox in order, each write once until it is answered, and stops at the
  /// first that does not arrive (it stays, to be sent again). A refusal puts the device's
  /// view back to the backend's and becomes a conflict, except for `answering`, whose
  /// refusal the caller hears at once.
  @discardableResult
  func flush(answering: WriteID? = nil) async throws -> [WriteID: WriteOutcome] {
    try await arriveIfMoved()
    var outcomes: [WriteID: WriteOutcome] = [:]
    while let entry = state.outbox.first {
      var sending = entry
      sending.heldAnswers = state.heldAnswers
      let outcome = try await backend.submit(sending, as: account)
      state.outbox.removeAll { $0.id == entry.id }
      // NB: a household not made is not followed: the next pull asks where the account is.
      if case .createHousehold = entry.write, case .refused = outcome,
        state.householdID == entry.householdID
      {
        state.householdID = nil
      }
      // NB: the backend has forgotten what this device held; it holds this answer now.
      state.heldAnswers.removeAll { sending.heldAnswers.contains($0) }
      state.heldAnswers.append(entry.id)
      outcomes[entry.id] = outcome
      switch outcome {
      case .applied(_, _, _, let changes):
        // NB: by sequence, as pulled: an answer given again after a lost reply carries
        // versions the device may have moved past since. One's own list writes are no news,
        // and an item they touched is one the person has seen (its answer shows it).
        let unseen = state.listUnseen
        for change in changes { state.apply(change) }
        state.listUnseen = unseen.subtracting(changes.compactMap(\.item?.id))
        renameMergedItems(of: entry.write, answeredBy: changes)
      case .refused(let error) where entry.id != answering:
        state.conflicts.append(
          SyncConflict(
            id: entry.id.rawValue, cardID: entry.write.cardID,
            title: entry.write.cardID.flatMap { state.cards[$0]?.title }
              ?? entry.write.itemIDs.first.flatMap { state.items[$0]?.text.text }
              ?? entry.write.title,
            reason: .refused(entry.write, error)))
      case .refused:
        break
      }
    }
    return outcomes
  }

  /// An item this device added that merged into one the backend had (the partner's) is
  /// that one from now on: the writes still waiting name it by the backend's id.
  private func renameMergedItems(of write: DeviceWrite, answeredBy changes: [Change]) {
    guard case .addItems(let drafts) = write else { return }
    let answered = changes.compactMap(\.item)
    var names: [ItemID: ItemID] = [:]
    for (draft, item) in zip(drafts, answered) where draft.id != item.id {
      names[draft.id] = item.id
    }
    guard !names.isEmpty else { return }
    for index in state.outbox.indices {
      state.outbox[index].write = state.outbox[index].write.renamingItems(names)
    }
  }

  /// The cards an answer wrote, or the device's view of them while the write waits.
  func cards(_ outcome: WriteOutcome?, else ids: [CardID]) -> [Card] {
    if case .applied(let cards, _, _, _) = outcome { return cards }
    let shown = view.cards
    return ids.compactMap { shown[$0] }
  }

  /// Logs a new card; offline it is shown at once and waits.
  public func addCard(_ draft: CardDraft) async throws -> Card {
    try await inTurn {
      var named = draft
      if named.id == nil {
        let shown = view.cards
        var id = CardID.random(using: &random)
        while shown[id] != nil { id = .random(using: &random) }
        named.id = id
      }
      let outcome = try await make(.addCard(named))
      guard let card = cards(outcome, else: [named.id].compactMap { $0 }).first else {
        throw TeammateError.cardIDTaken(named.id ?? CardID(""))
      }
      return card
    }
  }

  /// Changes the fields `edit` gives; the partner must know the card again.
  public func editCard(_ id: CardID, _ edit: CardEdit) async throws -> CardRules.EditOutcome {
    try await inTurn {
      let before = view
      // NB: the edit is made on the card as the backend last sent it; a card made here
      // offline is at its first revision.
      let base = state.cards[id]?.revision ?? (before.cards[id] == nil ? nil : 1)
      let answer = try await make(.editCard(id, edit, baseRevision: base))
      if case .applied(_, _, let outcome?, _) = answer { return outcome }
      guard let card = before.cards[id], let household = before.household else {
        throw TeammateError.cardNotFound(id)
      }
      // NB: waiting in the outbox: what the edit did to the card this device shows.
      return try CardRules.edit(
        card, with: edit, household: household, by: account, now: clock.now())
    }
  }

  /// Acknowledges each card at the revision seen: all of them, or none.
  public func acknowledge(_ seen: [CardRevision]) async throws -> [Card] {
    try await inTurn { try await acknowledgeNow(seen) }
  }

  private func acknowledgeNow(_ seen: [CardRevision]) async throws -> [Card] {
    let outcome = try await make(.acknowledge(seen))
    var ids: [CardID] = []
    for item in seen where !ids.contains(item.id) { ids.append(item.id) }
    return cards(outcome, else: ids)
  }

  /// Acknowledges exactly what is pending, in one write: at the backend when online, and
  /// offline what this device shows pending, at the revisions it shows.
  public func acknowledgeAllPending() async throws -> [Card] {
    try await inTurn {
      guard isOnline else {
        return try await acknowledgeNow(pending.map { CardRevision($0.id, revision: $0.revision) })
      }
      return cards(try await make(.acknowledgePending), else: [])
    }
  }

  /// Marks a task done, or not done again.
  public func setDone(_ id: CardID, done: Bool) async throws -> Card {
    try await one(.setDone(id, done: done), id)
  }

  /// Moves a repeating card on to its next occurrence without completing it.
  public func skip(_ id: CardID) async throws -> Card { try await one(.skipOccurrence(id), id) }

  /// Deletes a card; either partner may restore it.
  public func deleteCard(_ id: CardID) async throws -> Card { try await one(.deleteCard(id), id) }

  /// Brings back a deleted card, which must be known again.
  public func restoreCard(_ id: CardID) async throws -> Card {
    try await one(.restoreCard(id), id)
  }

  private func one(_ write: DeviceWrite, _ id: CardID) async throws -> Card {
    try await inTurn {
      guard let card = cards(try await make(write), else: [id]).first else {
        throw TeammateError.cardNotFound(id)
      }
      return card
    }
  }

  /// Changes this member's own notification settings and plans with them at once.
  public func updateSettings(_ settings: NotificationSettings) async throws -> Household {
    try await inTurn {
      let outcome = try await make(.updateSettings(settings))
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

  /// Names the former member, in this device's copies, every account it knew that the
  /// backend no longer names anywhere in the household's feed (AC-PORT-06): an erasure
  /// rewrote what the device pulled before it, and the device cannot tell who from the
  /// rewritten changes alone. One read of the whole feed; then what the notification
  /// centre holds, which named them, is planned again whole.
  private func forgetErased() async throws {
    guard let home = state.householdID else { return }
    var named: Set<AccountID> = [account, Erasure.formerMember]
    for change in try await wholeFeed(of: home) {
      named.insert(change.actor)
      named.formUnion(change.household?.members.map(\.uid) ?? [])
    }
    _ = state.erasing(state.knownMembers.subtracting(named).sorted())
    state.erasureHeard = false
    try await scheduler.removeAll()
  }

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

  /// Every change after the cursor, page by page, applied as it comes; a change that
  /// replaced a value this account set becomes a conflict.
  ///
  /// Returns every change pulled, and those new to this device: a change it was pushed
  /// already was planned for and told then.
  private func pull() async throws -> (pulled: [Change], fresh: [Change]) {
    if state.householdID == nil {
      state.householdID = try await backend.householdID(of: account, as: account)
    }
    // NB: a household still waiting to be made has nothing on the backend to pull.
    guard !householdWaits else { return ([], []) }
    guard let household = state.householdID else { return ([], []) }
    try await arriveIfMoved()
    var pulled: [Change] = []
    var fresh: [Change] = []
    while true {
      let cursor = state.cursor
      let page = try await backend.changes(
        in: household, after: cursor, limit: pageSize, as: account)
      // NB: a change at or before the cursor is one the device has; a backend that gives it
      // again gets no second showing, and a page that moves nothing ends the pull.
      let past = page.filter { $0.sequence > cursor }
      for change in past {
        if state.isUntold(change) { fresh.append(change) }
        state.apply(change)
        state.cursor = max(state.cursor, change.sequence)
        state.position += 1
        noteOverwrites(in: change)
      }
      pulled += past
      state.toldAhead = state.toldAhead.filter { $0 > state.cursor }
      if page.count < pageSize || past.isEmpty { return (pulled, fresh) }
    }
  }

  private func noteOverwrites(in change: Change) {
    guard change.actor != account else { return }
    for overwrite in change.overwritten where overwrite.lostBy == account {
      let id = "\(change.sequence):\(overwrite.field.rawValue)"
      guard !state.conflicts.contains(where: { $0.id == id }) else { continue }
      state.conflicts.append(
        SyncConflict(
          id: id, cardID: change.card?.id, title: change.card?.title,
          reason: .overwritten(overwrite, by: change.actor)))
    }
  }
}
