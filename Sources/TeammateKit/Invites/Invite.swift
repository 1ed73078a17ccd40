import Foundation

/// A single-use, 24-hour code that lets a second account join a household.
public struct Invite: Sendable, Codable, Equatable {
  /// How long an invite lives after the server issued it.
  public static let lifetime: TimeInterval = 24 * 60 * 60

  public var code: InviteCode
  public var householdID: HouseholdID
  public var createdBy: AccountID
  public var createdAt: Date
  public var expiresAt: Date
  public var usedBy: AccountID?
  public var usedAt: Date?

  public init(
    code: InviteCode, householdID: HouseholdID, createdBy: AccountID, createdAt: Date,
    expiresAt: Date, usedBy: AccountID? = nil, usedAt: Date? = nil
  ) {
    self.code = code
    self.householdID = householdID
    self.createdBy = createdBy
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.usedBy = usedBy
    self.usedAt = usedAt
  }

  public var isUsed: Bool { usedBy != nil }

  /// Expired from the expiry instant on: an invite used exactly at `expiresAt` is refused.
  public func isExpired(at now: Date) -> Bool { now >= expiresAt }

  /// Neither used nor expired.
  public func isLive(at now: Date) -> Bool { !isUsed && !isExpired(at: now) }
}
