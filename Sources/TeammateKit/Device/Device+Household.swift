import Foundation

/// Household life through the device: making a household, inviting, joining, linking a
/// sign-in and reading the live invite. A household is made through the outbox like any write,
/// so it may wait offline (`makeHousehold`); the rest need the backend (a household is joined
/// where the partner can reach it), so offline each is refused with
/// `TeammateError.unavailable`, and the device follows what it made or joined at once.
extension Device {
  /// Makes a household with this account its first member, and an invite for the partner;
  /// the device follows it from now on. It needs the backend, for the invite: offline,
  /// `makeHousehold` makes it all the same.
  public func createHousehold(name: String, timeZone: String, displayName: String) async throws
    -> HouseholdCreation
  {
    try await inTurn {
      guard isOnline else { throw TeammateError.unavailable }
      let household = try await makeHouseholdNow(
        name: name, timeZone: timeZone, displayName: displayName)
      guard let invite = try await backend.liveInvite(for: household.id, as: account) else {
        throw TeammateError.householdNotFound(household.id)
      }
      return HouseholdCreation(household: household, invite: invite)
    }
  }

  /// Makes a household with this account its first member, online or not (AC-DEV-19): it
  /// goes through the outbox under an id this device makes, and the device shows it, and
  /// what is written in it, at once. Online it is sent at once; offline it waits for the next
  /// `sync`. The partner's invite is read with `liveInvite()` once it has landed.
  public func makeHousehold(name: String, timeZone: String, displayName: String) async throws
    -> Household
  {
    try await inTurn {
      try await makeHouseholdNow(name: name, timeZone: timeZone, displayName: displayName)
    }
  }

  private func makeHouseholdNow(name: String, timeZone: String, displayName: String)
    async throws -> Household
  {
    if let followed = state.householdID {
      // NB: a household the account has left since, on another device, is let go of.
      guard isOnline, !householdWaits,
        try await backend.householdID(of: account, as: account) == nil
      else { throw TeammateError.alreadyInHousehold(followed) }
      try await flush()
      try await forgetHousehold()
    }
    let id = HouseholdID.random(length: HouseholdID.length, using: &random)
    let write = DeviceWrite.createHousehold(
      name: name, timeZone: timeZone, displayName: displayName)
    let outcome = try await make(write, in: id)
    if case .applied(_, let household?, _, _) = outcome {
      _ = try await pullAndPlan()
      return household
    }
    guard let household = view.household else { throw TeammateError.notInHousehold(account) }
    return household
  }

  /// Joins the partner's household with the invite code they gave; the device follows it
  /// from now on.
  public func join(code: String, displayName: String) async throws -> Household {
    try await inTurn {
      guard isOnline else { throw TeammateError.unavailable }
      let household = try await backend.join(code: code, displayName: displayName, as: account)
      try await follow(household.id)
      return household
    }
  }

  /// Issues a new invite for the partner; any earlier code stops working.
  public func issueInvite() async throws -> Invite {
    try await inTurn {
      guard isOnline else { throw TeammateError.unavailable }
      if householdWaits { try await flush() }
      return try await backend.issueInvite(for: try await householdID(), as: account)
    }
  }

  /// The household's live invite, if any: a read, which keeps nothing.
  public func liveInvite() async throws -> Invite? {
    try await waitTurn { () async throws -> Invite? in
      guard isOnline else { throw TeammateError.unavailable }
      // NB: a household still waiting to be made has no invite yet.
      guard !householdWaits else { return nil }
      return try await backend.liveInvite(for: try await householdID(), as: account)
    }
  }

  /// Links a named sign-in to this account: its uid, household and cards stay the same.
  public func linkCredential(_ credential: Credential) async throws {
    try await inTurn {
      guard isOnline else { throw TeammateError.unavailable }
      try await backend.linkCredential(credential, as: account)
    }
  }

  /// Lets go of any household the device followed and pulls `household`, what waited in
  /// the outbox sent first.
  func follow(_ household: HouseholdID) async throws {
    if state.householdID != household {
      try await flush()
      try await forgetHousehold()
      state.householdID = household
    }
    _ = try await pullAndPlan()
  }
}
