import Foundation

/// A notification not yet written: when, what kind, and which card (by index).
struct Candidate {
  var fireAt: Date
  var kind: NotificationKind
  var card: Int?
  var event: ActivityEvent? = nil
  /// For a summary of the partner's activity: the cards (by index) in the order made.
  var summary: [Int] = []
  /// The instant the reminder is about (see `NotificationOccurrence`).
  var occurrenceAt: Date
  /// For a meal not decided yet: its day and slot.
  var meal: (day: MealDay, slot: MealSlot)? = nil
  /// For the list notification: the partner's news on the list.
  var list: ListNews? = nil
}

/// Keeps the `limit` soonest candidates offered to it, ties broken by notification id.
///
/// NB: a bounded insertion instead of sorting every candidate keeps planning linear in the
/// number of cards, and ids are only built when two fire times tie.
struct SoonestCandidates {
  let limit: Int
  let cards: [Card]
  private(set) var kept: [Candidate] = []

  init(limit: Int, cards: [Card]) {
    self.limit = limit
    self.cards = cards
    kept.reserveCapacity(limit + 1)
  }

  mutating func offer(_ candidate: Candidate) {
    guard limit > 0 else { return }
    if kept.count == limit, let last = kept.last, !isSooner(candidate, than: last) { return }
    var low = 0
    var high = kept.count
    while low < high {
      let mid = (low + high) / 2
      if isSooner(kept[mid], than: candidate) { low = mid + 1 } else { high = mid }
    }
    kept.insert(candidate, at: low)
    if kept.count > limit { kept.removeLast() }
  }

  private func isSooner(_ a: Candidate, than b: Candidate) -> Bool {
    if a.fireAt != b.fireAt { return a.fireAt < b.fireAt }
    return id(a) < id(b)
  }

  private func id(_ candidate: Candidate) -> String {
    if let meal = candidate.meal { return PlannedNotification.id(meal: meal.day, meal.slot) }
    return PlannedNotification.id(candidate.kind, card: candidate.card.map { cards[$0].id })
  }
}
