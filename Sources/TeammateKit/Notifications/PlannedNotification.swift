import Foundation

/// One local notification a device should have pending.
///
/// The id is derived from the kind and the card (`activity:k3f9a2`, `digest`), so replanning
/// gives the same id and the scheduler overwrites in place instead of piling up copies.
public struct PlannedNotification: Sendable, Codable, Hashable, Identifiable {
  public var id: String
  /// What the notification is for.
  public var kind: NotificationKind
  /// When the phone shows it.
  public var fireAt: Date
  /// Its title, in the device's wording.
  public var title: String
  /// Its body, in the device's wording.
  public var body: String
  /// The card it is about; none for the digest.
  public var cardID: CardID?
  /// The instant this reminder is about (see `NotificationOccurrence`); the fire time when
  /// nothing else is meant.
  public var occurrenceAt: Date

  /// A notification with every field given; the planner makes them.
  public init(
    id: String, kind: NotificationKind, fireAt: Date, title: String, body: String,
    cardID: CardID?, occurrenceAt: Date? = nil
  ) {
    self.id = id
    self.kind = kind
    self.fireAt = fireAt
    self.title = title
    self.body = body
    self.cardID = cardID
    self.occurrenceAt = occurrenceAt ?? fireAt
  }

  /// Which reminder this is, for a device's memory of what it has shown.
  public var occurrence: NotificationOccurrence {
    NotificationOccurrence(kind: kind, cardID: cardID, at: occurrenceAt)
  }

  private enum CodingKeys: String, CodingKey {
    case id, kind, fireAt, title, body, cardID, occurrenceAt
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    kind = try container.decode(NotificationKind.self, forKey: .kind)
    fireAt = try container.decode(Date.self, forKey: .fireAt)
    title = try container.decode(String.self, forKey: .title)
    body = try container.decode(String.self, forKey: .body)
    cardID = try container.decodeIfPresent(CardID.self, forKey: .cardID)
    // NB: saved before occurrences existed: the fire time is the best there is.
    occurrenceAt = try container.decodeIfPresent(Date.self, forKey: .occurrenceAt) ?? fireAt
  }

  /// The stable id for a kind and, unless it is the digest, a card.
  public static func id(_ kind: NotificationKind, card: CardID?) -> String {
    card.map { "\(kind.rawValue):\($0)" } ?? kind.rawValue
  }

  /// The stable id of the reminder that a day's meal is not decided: `meal:2026-12-02:dinner`.
  public static func id(meal day: MealDay, _ slot: MealSlot) -> String {
    "\(NotificationKind.mealUndecided.rawValue):\(day):\(slot.rawValue)"
  }
}
