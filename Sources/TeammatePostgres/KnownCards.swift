import TeammateKit

/// The cards a write's first round trip read, so that the rules' reads of them cost no round
/// trip of their own: every card of one household, in order (an acknowledgement of what is
/// pending reads them all), or the cards the write names. The transaction's own writes of
/// cards are kept in it too, so that a read after them finds what they wrote.
struct KnownCards {
  /// The household whose every card was read; nil when only named cards were.
  private let household: HouseholdID?
  /// The household's cards in their order, when every one was read.
  private var ordered: [Card]
  private var byID: [CardID: Card]

  /// `cards` as read: every card of `household` in order, or (`household` nil) some cards.
  init(_ cards: [Card], everyCardOf household: HouseholdID?) {
    self.household = household
    ordered = household == nil ? [] : cards
    byID = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// The card `id`, if it was read or written here; nil says nothing of whether it exists.
  func card(_ id: CardID) -> Card? { byID[id] }

  /// Every card of `household` in order, if every one was read.
  func cards(in household: HouseholdID) -> [Card]? {
    self.household == household ? ordered : nil
  }

  /// Keeps `card` as the transaction wrote it: a new card of the household comes last, as
  /// its position does (its writers take turns, ADR 0009).
  mutating func put(_ card: Card) {
    byID[card.id] = card
    guard card.householdID == household else { return }
    if let index = ordered.firstIndex(where: { $0.id == card.id }) {
      ordered[index] = card
    } else {
      ordered.append(card)
    }
  }
}
