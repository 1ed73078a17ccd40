import Foundation

extension BackendOperations {
  package static func householdID(
    of account: AccountID, actor: AccountID, storage: some BackendStorage
  ) throws -> HouseholdID? {
    try check(.readAccountHousehold(account), actor, try state(of: actor, in: storage))
    if let id = try storage.householdID(of: account) { return id }
    // NB: a member whose household moved is told where, not that it is in none (AC-PORT-19):
    // a phone that follows no household yet asks this first.
    if account == actor, let moved = try storage.movedHousehold(of: actor) {
      throw TeammateError.householdMoved(moved.household, to: moved.location)
    }
    return nil
  }

  package static func linkCredential(
    _ credential: Credential, actor: AccountID, storage: inout some BackendStorage
  ) throws {
    let owner = try storage.credentialOwner(credential)
    if try AccountRules.link(credential, to: actor, currentOwner: owner) {
      try storage.link(credential, to: actor)
    }
  }

  /// A household made with `actor` its first member, and the partner's invite. `id` is the
  /// one a device made (`DeviceWrite.createHousehold`): it must be new and well made; nil,
  /// the backend draws one.
  package static func createHousehold(
    name: String, timeZone: String, displayName: String, id chosen: HouseholdID? = nil,
    actor: AccountID, storage: inout some BackendStorage, now: Date,
    random: inout some RandomNumberGenerator
  ) throws -> HouseholdCreation {
    let before = try state(of: actor, in: storage)
    var id = chosen ?? HouseholdID.random(length: HouseholdID.length, using: &random)
    while chosen == nil, try storage.household(id) != nil {
      id = .random(length: HouseholdID.length, using: &random)
    }
    let household = try HouseholdRules.create(
      id: id, name: name, timeZone: timeZone, creator: actor, displayName: displayName,
      creatorHousehold: before.actorHousehold, now: now)
    // NB: a store that hides other households from the actor (PostgreSQL's policies) refuses
    // a taken id when it writes the household (`BackendStorage.putHousehold`), in these words.
    if let chosen {
      guard HouseholdID.isWellFormed(chosen, length: HouseholdID.length),
        try storage.household(chosen) == nil
      else { throw TeammateError.householdIDTaken(chosen) }
    }
    try check(.createHousehold, actor, before)
    try check(.writeMember(id, member: actor, via: .creation), actor, before)
    try check(.writeAccountHousehold(actor, household: id, via: .creation), actor, before)
    let invite = try freshInvite(for: household, by: actor, in: storage, now: now, random: &random)

    try storage.putHousehold(household)
    try storage.setHouseholdID(id, of: actor)
    try storage.putInvite(invite)
    try record(
      .householdCreated, in: id, by: actor, now: now, household: household, storage: &storage)
    return HouseholdCreation(household: household, invite: try stored(invite, in: storage))
  }

  package static func household(
    _ id: HouseholdID, actor: AccountID, storage: some BackendStorage
  ) throws -> Household {
    try check(.readHousehold(id), actor, try state(of: actor, in: storage))
    return try existingHousehold(id, in: storage)
  }

  package static func updateHousehold(
    _ id: HouseholdID, name: String?, timeZone: String?, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws -> Household {
    try check(.updateHousehold(id), actor, try state(of: actor, in: storage))
    let household = try existingHousehold(id, in: storage)
    let updated = try HouseholdRules.update(household, name: name, timeZone: timeZone)
    guard updated != household else { return household }
    try storage.putHousehold(updated)
    try record(
      .householdUpdated, in: id, by: actor, now: now, household: updated, storage: &storage)
    return updated
  }

  package static func updateMember(
    in id: HouseholdID, displayName: String?, settings: NotificationSettings?, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws -> Household {
    try check(.updateMember(id, member: actor), actor, try state(of: actor, in: storage))
    let household = try existingHousehold(id, in: storage)
    let updated = try HouseholdRules.updateMember(
      household, account: actor, displayName: displayName, settings: settings)
    guard updated != household else { return household }
    try storage.putHousehold(updated)
    try record(.memberUpdated, in: id, by: actor, now: now, household: updated, storage: &storage)
    return updated
  }

  /// Leaving also revokes the household's invite: nobody may join a household behind the
  /// back of the member who stays.
  /// A member leaves; the last one only when deleting the household, which removes it, its
  /// cards, its invite and its feed at once.
  package static func leaveHousehold(
    _ id: HouseholdID, deletingHousehold: Bool, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws {
    let before = try state(of: actor, in: storage)
    try check(.writeMember(id, member: actor, via: .leaving), actor, before)
    try check(.writeAccountHousehold(actor, household: id, via: .leaving), actor, before)
    try depart(
      id, as: .memberLeft, deletingHousehold: deletingHousehold, actor: actor,
      storage: &storage, now: now)
    try storage.setHouseholdID(nil, of: actor)
  }

  /// The actor's account erased (AC-PORT-06): out of its household as a member leaves (the
  /// last one only when deleting it), the partner told by an `accountErased` change, and then
  /// every trace of the account the storage keeps erased or named the former member's.
  package static func eraseAccount(
    deletingHousehold: Bool, actor: AccountID, storage: inout some BackendStorage, now: Date
  ) throws {
    guard actor != Erasure.formerMember else { throw TeammateError.accessDenied(.notSignedIn) }
    // NB: a household it moved away from names it no more either (AC-PORT-26).
    try storage.unmark(actor)
    guard let id = try storage.householdID(of: actor) else {
      try storage.erase(actor, in: nil)
      return try storage.eraseRecords(actor, in: nil)
    }
    let stays = try depart(
      id, as: .accountErased, deletingHousehold: deletingHousehold, actor: actor,
      storage: &storage, now: now)
    // NB: the account's own link goes with the rest, last (as in `depart`).
    try storage.erase(actor, in: stays ? id : nil)
    try storage.eraseRecords(actor, in: stays ? id : nil)
  }

  /// The actor out of the household as a member goes, told to the partner as `kind`: the last
  /// member only when deleting it, which removes it whole; otherwise its invite revoked and
  /// its document without them. Whether the household stays. The actor's own link is the
  /// caller's to remove, last: a store that checks rows against their author's household
  /// (PostgreSQL's row-level security) sees a member until then.
  @discardableResult
  private static func depart(
    _ id: HouseholdID, as kind: ChangeKind, deletingHousehold: Bool, actor: AccountID,
    storage: inout some BackendStorage, now: Date
  ) throws -> Bool {
    let updated = try HouseholdRules.leave(
      try existingHousehold(id, in: storage), account: actor,
      deletingHousehold: deletingHousehold)
    if updated.members.isEmpty {
      try storage.deleteHousehold(id)
      try storage.forgetRecords(of: id)
      return false
    }
    try revokeInvite(of: id, storage: &storage)
    try storage.putHousehold(updated)
    try record(kind, in: id, by: actor, now: now, household: updated, storage: &storage)
    return true
  }

  /// The household's live invite, if any, gone: nobody joins it behind its members' backs.
  static func revokeInvite(of id: HouseholdID, storage: inout some BackendStorage) throws {
    if let code = try storage.inviteCode(of: id) { try storage.deleteInvite(code) }
  }
}
