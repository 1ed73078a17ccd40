import Foundation

extension BackendOperations {
  /// A new invite; the household's previous invite is revoked (deleted).
  package static func issueInvite(
    for id: HouseholdID, actor: AccountID, storage: inout some BackendStorage, now: Date,
    random: inout some RandomNumberGenerator
  ) throws -> Invite {
    try check(.issueInvite(id), actor, try state(of: actor, in: storage))
    let household = try existingHousehold(id, in: storage)
    let invite = try freshInvite(for: household, by: actor, in: storage, now: now, random: &random)
    try revokeInvite(of: id, storage: &storage)
    try storage.putInvite(invite)
    return try stored(invite, in: storage)
  }

  /// The invite as the storage keeps it: a server chooses a device's codes itself, so that
  /// no write tells a device whether a code is taken (ADR 0014).
  static func stored(_ invite: Invite, in storage: some BackendStorage) throws -> Invite {
    guard let code = try storage.inviteCode(of: invite.householdID), code != invite.code else {
      return invite
    }
    return try storage.invite(code) ?? invite
  }

  package static func liveInvite(
    for id: HouseholdID, actor: AccountID, storage: some BackendStorage, now: Date
  ) throws -> Invite? {
    try check(.readHousehold(id), actor, try state(of: actor, in: storage))
    guard let code = try storage.inviteCode(of: id), let invite = try storage.invite(code),
      invite.isLive(at: now)
    else { return nil }
    return invite
  }

  /// One invite by exact code. A miss counts against the join-attempt limit like a wrong
  /// join, so looking codes up is no way around it; the result is returned, not thrown, so
  /// that the backend keeps the recorded failure.
  package static func invite(
    code text: String, actor: AccountID, storage: inout some BackendStorage, now: Date,
    limit: JoinAttemptLimit = .standard
  ) throws -> Result<Invite, TeammateError> {
    try check(.readInvite, actor, try state(of: actor, in: storage))
    let code = try InviteCode(validating: text)
    return try limited(actor, storage: &storage, now: now, limit: limit) { storage in
      guard let invite = try storage.invite(code) else { throw TeammateError.inviteNotFound(code) }
      return invite
    }
  }

  /// Joins the actor to the invite's household: consumes the invite, creates the member, adds
  /// them to the household and records the account's household, all or nothing.
  package static func join(
    code text: String, displayName: String, actor: AccountID,
    storage: inout some BackendStorage, now: Date, limit: JoinAttemptLimit = .standard
  ) throws -> Result<Household, TeammateError> {
    let before = try state(of: actor, in: storage)
    try check(.readInvite, actor, before)
    try check(.consumeInvite(insideJoin: true), actor, before)
    return try limited(actor, storage: &storage, now: now, limit: limit) { storage in
      let invite = try InviteCode(rawValue: text.trimmingCharacters(in: .whitespaces)).flatMap {
        try storage.invite($0)
      }
      let household = try invite.flatMap { try storage.household($0.householdID) }
      let join = try InviteRules.join(
        code: text, account: actor, displayName: displayName, invite: invite,
        household: household, accountHousehold: before.actorHousehold,
        failedAttempts: try storage.failedJoins(of: actor), limit: limit, now: now)
      let id = join.household.id
      try check(.writeMember(id, member: actor, via: .joining), actor, before)
      try check(.writeAccountHousehold(actor, household: id, via: .joining), actor, before)

      try storage.putInvite(join.invite)
      try storage.putHousehold(join.household)
      try storage.setHouseholdID(id, of: actor)
      try record(
        .memberJoined, in: id, by: actor, now: now, household: join.household, storage: &storage)
      return join.household
    }
  }

  /// Runs a code lookup under the failed-attempt limit, recording a wrong guess.
  static func limited<T, Storage: BackendStorage>(
    _ actor: AccountID, storage: inout Storage, now: Date, limit: JoinAttemptLimit,
    _ body: (inout Storage) throws -> T
  ) throws -> Result<T, TeammateError> {
    try limit.checkStoreWide(
      failures: try storage.failedJoins(after: now.addingTimeInterval(-limit.window)), now: now)
    try limit.check(failedAttempts: try storage.failedJoins(of: actor), now: now)
    do {
      return .success(try body(&storage))
    } catch let error as TeammateError where JoinAttemptLimit.countsAsFailure(error) {
      try storage.recordFailedJoin(of: actor, at: now)
      try storage.forgetFailedJoins(of: actor, through: now.addingTimeInterval(-limit.window))
      return .failure(error)
    }
  }
}
