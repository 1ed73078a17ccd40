import Foundation
import TeammateKit

/// Finding a card by the start of its id, as a person types it.
public enum CardLookup {
  /// The one card whose id is `text` or starts with it.
  ///
  /// An exact id always wins; otherwise the prefix must match exactly one card.
  public static func resolve(_ text: String, among cards: [Card]) throws(TeammateError) -> Card {
    let prefix = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard !prefix.isEmpty else { throw .cardNotFound(CardID(text)) }
    if let exact = cards.first(where: { $0.id.rawValue == prefix }) { return exact }
    let matches = cards.filter { $0.id.rawValue.hasPrefix(prefix) }.sorted { $0.id < $1.id }
    switch matches.count {
    case 0: throw .cardNotFound(CardID(text))
    case 1: return matches[0]
    default: throw .ambiguousCardID(text, matches: matches.map(\.id))
    }
  }
}
