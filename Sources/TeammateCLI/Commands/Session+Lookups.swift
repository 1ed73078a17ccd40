import Foundation
import TeammateKit
import TeammateSQLite

extension Session {
  /// The household's card a user named by its id or a unique prefix of it.
  mutating func card(named text: String) async throws -> Card {
    let cards = try await visibleCards()
    let card = try CardLookup.resolve(text, among: cards)
    log("card '\(text)' is \(card.id) among \(cards.count)")
    return card
  }

  /// The account `me`, `partner` or a uid names; nil for `both` (nobody in particular).
  mutating func assignee(_ choice: AssigneeChoice) async throws -> AccountID? {
    let uid = try account()
    switch choice {
    case .me: return uid
    case .both: return nil
    case .partner:
      guard let partner = try await household().partner(of: uid) else {
        throw CLIError.notFound("you have no partner in this household yet: invite one first")
      }
      return partner.uid
    case .account(let other): return other
    }
  }

  /// Runs this machine's device of the acting account through one sync. The conflicts the
  /// report carries count as seen, and so does the partner's news: the command line tells
  /// the news a sync brought, and keeps none for later (`watch` marks what it printed).
  mutating func syncDevice() async throws -> SyncReport {
    let report = try await deviceWrite { device in
      let report = try await device.sync()
      try await device.dismissConflicts(report.conflicts.map(\.id))
      try await device.markNewsSeen()
      return report
    }
    log(
      "sync: pulled \(report.pulled) change(s), scheduled \(report.scheduled.count), cancelled \(report.cancelled.count)"
    )
    return report
  }

  /// Runs one sync or write through this machine's device of the acting account, which plans
  /// its notifications again at once and keeps its own state (ADR 0020).
  mutating func deviceWrite<T>(_ body: (Device) async throws -> T) async throws -> T {
    let device = try await device()
    defer { cachedDevice = nil }
    return try await body(device)
  }

  /// How times are written for this household, now.
  mutating func times() async -> TimeText { TimeText(zone: await timeZone(), now: now) }

  /// A member's display name, or the uid when they are not (or no longer) a member.
  mutating func name(_ uid: AccountID) async -> String {
    (try? await household())?.member(uid)?.displayName ?? uid.rawValue
  }

  /// The household's cards as this device shows them: the store's, with the writes still in
  /// this device's outbox over them (cards made offline last, in the order made).
  mutating func visibleCards() async throws -> [Card] {
    try await visibleCards(saved: try await savedDevice())
  }

  /// `visibleCards` over a device state already read.
  private mutating func visibleCards(saved: DeviceState?) async throws -> [Card] {
    let household = try await household()
    // NB: offline, the cards are the ones this device last pulled.
    let stored =
      offline && onServer
      ? saved?.sortedCards ?? []
      : try await store().cards(in: household.id, as: try account())
    let outbox = saved?.outbox ?? []
    guard !outbox.isEmpty else { return stored }
    var byID: [CardID: Card] = [:]
    for card in stored { byID[card.id] = card }
    let view = Outbox.view(
      cards: byID, household: household, entries: outbox, viewer: try account(), now: now)
    let made = outbox.compactMap { entry -> CardID? in
      if case .addCard(let draft) = entry.write { return draft.id }
      return nil
    }
    return stored.compactMap { view.cards[$0.id] } + made.compactMap { view.cards[$0] }
  }

  /// The cards pending for the acting account, as this device shows them.
  mutating func visiblePending() async throws -> [Card] {
    let uid = try account()
    let saved = try await savedDevice()
    guard (saved?.outbox ?? []).isEmpty, !(offline && onServer) else {
      return AcknowledgementRules.pending(
        cards: try await visibleCards(saved: saved), viewer: uid)
    }
    let home = try await household().id
    // NB: a store of our own narrows the pending cards before decoding them.
    if let narrowing = try store() as? any TransactionalBackend {
      return try await narrowing.narrowedPendingCards(in: home, as: uid)
    }
    return AcknowledgementRules.pending(
      cards: try await store().cards(in: home, as: uid), viewer: uid)
  }

  /// The writes this machine's device of the acting account has not sent yet.
  mutating func outbox() async throws -> [OutboxEntry] {
    try await savedDevice()?.outbox ?? []
  }

  /// This machine's saved device state for the acting account, without the store's cards.
  mutating func savedDevice() async throws -> DeviceState? {
    if let cached = cachedDevice { return cached }
    let local = try deviceStore()
    // NB: a server's device keeps its cards' copies a row each; beside a store file the
    // cards are the store's, read apart.
    let saved =
      onServer
      ? try await SQLiteDeviceStore(file: local).loadState(of: try account())
      : try await local.deviceState(for: try account(), withCards: false)
    cachedDevice = .some(saved)
    return saved
  }
}
