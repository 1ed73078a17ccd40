/// Every operation a backend may be asked for, as the access table names them.
public enum AccessOperation: Sendable, Hashable {
  /// How a membership or an account's household comes to change.
  public enum MembershipPath: String, Sendable, Hashable, CaseIterable {
    case creation, joining, leaving
    /// A write outside household creation, joining or leaving.
    case direct
  }

  case createHousehold
  case readHousehold(HouseholdID)
  case listHouseholds
  case updateHousehold(HouseholdID)
  case readMembers(HouseholdID)
  case writeMember(HouseholdID, member: AccountID, via: MembershipPath)
  /// A member changing their own display name or notification settings.
  case updateMember(HouseholdID, member: AccountID)
  /// Getting or listing cards.
  case readCards(HouseholdID)
  /// Adding or changing a card; `editor` is the `createdBy`/`lastEditedBy` the write claims.
  case writeCard(HouseholdID, editor: AccountID)
  /// Looking up one invite by its exact code.
  case readInvite
  case listInvites
  case issueInvite(HouseholdID)
  case consumeInvite(insideJoin: Bool)
  case readAccountHousehold(AccountID)
  case writeAccountHousehold(AccountID, household: HouseholdID, via: MembershipPath)
  /// Pulling the household's change feed.
  case readChanges(HouseholdID)
}
