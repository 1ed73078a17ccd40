import Foundation

/// What a rule does to its card: where it stands and moving it on. Moving on is the rule's
/// doing, so it keeps the acknowledgement (PRODUCT.md, "Repeating tasks and events").
public enum RepeatRules {
  /// The occurrence a card shows: a task its own (which may be overdue); an event the
  /// first of its occurrences not before `now` (its last one once the rule has ended).
  public static func shownTime(of card: Card, now: Date, in zone: TimeZone) -> Date? {
    guard let time = card.time else { return nil }
    guard card.kind == .event, time < now, let rule = card.repeatRule else { return time }
    return rule.next(after: now.addingTimeInterval(-1), from: card.repeatStart ?? time, in: zone)
      ?? time
  }

  /// Whether the card's series still runs: it has a rule, and the rule has not ended.
  public static func isRunning(_ card: Card) -> Bool { card.repeatRule != nil && !card.isDone }

  /// The occurrence a running series shows as its next; nil without a rule or once it ended.
  public static func nextOccurrence(of card: Card, now: Date, in zone: TimeZone) -> Date? {
    isRunning(card) ? shownTime(of: card, now: now, in: zone) : nil
  }

  /// The occurrence after both the card's current one and `now` (missed ones do not pile
  /// up), or nil when the rule has ended: a series ends, too, where no store could keep its
  /// next time (AC-INPUT-01).
  public static func nextTime(of card: Card, now: Date, in zone: TimeZone) -> Date? {
    guard let rule = card.repeatRule, let time = card.time,
      let next = rule.next(after: max(time, now), from: card.repeatStart ?? time, in: zone)
    else { return nil }
    return StoredTime.holds(next) ? next : nil
  }

  /// The card at its next occurrence, or done when the rule has ended; the acknowledgement
  /// stays as it was.
  static func movedOn(_ card: Card, now: Date, in zone: TimeZone) -> Card {
    var moved = card
    if let next = nextTime(of: card, now: now, in: zone) {
      moved.time = next
    } else {
      moved.isDone = true
    }
    return moved
  }
}
