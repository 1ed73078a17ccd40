import Foundation
import TeammateKit

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
        throw CLIError.notFound(HouseholdWords(language: language).noPartnerYet)
      }
      return partner.uid
    case .account(let other): return other
    }
  }

  /// Runs this machine's device of the acting account through one sync. The report tells
  /// every piece of the partner's news the device had not told, whichever command pulled it
  /// (AC-CLI-96); the conflicts it carries count as seen, and so does that news: the command
  /// line keeps none for later (`watch` marks what it printed).
  mutating func syncDevice() async throws -> SyncReport {
    let report = try await deviceWrite { device in
      var report = try await device.sync()
      report.news = await device.news
      try await device.dismissConflicts(report.conflicts.map(\.id))
      try await device.markNewsSeen()
      return report
    }
    notePulled()
    log(
      "sync: pulled \(report.pulled) change(s), scheduled \(report.scheduled.count), cancelled \(report.cancelled.count)"
    )
    return report
  }

  /// Runs one sync or write through this machine's device of the acting account, which plans
  /// its notifications again at once and keeps its own state (ADR 0020).
  mutating func deviceWrite<T>(_ body: (Device) async throws -> T) async throws -> T {
    try await body(try await device())
  }

  /// How times are written for this household, now.
  mutating func times() async -> TimeText {
    TimeText(zone: await timeZone(), now: now, chinese: language == .traditionalChinese)
  }

  /// A member's display name, a former member's name (AC-PORT-08), or the uid when they are
  /// not (or no longer) a member.
  mutating func name(_ uid: AccountID) async -> String {
    if uid == Erasure.formerMember { return language.wording.formerMember }
    return (try? await household())?.member(uid)?.displayName ?? uid.rawValue
  }

  /// The household's cards as this device shows them, oldest first: the ones it pulled, with
  /// the writes still in its outbox over them.
  mutating func visibleCards() async throws -> [Card] {
    _ = try await household()
    return Self.oldestFirst(try await shownDevice().cards.values)
  }

  /// The cards pending for the acting account, as this device shows them, in the order
  /// `AcknowledgementRules.pending` gives them (the longest waiting first).
  mutating func visiblePending() async throws -> [Card] {
    _ = try await household()
    return try await shownDevice().pending
  }

  /// Cards in the order they were made.
  private static func oldestFirst(_ cards: some Sequence<Card>) -> [Card] {
    cards.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
  }

  /// The writes this machine's device of the acting account has not sent yet.
  mutating func outbox() async throws -> [OutboxEntry] {
    try await device().outbox
  }
}
