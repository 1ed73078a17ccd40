import Foundation

/// A household of at most two members sharing one time zone.
public struct Household: Sendable, Codable, Equatable, Identifiable {
  /// No household ever holds more members than this.
  public static let capacity = 2

  public var id: HouseholdID
  public var name: String
  /// An IANA time zone identifier; every "today 20:00" is computed in it.
  public var timeZone: String
  public var createdBy: AccountID
  public var createdAt: Date
  public var members: [Member]

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

  public var isFull: Bool { members.count >= Self.capacity }

  public func member(_ uid: AccountID) -> Member? { members.first { $0.uid == uid } }

  public func hasMember(_ uid: AccountID) -> Bool { member(uid) != nil }

  /// The other member, if the household has one.
  public func partner(of uid: AccountID) -> Member? { members.first { $0.uid != uid } }
}
