import Foundation

/// "Does my partner know?": what is pending for whom, and acknowledging it.
public enum AcknowledgementRules {
  /// Pending for `viewer`: nobody acknowledged it, the viewer is not its last editor, and it
  /// is not deleted.
  public static func isPending(_ card: Card, for viewer: AccountID) -> Bool {
    card.ackBy == nil && card.lastEditedBy != viewer && isKnowable(card)
  }

  /// Whether a card is one the partner knows or not: every card but a deleted one, except a
  /// meal, whose removal the partner must know like any change of the plan (AC-MEAL-23).
  public static func isKnowable(_ card: Card) -> Bool { !card.isDeleted || card.kind == .meal }

  /// The cards pending for `viewer`, oldest change first (ties by id).
  public static func pending(cards: [Card], viewer: AccountID) -> [Card] {
    pending(in: cards, viewer: viewer)
  }

  /// `pending(cards:viewer:)` over any cards, a device's own without copying them first.
  static func pending(in cards: some Sequence<Card>, viewer: AccountID) -> [Card] {
    // NB: a card is a large value: the list is made at its size once, and the positions are
    // sorted by their keys, not the cards; growing and moving thousands of cards was most of
    // the time.
    var waiting: [Card] = []
    waiting.reserveCapacity(cards.underestimatedCount)
    for card in cards where isPending(card, for: viewer) { waiting.append(card) }
    let keys = waiting.map { (at: $0.lastEditedAt, id: $0.id) }
    return keys.indices.sorted { (keys[$0].at, keys[$0].id) < (keys[$1].at, keys[$1].id) }
      .map { waiting[$0] }
  }

  /// The badge on the viewer's app icon: the count of `pending`, never a separate counter.
  public static func badge(cards: [Card], viewer: AccountID) -> Int {
    // NB: counts with `isPending`, the predicate `pending` filters by, without its sort.
    cards.reduce(0) { $0 + (isPending($1, for: viewer) ? 1 : 0) }
  }

  /// What acknowledging did.
  public struct Outcome: Sendable, Equatable {
    /// The card as it is after the acknowledgement.
    public var card: Card
    /// False when the card was already acknowledged at this revision.
    public var changed: Bool
  }

  /// Records that `viewer` has seen `revision` of the card, at server time `now`.
  ///
  /// The last editor cannot acknowledge their own change, and only the current revision can
  /// be acknowledged. Acknowledging again what is already acknowledged changes nothing.
  public static func acknowledge(
    _ card: Card, revision: Int, by viewer: AccountID, now: Date
  ) throws(TeammateError) -> Outcome {
    guard isKnowable(card) else { throw .cardDeleted(card.id) }
    guard revision == card.revision else {
      throw .staleAcknowledgement(card.id, seen: revision, current: card.revision)
    }
    guard card.lastEditedBy != viewer else { throw .lastEditorCannotAcknowledge(card.id) }
    if card.ackBy != nil && card.ackRevision == card.revision {
      return Outcome(card: card, changed: false)
    }
    var updated = card
    updated.ackBy = viewer
    updated.ackAt = now
    updated.ackRevision = card.revision
    return Outcome(card: updated, changed: true)
  }
}
