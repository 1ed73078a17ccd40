import Foundation

/// A single-use, 24-hour code that lets a second account join a household.
public struct Invite: Sendable, Codable, Equatable {
  /// How long an invite lives after the server issued it.
  public static let lifetime: TimeInterval = 24 * 60 * 60

  /// The six digits the partner types.
  public var code: InviteCode
  /// The household it admits to.
  public var householdID: HouseholdID
  /// The member who issued it.
  public var createdBy: AccountID
  /// When it was issued, at server time.
  public var createdAt: Date
  /// When it stops admitting, at server time.
  public var expiresAt: Date
  /// Who joined with it, once used.
  public var usedBy: AccountID?
  /// When it was used, at server time.
  public var usedAt: Date?

  /// An invite with every field given; the rules issue new ones (`InviteRules`).
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

  /// Whether someone joined with it: an invite admits once.
  public var isUsed: Bool { usedBy != nil }

  /// Expired from the expiry instant on: an invite used exactly at `expiresAt` is refused.
  public func isExpired(at now: Date) -> Bool { now >= expiresAt }

  /// Neither used nor expired.
  public func isLive(at now: Date) -> Bool { !isUsed && !isExpired(at: now) }
}
