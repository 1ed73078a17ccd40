import Foundation

/// Issuing invites and joining a household with one.
public enum InviteRules {
  /// A fresh invite for `household`, issued by one of its members.
  ///
  /// The backend replaces the household's previous live invite with it (at most one live
  /// invite per household). `isCodeTaken` says whether a code is held by another live invite,
  /// so that two households never share one.
  public static func issue(
    household: Household, by actor: AccountID, now: Date,
    random: inout some RandomNumberGenerator, isCodeTaken: (InviteCode) -> Bool
  ) throws(TeammateError) -> Invite {
    guard household.hasMember(actor) else { throw .accessDenied(.notAMember(household.id)) }
    guard !household.isFull else { throw .householdFull(household.id) }
    var code = InviteCode.random(using: &random)
    while isCodeTaken(code) { code = InviteCode.random(using: &random) }
    return Invite(
      code: code, householdID: household.id, createdBy: actor, createdAt: now,
      expiresAt: now.addingTimeInterval(Invite.lifetime))
  }

  /// Everything one join writes, as one value: the backend stores all of it or none of it.
  public struct Join: Sendable, Equatable {
    /// The invite, now used.
    public var invite: Invite
    /// The new member.
    public var member: Member
    /// The household with its new member.
    public var household: Household
    /// Who joined.
    public var account: AccountID
  }

  /// Joins `account` to the invite's household, or says exactly why not.
  ///
  /// Checks in order: the code's form, the failed-attempt limit, the account's own household,
  /// then the invite (missing, used, expired by server time) and the household (full).
  /// - Parameters:
  ///   - text: the code as the person typed it.
  ///   - account: who is joining.
  ///   - displayName: the name they will have in the household.
  ///   - invite: the invite stored under the code, if any.
  ///   - household: the invite's household, if the invite exists.
  ///   - accountHousehold: the household the account belongs to now, if any.
  ///   - failedAttempts: when this account's earlier failed joins happened.
  ///   - limit: how many wrong codes an account may try, and over how long.
  ///   - now: the server's time.
  public static func join(
    code text: String, account: AccountID, displayName: String, invite: Invite?,
    household: Household?, accountHousehold: HouseholdID?, failedAttempts: [Date],
    limit: JoinAttemptLimit = .standard, now: Date
  ) throws(TeammateError) -> Join {
    let code = try InviteCode(validating: text)
    try limit.check(failedAttempts: failedAttempts, now: now)
    if let current = accountHousehold { throw .alreadyInHousehold(current) }
    guard var invite, invite.code == code else { throw .inviteNotFound(code) }
    guard !invite.isUsed else { throw .inviteAlreadyUsed(code) }
    guard !invite.isExpired(at: now) else {
      // NB: said in the household's time, the one the partner who gave the code lives by.
      throw .inviteExpired(
        code, expiredAt: invite.expiresAt, timeZone: household?.timeZone ?? "UTC")
    }
    guard var household, household.id == invite.householdID else {
      throw .inviteNotFound(code)
    }
    guard !household.isFull else { throw .householdFull(household.id) }
    let name = try Validation.name(displayName, field: .displayName)
    let member = Member(uid: account, displayName: name, joinedAt: now)
    invite.usedBy = account
    invite.usedAt = now
    household.members.append(member)
    return Join(invite: invite, member: member, household: household, account: account)
  }
}
