/// Why the access table refused an operation: a value tests compare, not just "denied".
public enum AccessDenial: Sendable, Hashable, Codable, CustomStringConvertible {
  case notSignedIn
  case notAMember(HouseholdID)
  case alreadyInHousehold(HouseholdID)
  /// Households, invites and account households are fetched by exact key only.
  case listingNotAllowed
  /// A card write claimed an author other than the writer.
  case editorMismatch(claimed: AccountID)
  /// Another account's data.
  case notYourAccount(AccountID)
  /// Members and account households change only by creation, joining or leaving.
  case onlyThroughMembershipChange
  /// Invites are consumed only inside the atomic join step.
  case onlyInsideJoin

  public var description: String {
    switch self {
    case .notSignedIn: return "sign in first"
    case .notAMember: return "you are not a member of this household"
    case .alreadyInHousehold: return "this account already belongs to a household"
    case .listingNotAllowed: return "this data can only be fetched by its exact id or code"
    case .editorMismatch(let claimed):
      return "a write may only be made in your own name, not as '\(claimed)'"
    case .notYourAccount(let uid): return "'\(uid)' is another account"
    case .onlyThroughMembershipChange:
      return "membership changes only by creating, joining or leaving a household"
    case .onlyInsideJoin: return "an invite is used only by joining with it"
    }
  }
}
