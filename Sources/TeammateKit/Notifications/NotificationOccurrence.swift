import Foundation

/// Which reminder a notification is: its kind, its card, and the instant it is about (the
/// event's start, the task's due time, the reply-by time, the partner's change, the digest's
/// fire time). A device remembers the occurrences it has shown and never plans one again.
public struct NotificationOccurrence: Sendable, Codable, Hashable {
  /// The kind of reminder.
  public var kind: NotificationKind
  /// The card it is about; none for the digest.
  public var cardID: CardID?
  /// The instant it is about.
  public var at: Date

  /// A reminder of `kind` about a card at an instant.
  public init(kind: NotificationKind, cardID: CardID?, at: Date) {
    self.kind = kind
    self.cardID = cardID
    self.at = at
  }

  /// How long a shown occurrence is remembered: after that it can no longer be planned
  /// (events, tasks and reply-by times lie in the past; activity waits at most a day).
  public static let memory: TimeInterval = 2 * 24 * 3_600

  /// Whether a device may forget this occurrence at `now`.
  public func isForgettable(at now: Date) -> Bool { at < now - Self.memory }
}

/// A reminder handed to the scheduler and when it fires: what a device kept of its plan
/// before it kept the whole notification, still read from states saved then.
struct PlannedOccurrence: Decodable {
  var occurrence: NotificationOccurrence
  var fireAt: Date
}
