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
    if let card = change.card, isNewer(change, for: "card:\(card.id)") {
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

  /// The household's cards, oldest first.
  public var sortedCards: [Card] {
    cards.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
  }
}
