/// The facts the access table needs, taken from the state before the write.
public struct AccessState: Sendable, Equatable {
  /// The household the acting account belongs to before the write, if any.
  public var actorHousehold: HouseholdID?

  /// The state as the access table sees it: the household the actor belongs to, if any.
  package init(actorHousehold: HouseholdID?) { self.actorHousehold = actorHousehold }
}

/// The outcome of asking the access table.
public enum AccessDecision: Sendable, Hashable {
  case allow
  case deny(AccessDenial)

  /// Throws the denial as `TeammateError.accessDenied`.
  public func check() throws(TeammateError) {
    if case .deny(let denial) = self { throw .accessDenied(denial) }
  }
}

/// The access table of the product brief as one pure function: default deny.
///
/// Membership is judged on the state before the write, so one request cannot make an
/// account a member and use that membership at once.
public enum AccessPolicy {
  /// Whether `actor` may perform `operation`, and if not, why: the access table as one pure
  /// function.
  public static func decide(
    _ operation: AccessOperation, actor: AccountID?, state: AccessState
  ) -> AccessDecision {
    guard let actor else { return .deny(.notSignedIn) }
    let current = state.actorHousehold
    func member(_ household: HouseholdID) -> AccessDecision {
      current == household ? .allow : .deny(.notAMember(household))
    }
    func free() -> AccessDecision {
      current.map { .deny(.alreadyInHousehold($0)) } ?? .allow
    }

    switch operation {
    case .createHousehold:
      return free()
    case .readHousehold(let household), .updateHousehold(let household),
      .readMembers(let household), .readCards(let household), .issueInvite(let household),
      .readChanges(let household):
      return member(household)
    case .listHouseholds, .listInvites:
      return .deny(.listingNotAllowed)
    case .writeCard(let household, let editor):
      let membership = member(household)
      guard membership == .allow else { return membership }
      return editor == actor ? .allow : .deny(.editorMismatch(claimed: editor))
    case .readInvite:
      return .allow
    case .consumeInvite(let insideJoin):
      return insideJoin ? .allow : .deny(.onlyInsideJoin)
    case .updateMember(let household, let account):
      guard account == actor else { return .deny(.notYourAccount(account)) }
      return member(household)
    case .readAccountHousehold(let account):
      return account == actor ? .allow : .deny(.notYourAccount(account))
    case .writeMember(let household, let account, let path),
      .writeAccountHousehold(let account, let household, let path):
      guard account == actor else { return .deny(.notYourAccount(account)) }
      switch path {
      case .creation, .joining: return free()
      case .leaving: return member(household)
      case .direct: return .deny(.onlyThroughMembershipChange)
      }
    }
  }
}
