import Foundation

/// The state as parts a store keeps apart (AC-DEV-18): each field but the card copies, named
/// by its key in the whole state's JSON, so that a save writes only the parts a turn changed
/// (an offline write: the outbox) and never the news, the waiting activity or the list that
/// it did not touch. Comparing an unchanged part costs nothing: its storage is the previous
/// state's own.
extension DeviceState {
  /// The parts: every key of the whole state but the cards and their sequences, which a
  /// store keeps a row each (`cardsApplied(since:)`).
  private static let partKeys = CodingKeys.allCases.filter { $0 != .cards && $0 != .cardApplied }

  /// The parts' names, their keys in the whole state's JSON.
  package static let partNames = partKeys.map(\.rawValue)

  /// The parts of this state that differ from `previous` (all of them when there is none),
  /// each with its value to encode.
  package func parts(changedSince previous: DeviceState?) -> [(name: String, value: any Encodable)]
  {
    Self.partKeys.compactMap { key in
      guard let previous, !differs(from: previous, in: key) else {
        return (key.rawValue, value(of: key))
      }
      return nil
    }
  }

  /// The whole state's JSON put together from its parts as a store kept them (JSON text by
  /// name), to decode as a `DeviceState`: a part missing reads as a new install's.
  package static func json(ofParts parts: [(name: String, text: String)]) -> String {
    "{" + parts.map { "\"\($0.name)\":\($0.text)" }.joined(separator: ",") + "}"
  }

  private func differs(from other: DeviceState, in key: CodingKeys) -> Bool {
    switch key {
    case .householdID: householdID != other.householdID
    case .household: household != other.household
    case .cursor: cursor != other.cursor
    case .appliedSequence: appliedSequence != other.appliedSequence
    case .waitingActivity: waitingActivity != other.waitingActivity
    case .planned: planned != other.planned
    case .shown: shown != other.shown
    case .outbox: outbox != other.outbox
    case .conflicts: conflicts != other.conflicts
    case .heldAnswers: heldAnswers != other.heldAnswers
    case .items: items != other.items
    case .listSeen: listSeen != other.listSeen
    case .listUnseen: listUnseen != other.listUnseen
    case .toldAhead: toldAhead != other.toldAhead
    case .news: news != other.news
    case .shop: shop != other.shop
    case .shopGets: shopGets != other.shopGets
    case .cards: cards != other.cards
    case .cardApplied: cardApplied != other.cardApplied
    case .knownMembers: knownMembers != other.knownMembers
    case .erasureHeard: erasureHeard != other.erasureHeard
    case .position: position != other.position
    case .movedTo: movedTo != other.movedTo
    }
  }

  /// The whole state, field by field in its canonical form (`SortedPairs`, AC-DEV-20).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    for key in CodingKeys.allCases {
      try container.encode(value(of: key), forKey: key)
    }
  }

  /// A field's value as it is written: sets in order, dictionaries keyed by ids as sorted
  /// pairs, so that the same state is the same bytes (AC-DEV-20).
  private func value(of key: CodingKeys) -> any Encodable {
    switch key {
    case .householdID: householdID
    case .household: household
    case .cursor: cursor
    case .appliedSequence: appliedSequence
    case .waitingActivity: waitingActivity
    case .planned: planned.sorted { $0.id < $1.id }
    case .shown: shown.sorted(by: NotificationOccurrence.writtenBefore)
    case .outbox: outbox
    case .conflicts: conflicts
    case .heldAnswers: heldAnswers
    case .items: SortedPairs(items)
    case .listSeen: listSeen
    case .listUnseen: listUnseen.sorted()
    case .toldAhead: toldAhead.sorted()
    case .news: news
    case .shop: shop
    case .shopGets: shopGets
    case .cards: SortedPairs(cards)
    case .cardApplied: SortedPairs(cardApplied)
    case .knownMembers: knownMembers.sorted()
    case .erasureHeard: erasureHeard
    case .position: position
    case .movedTo: movedTo
    }
  }
}
