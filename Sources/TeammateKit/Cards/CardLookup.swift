import Foundation

/// Finding a card by the start of its id, as a person types it.
public enum CardLookup {
  /// The one card whose id is `text` or starts with it.
  ///
  /// An exact id always wins; otherwise the prefix must match exactly one card.
  public static func resolve(_ text: String, among ids: [CardID]) throws(TeammateError) -> CardID {
    let prefix = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard !prefix.isEmpty else { throw .cardNotFound(CardID(text)) }
    if let exact = ids.first(where: { $0.rawValue == prefix }) { return exact }
    let matches = ids.filter { $0.rawValue.hasPrefix(prefix) }.sorted()
    switch matches.count {
    case 0: throw .cardNotFound(CardID(text))
    case 1: return matches[0]
    default: throw .ambiguousCardID(text, matches: matches)
    }
  }
}
