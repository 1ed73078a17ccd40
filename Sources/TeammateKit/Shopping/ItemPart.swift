import Foundation

/// One ask that went into an item: what a meal's dish put on the list, or what was added by
/// hand (no meal). An item keeps its parts once a meal has added to it, so that the meal
/// leaving the plan takes back its part and nothing else (AC-LIST-27).
public struct ItemPart: Sendable, Codable, Hashable {
  /// The meal whose dish added it; nil for what the partners added by hand.
  public var meal: CardID?
  /// What it asked for, as written (`2 onions`).
  public var ask: String

  /// A part with every field given.
  public init(meal: CardID?, ask: String) {
    self.meal = meal
    self.ask = ask
  }

  /// `parts` with `part` added: to the one of its meal (or of the hand) when there is one,
  /// its quantities summed; after them otherwise.
  static func adding(_ part: ItemPart, to parts: [ItemPart]) -> [ItemPart] {
    var added = parts
    if let index = added.firstIndex(where: { $0.meal == part.meal }) {
      added[index].ask =
        ItemWants(reading: added[index].ask).adding(ItemWants(reading: part.ask))
        .text
    } else {
      added.append(part)
    }
    return added
  }

  /// What `parts` ask for together, written in the way of `text` (its name, and its
  /// quantities' side): nil when there are none.
  static func total(of parts: [ItemPart], writtenAs text: String) -> String? {
    guard let first = parts.first else { return nil }
    let sum = parts.dropFirst().reduce(ItemWants(reading: first.ask)) {
      $0.adding(ItemWants(reading: $1.ask))
    }
    var total = ItemWants(reading: text)
    total.quantities = sum.quantities
    total.trailing = total.trailing && !sum.quantities.isEmpty
    return total.text
  }
}
