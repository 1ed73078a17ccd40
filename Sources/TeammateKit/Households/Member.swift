import Foundation

/// One partner in a household, with their own notification settings.
public struct Member: Sendable, Codable, Equatable, Identifiable {
  /// The member's account.
  public var uid: AccountID
  /// What the partner sees them called.
  public var displayName: String
  /// When they made or joined the household, at server time.
  public var joinedAt: Date
  /// Their own notification settings.
  public var settings: NotificationSettings

  public var id: AccountID { uid }

  /// A member with every field given.
  public init(
    uid: AccountID, displayName: String, joinedAt: Date,
    settings: NotificationSettings = .default
  ) {
    self.uid = uid
    self.displayName = displayName
    self.joinedAt = joinedAt
    self.settings = settings
  }
}
