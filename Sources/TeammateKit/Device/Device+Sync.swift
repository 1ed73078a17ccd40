import Foundation

/// The sync engine: the outbox sent, the feed pulled and applied, the partner's acts learnt
/// as news, a move's arrival and an erasure's forgetting, and the pushes followed.
extension Device {
  /// What the partner did in `changes`, added to the news not yet seen, of which the newest
  /// `newsKept` stay.
  @discardableResult
  func learn(_ changes: [Change], before: DeviceState) -> [PartnerNews] {
    let fresh = PartnerNews.collect(
      changes, viewer: account,
      household: before.householdID == state.householdID ? before.household : nil,
      after: state.cards, itemsBefore: before.items)
    state.news = Array(PartnerNews.merging(fresh, into: state.news).suffix(Self.newsKept))
    return fresh
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

  func syncNow() async throws -> SyncReport {
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
  func arriveIfMoved() async throws {
    guard state.movedTo != nil, let home = state.householdID else { return }
    let feed = try await wholeFeed(of: home)
    state.arrive(
      seen: Array(feed.prefix(state.position)), landed: Set(feed.compactMap(\.writeID)))
  }

  /// The household's whole feed, page by page: what a move's arrival and an erasure's
  /// forgetting read once each, never a sync.
  func wholeFeed(of home: HouseholdID) async throws -> [Change] {
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

  /// Names the former member, in this device's copies, every account it knew that the
  /// backend no longer names anywhere in the household's feed (AC-PORT-06): an erasure
  /// rewrote what the device pulled before it, and the device cannot tell who from the
  /// rewritten changes alone. One read of the whole feed; then what the notification
  /// centre holds, which named them, is planned again whole.
  func forgetErased() async throws {
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

  /// Every change after the cursor, page by page, applied as it comes; a change that
  /// replaced a value this account set becomes a conflict.
  ///
  /// Returns every change pulled, and those new to this device: a change it was pushed
  /// already was planned for and told then.
  func pull() async throws -> (pulled: [Change], fresh: [Change]) {
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

  func noteOverwrites(in change: Change) {
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
