import TeammateKit

/// The texts a write stored its cards and changes as, so that its receipt is put together
/// from them rather than encoding each again (AC-PG-31): the receipt of an add held its card
/// twice more (once in its change) and was a tenth of the client's work.
struct StoredTexts {
  private var cards: [CardID: (card: Card, text: String)] = [:]
  private var changes: [Int64: (change: Change, text: String)] = [:]

  /// Keeps `text` as what `card` was stored as.
  mutating func stored(_ card: Card, as text: String) { cards[card.id] = (card, text) }

  /// Keeps `text` as what `change`, numbered, was stored as.
  mutating func stored(_ change: Change, as text: String) {
    changes[change.sequence] = (change, text)
  }

  /// The receipt's text for `outcome`, byte for byte what encoding it with sorted keys gives,
  /// when every card and change in it was stored as it is; nil otherwise, to be encoded.
  func text(of outcome: WriteOutcome) -> String? {
    guard case .applied(let cards, nil, nil, let changes) = outcome else { return nil }
    var cardTexts: [String] = []
    for card in cards {
      guard let kept = self.cards[card.id], kept.card == card else { return nil }
      cardTexts.append(kept.text)
    }
    var changeTexts: [String] = []
    for change in changes {
      guard let kept = self.changes[change.sequence], kept.change == change else { return nil }
      changeTexts.append(kept.text)
    }
    return Self.applied(cards: cardTexts, changes: changeTexts)
  }

  /// An applied outcome with no household and no edit, from its documents' texts: the form
  /// `WriteOutcome`'s own encoding takes, its keys sorted.
  static func applied(cards: [String], changes: [String]) -> String {
    #"{"applied":{"cards":["# + cards.joined(separator: ",") + #"],"changes":["#
      + changes.joined(separator: ",") + "]}}"
  }
}
