import Foundation
import TeammateKit

/// Households, memberships and invites, as the rules ask for them.
extension PostgresStorage {
  public func household(_ id: HouseholdID) throws -> Household? {
    if let known, known.id == id {
      if let written = known.written { return written }
      // NB: decoded only when the rules ask for it: a pull or a write sent again never do.
      if let stored = known.stored {
        return try decoded(Household.self, stored)
      }
    }
    return try document(
      Household.self, "body", of: "SELECT body FROM households WHERE id = \(id.rawValue)")
  }

  /// NB: an update, else an insert: an upsert would hold a new household to the policy for
  /// reading it, which its creator does not pass until they are its member. The household
  /// the transaction found is known to be there. An id taken by a household the policies
  /// hide (a device naming one it made, AC-OFF-12) inserts nothing, and is refused.
  public mutating func putHousehold(_ household: Household) throws {
    let body = try json(household)
    if let known, known.id == household.id, known.written != nil || known.stored != nil {
      self.known?.written = household
      self.known?.stored = body
      connection.later("UPDATE households SET body = \(body) WHERE id = \(household.id.rawValue)")
      return
    }
    let updated = try connection.query(
      "UPDATE households SET body = \(body) WHERE id = \(household.id.rawValue) RETURNING id")
    guard updated.count == 0 else { return }
    let inserted = try connection.query(
      "SELECT teammate_make_household(\(household.id.rawValue), \(body)) AS made")
    guard try inserted.text(0, "made") == "t" else {
      throw TeammateError.householdIDTaken(household.id)
    }
  }

  public func householdID(of account: AccountID) throws -> HouseholdID? {
    if let known, known.account == account { return known.id }
    let rows = try connection.query(Self.membership(of: account))
    return rows.count == 0 ? nil : HouseholdID(try rows.text(0, "household_id"))
  }

  public mutating func setHouseholdID(_ household: HouseholdID?, of account: AccountID) throws {
    if known?.account == account, known?.id != household {
      known = KnownHousehold(account: account, id: household)
    }
    guard let household else {
      // NB: a device deletes through the database's functions only (schema 14, ADR 0019).
      connection.later("SELECT teammate_leave(\(account.rawValue))")
      return
    }
    connection.later(
      """
      INSERT INTO account_households (account, household_id)
      VALUES (\(account.rawValue), \(household.rawValue))
      ON CONFLICT (account) DO UPDATE SET household_id = excluded.household_id
      """)
  }

  /// NB: an invite of another household is read through `teammate_invite`, by its exact
  /// code, once the backend has counted the code (`teammate_guess`); the household it opens
  /// is the one this transaction may join.
  ///
  /// In a write, the household it opens is locked before the invite is read again: two
  /// accounts joining with one code take turns, and the second sees what the first left.
  public func invite(_ code: InviteCode) throws -> Invite? {
    let reading: PostgresQuery = "SELECT teammate_invite(\(code.rawValue)) AS body"
    guard let invite = try inviteDocument(reading) else { return nil }
    guard isWriting else { return invite }
    connection.later(
      "SELECT 1 FROM households WHERE id = \(invite.householdID.rawValue) FOR NO KEY UPDATE")
    return try inviteDocument(reading)
  }

  /// The invite `teammate_invite` answered, or nil for none.
  func inviteDocument(_ reading: PostgresQuery) throws -> Invite? {
    try connection.query(reading).optionalText(0, "body").map { try decoded(Invite.self, $0) }
  }

  public func inviteCode(of household: HouseholdID) throws -> InviteCode? {
    let rows = try connection.query(
      "SELECT code FROM invites WHERE household_id = \(household.rawValue)")
    return rows.count == 0 ? nil : InviteCode(rawValue: try rows.text(0, "code"))
  }

  /// NB: through `teammate_put_invite`, which keeps a household one invite and, for a device
  /// role, chooses a new invite's code itself (ADR 0014): the kit reads the invite back.
  public mutating func putInvite(_ invite: Invite) throws {
    connection.later(
      """
      SELECT teammate_put_invite(\(invite.code.rawValue), \(invite.householdID.rawValue),
        \(try json(invite)))
      """)
  }

  public mutating func deleteInvite(_ code: InviteCode) throws {
    connection.later("SELECT teammate_delete_invite(\(code.rawValue))")
  }

  /// A card of another household is answered with its household alone (every other field
  /// empty), so that the kit's access check, which comes next, words the refusal rather than
  /// the row-level policy, which hides the card.
  ///
}
