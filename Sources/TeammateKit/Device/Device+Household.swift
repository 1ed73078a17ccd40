import Foundation

/// Household life through the device: making a household, inviting, joining, linking a
/// sign-in and reading the live invite. Each needs the backend (a household is made and
/// joined where the partner can reach it), so offline each is refused with
/// `TeammateError.unavailable`, and the device follows what it made or joined at once.
extension Device {
  /// Makes a household with this account its first member, and an invite for the partner;
  /// the device follows it from now on.
  public func createHousehold(name: String, timeZone: String, displayName: String) async throws
    -> HouseholdCreation
  {
    try await inTurn {
      guard isOnline else { throw TeammateError.unavailable }
      let creation = try await backend.createHousehold(
        name: name, timeZone: timeZone, displayName: displayName, as: account)
      try await follow(creation.household.id)
      return creation
    }
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
      return try await backend.issueInvite(for: try await householdID(), as: account)
    }
  }

  /// The household's live invite, if any: a read, which keeps nothing.
  public func liveInvite() async throws -> Invite? {
    try await waitTurn { () async throws -> Invite? in
      guard isOnline else { throw TeammateError.unavailable }
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
