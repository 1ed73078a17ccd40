import Foundation

/// Creating, renaming and leaving a household.
public enum HouseholdRules {
  /// A new household whose first member is its creator.
  ///
  /// Refused when the creator already belongs to a household.
  public static func create(
    id: HouseholdID, name: String, timeZone: String, creator: AccountID, displayName: String,
    creatorHousehold: HouseholdID?, now: Date
  ) throws(TeammateError) -> Household {
    if let existing = creatorHousehold { throw .alreadyInHousehold(existing) }
    let name = try Validation.name(name, field: .householdName)
    let displayName = try Validation.name(displayName, field: .displayName)
    _ = try Validation.timeZone(timeZone)
    let member = Member(uid: creator, displayName: displayName, joinedAt: now)
    return Household(
      id: id, name: name, timeZone: timeZone, createdBy: creator, createdAt: now,
      members: [member])
  }

  /// The household with a new name and/or time zone; nil arguments keep the old value.
  public static func update(
    _ household: Household, name: String?, timeZone: String?
  ) throws(TeammateError) -> Household {
    var updated = household
    if let name { updated.name = try Validation.name(name, field: .householdName) }
    if let timeZone {
      _ = try Validation.timeZone(timeZone)
      updated.timeZone = timeZone
    }
    return updated
  }

  /// The household without `account`; refused when the account is not a member.
  ///
  /// The last member may leave only when deleting the household: otherwise every card would
  /// be stranded where nobody can reach it. The result is then the household with no members.
  public static func leave(
    _ household: Household, account: AccountID, deletingHousehold: Bool = false
  ) throws(TeammateError) -> Household {
    guard household.hasMember(account) else {
      throw .accessDenied(.notAMember(household.id))
    }
    guard household.members.contains(where: { $0.uid != account }) || deletingHousehold else {
      throw .lastMemberMustDeleteHousehold(household.id)
    }
    var updated = household
    updated.members.removeAll { $0.uid == account }
    return updated
  }

  /// The member's display name or settings changed; only the member may change their own.
  public static func updateMember(
    _ household: Household, account: AccountID, displayName: String? = nil,
    settings: NotificationSettings? = nil
  ) throws(TeammateError) -> Household {
    guard let index = household.members.firstIndex(where: { $0.uid == account }) else {
      throw .accessDenied(.notAMember(household.id))
    }
    var updated = household
    if let displayName {
      updated.members[index].displayName = try Validation.name(displayName, field: .displayName)
    }
    if let settings { updated.members[index].settings = try settings.validated() }
    return updated
  }
}
