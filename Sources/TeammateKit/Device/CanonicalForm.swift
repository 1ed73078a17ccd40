import Foundation

/// How a device's state is written so that the same state is the same bytes in every process
/// (AC-DEV-20): a set as its elements in order, a dictionary keyed by an id as its pairs in the
/// order of their keys. Swift writes both in hash order, which a process draws afresh, so that
/// a state read and saved again unchanged would be rewritten, and no two saves compared.
/// The shapes are those Swift writes (an array; a dictionary's key, value, key, value), so a
/// state saved either way reads back.
struct SortedPairs<Key: Comparable & Hashable & Encodable, Value: Encodable>: Encodable {
  let pairs: [(Key, Value)]

  init(_ dictionary: [Key: Value]) {
    pairs = dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for (key, value) in pairs {
      try container.encode(key)
      try container.encode(value)
    }
  }
}

extension NotificationOccurrence {
  /// The order `shown` is written in: by time, then kind, then card.
  static func writtenBefore(_ one: Self, _ other: Self) -> Bool {
    (one.at, one.kind, one.cardID?.rawValue ?? "") < (
      other.at, other.kind, other.cardID?.rawValue ?? ""
    )
  }
}
