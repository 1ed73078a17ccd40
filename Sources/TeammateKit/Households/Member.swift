import Foundation

/// One partner in a household, with their own notification settings.
public struct Member: Sendable, Codable, Equatable, Identifiable {
  public var uid: AccountID
  public var displayName: String
  public var joinedAt: Date
  public var settings: NotificationSettings

  public var id: AccountID { uid }

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
