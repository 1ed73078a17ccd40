import Foundation

/// A household of at most two members sharing one time zone.
public struct Household: Sendable, Codable, Equatable, Identifiable {
  /// No household ever holds more members than this.
  public static let capacity = 2

  public var id: HouseholdID
  /// What the partners call it.
  public var name: String
  /// An IANA time zone identifier; every "today 20:00" is computed in it.
  public var timeZone: String
  /// The partner who made it.
  public var createdBy: AccountID
  /// When it was made, at server time.
  public var createdAt: Date
  /// Its members, one or two, in the order they came.
  public var members: [Member]

  /// A household with every field given; the rules make new ones (`HouseholdRules`).
  public init(
    id: HouseholdID, name: String, timeZone: String, createdBy: AccountID, createdAt: Date,
    members: [Member]
  ) {
    self.id = id
    self.name = name
    self.timeZone = timeZone
    self.createdBy = createdBy
    self.createdAt = createdAt
    self.members = members
  }

  /// The zone of `timeZone`; UTC for a name this system does not know (creating refuses
  /// those, so only a store written elsewhere can hold one).
  public var zone: TimeZone {
    TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0) ?? TimeZone.gmt
  }

  /// Whether it has its two members: no one else may join.
  public var isFull: Bool { members.count >= Self.capacity }

  /// The member with this account, if they belong.
  public func member(_ uid: AccountID) -> Member? { members.first { $0.uid == uid } }

  /// Whether the account belongs.
  public func hasMember(_ uid: AccountID) -> Bool { member(uid) != nil }

  /// The other member, if the household has one.
  public func partner(of uid: AccountID) -> Member? { members.first { $0.uid != uid } }
}
