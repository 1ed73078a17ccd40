import Foundation

/// The partner did something the viewer should know about: the source of activity
/// notifications.
public struct ActivityEvent: Sendable, Codable, Hashable {
  /// What the partner did to the card.
  public enum Action: String, Sendable, Codable, Hashable {
    /// The partner logged a new card.
    case created
    /// The partner changed a card so that it needs knowing again.
    case changed
    /// The partner brought back a deleted card.
    case restored
  }

  /// The card it was done to.
  public var cardID: CardID
  /// The partner who did it.
  public var actor: AccountID
  /// What they did.
  public var action: Action
  /// Server time of the change.
  public var at: Date

  /// What `actor` did to a card at `at`.
  public init(cardID: CardID, actor: AccountID, action: Action, at: Date) {
    self.cardID = cardID
    self.actor = actor
    self.action = action
    self.at = at
  }
}
