import Foundation

/// One local notification a device should have pending.
///
/// The id is derived from the kind and the card (`activity:k3f9a2`, `digest`), so replanning
/// gives the same id and the scheduler overwrites in place instead of piling up copies.
public struct PlannedNotification: Sendable, Codable, Hashable, Identifiable {
  public var id: String
  public var kind: NotificationKind
  public var fireAt: Date
  public var title: String
  public var body: String
  public var cardID: CardID?

  public init(
    id: String, kind: NotificationKind, fireAt: Date, title: String, body: String,
    cardID: CardID?
  ) {
    self.id = id
    self.kind = kind
    self.fireAt = fireAt
    self.title = title
    self.body = body
    self.cardID = cardID
  }

  /// The stable id for a kind and, unless it is the digest, a card.
  public static func id(_ kind: NotificationKind, card: CardID?) -> String {
    card.map { "\(kind.rawValue):\($0)" } ?? kind.rawValue
  }
}
