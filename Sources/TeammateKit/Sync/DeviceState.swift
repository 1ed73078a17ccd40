import Foundation

/// What one device remembers between syncs: its cursor in the feed and its copy of the
/// household. Codable, so that a command-line device can keep it in a store between runs.
public struct DeviceState: Sendable, Codable, Equatable {
  public var householdID: HouseholdID?
  public var household: Household?
  /// The last feed sequence this device pulled.
  public var cursor: Int64 = 0
  public var cards: [CardID: Card] = [:]
  /// Per document, the sequence of the change last applied to it.
  public var appliedSequence: [String: Int64] = [:]
  /// Partner activity whose notification has not fired yet (deferred by quiet hours).
  public var waitingActivity: [ActivityEvent] = []

  public init() {}

  /// Applies one change if it is newer than what this device holds for that document.
  ///
  /// Duplicates and late arrivals are ignored, so pushes may come twice or out of order.
  /// Returns whether anything changed.
  @discardableResult
  public mutating func apply(_ change: Change) -> Bool {
    guard change.householdID == householdID else { return false }
    var changed = false
    if let card = change.card, isNewer(change, for: Self.cardKeyPrefix + card.id.rawValue) {
      changed = cards[card.id] != card
      cards[card.id] = card
    }
    if let payload = change.household, isNewer(change, for: "household") {
      changed = changed || household != payload
      household = payload
    }
    return changed
  }

  private mutating func isNewer(_ change: Change, for key: String) -> Bool {
    guard change.sequence > appliedSequence[key, default: 0] else { return false }
    appliedSequence[key] = change.sequence
    return true
  }

  /// This state without its copies of the cards, for a device that keeps its cards next to
  /// the store and reads them back from it (the command line): the rest is small.
  public func withoutCards() -> DeviceState {
    var slim = self
    slim.cards = [:]
    slim.appliedSequence = appliedSequence.filter { !$0.key.hasPrefix(Self.cardKeyPrefix) }
    return slim
  }

  /// Puts back the household's cards as they are now. Replaying the changes after `cursor`
  /// over them is harmless: the last change of each card carries its current version.
  public mutating func restore(cards current: [Card]) {
    for card in current where card.householdID == householdID { cards[card.id] = card }
  }

  private static let cardKeyPrefix = "card:"

  /// The household's cards, oldest first.
  public var sortedCards: [Card] {
    cards.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
  }
}
