/// What a store keeps of a state apart, and how it is put back: the card copies a device file
/// keeps a row each, the household and cards a device beside the store reads back from it,
/// and the notifications' text its scheduler holds.
extension DeviceState {
  /// This state without its copies of the cards, for a device that keeps its cards next to
  /// the store and reads them back from it (the command line): the rest is small. The
  /// notifications' text, taken from the cards, goes too; its scheduler holds it.
  package func withoutCards() -> DeviceState {
    var slim = withoutCardCopies()
    slim.planned = planned.map { notification in
      var bare = notification
      bare.title = ""
      bare.body = ""
      return bare
    }
    return slim
  }

  /// This state without its card copies and their sequences, which a device file keeps a row
  /// each (the rest it keeps a part a row, AC-DEV-18).
  package func withoutCardCopies() -> DeviceState {
    var slim = self
    slim.cards = [:]
    slim.cardApplied = [:]
    return slim
  }

  /// The sequence of the change last applied here to card `id`.
  package func appliedSequence(ofCard id: CardID) -> Int64 {
    cardApplied[id, default: 0]
  }

  /// The cards whose copy changed since `previous` of the same household: those whose applied
  /// sequence moved, or that are new or gone. Found without reading the cards themselves.
  package func cardsApplied(since previous: DeviceState) -> [CardID] {
    if let journaled = cardJournal.noted(since: previous.cardJournal) { return journaled }
    var moved: [CardID] = []
    var added = 0
    for (id, sequence) in cardApplied {
      let before = previous.cardApplied[id]
      guard before != sequence else { continue }
      if before == nil { added += 1 }
      moved.append(id)
    }
    guard previous.cardApplied.count > cardApplied.count - added else { return moved }
    for id in previous.cardApplied.keys where cardApplied[id] == nil { moved.append(id) }
    return moved
  }

  /// Puts back card copies kept apart, each with the sequence last applied to it.
  package mutating func restore(copies: [(card: Card, applied: Int64)]) {
    for (card, applied) in copies {
      cards[card.id] = card
      cardApplied[card.id] = applied
      cardJournal.note(card.id)
    }
  }

  /// Puts back the household and its cards as they are now. Replaying the changes after
  /// `cursor` over them is harmless: the last change of each carries its current version.
  package mutating func restore(household now: Household?, cards current: [Card]) {
    if let now, now.id == householdID { household = now }
    cards.reserveCapacity(cards.count + current.count)
    for card in current where card.householdID == householdID { cards[card.id] = card }
  }

  /// Puts back the text of the planned notifications from those a scheduler holds, by id.
  package mutating func restore(notifications held: [PlannedNotification]) {
    var byID: [String: PlannedNotification] = [:]
    for notification in held { byID[notification.id] = notification }
    for index in planned.indices {
      guard let text = byID[planned[index].id] else { continue }
      planned[index].title = text.title
      planned[index].body = text.body
    }
  }
}
