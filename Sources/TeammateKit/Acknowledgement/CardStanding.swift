import Foundation

/// Where a card stands for one viewer, as facts a screen puts into words: deleted, done,
/// and who knows it. The rules decide; the command line and the app only word it.
public enum CardStanding: Sendable, Equatable {
  case deleted
  case done
  /// Pending for the viewer: they have not seen it yet (for a topic: not replied).
  case waitingForViewer
  /// The viewer acknowledged it.
  case knownByViewer
  /// The partner acknowledged it.
  case knownBy(AccountID)
  /// The viewer made the latest change; nobody has acknowledged it yet.
  case waitingForPartner

  /// Every fact that holds for `viewer`, deleted and done first, then who knows it.
  public static func of(_ card: Card, for viewer: AccountID) -> [CardStanding] {
    var facts: [CardStanding] = []
    if card.isDeleted { facts.append(.deleted) }
    if card.isDone { facts.append(.done) }
    if AcknowledgementRules.isPending(card, for: viewer) {
      facts.append(.waitingForViewer)
    } else if let knower = card.ackBy {
      facts.append(knower == viewer ? .knownByViewer : .knownBy(knower))
    } else {
      facts.append(.waitingForPartner)
    }
    return facts
  }
}
