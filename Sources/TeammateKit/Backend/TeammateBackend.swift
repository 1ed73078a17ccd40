import Foundation

/// What a device needs of a store, and nothing else: fourteen calls an app team can implement
/// over its own persistence (`TransactionalBackend` gives all of them over a `BackendStorage`).
///
/// Every call names the acting account and is checked with `AccessPolicy` against the state
/// before the write. Every timestamp comes from the backend's own clock, never the device's.
/// A refused call throws a `TeammateError` and changes nothing; any other error means the
/// call may not have arrived.
public protocol TeammateBackend: Sendable {
  // MARK: Accounts

  /// The household `account` is a member of, if any; an actor may ask only of itself.
  func householdID(of account: AccountID, as actor: AccountID) async throws -> HouseholdID?

  /// Links a sign-in credential to the actor's account; a credential belongs to one account,
  /// and linking it to another is refused.
  func linkCredential(_ credential: Credential, as actor: AccountID) async throws

  // MARK: Households

  /// Makes a household with the actor as its first member and issues its first invite,
  /// stamped at server time. Refused when the actor is in a household already.
  func createHousehold(
    name: String, timeZone: String, displayName: String, as actor: AccountID
  ) async throws -> HouseholdCreation

  /// The household, for its members only.
  func household(_ id: HouseholdID, as actor: AccountID) async throws -> Household

  /// Leaves the household; the last member must say they mean to delete it, which removes
  /// its cards, its invite and its feed.
  func leaveHousehold(
    _ id: HouseholdID, deletingHousehold: Bool, as actor: AccountID
  ) async throws

  /// Erases the actor's account (AC-PORT-06): its credentials, receipts and failed joins go;
  /// a household it shared keeps what it wrote, by `Erasure.formerMember`, and the partner is
  /// told; a household it is alone in is removed too, only when `deletingHousehold` says so.
  func eraseAccount(deletingHousehold: Bool, as actor: AccountID) async throws

  // MARK: Invites

  /// Issues a fresh one-time invite (the old one stops working), for a household with room.
  func issueInvite(for household: HouseholdID, as actor: AccountID) async throws -> Invite

  /// The household's live invite, if any: part of what its members may read.
  func liveInvite(for household: HouseholdID, as actor: AccountID) async throws -> Invite?

  /// One invite by its exact code; invites are never listed. A wrong code counts against the
  /// actor's join attempts, as in `join`.
  func invite(code: String, as actor: AccountID) async throws -> Invite

  /// Consumes the invite and makes the actor a member, all or nothing; a wrong code counts
  /// against the actor's attempts (`JoinAttemptLimit`).
  func join(code: String, displayName: String, as actor: AccountID) async throws -> Household

  // MARK: Reads

  /// Every card of the household, deleted ones included, oldest first; members only.
  func cards(in household: HouseholdID, as actor: AccountID) async throws -> [Card]

  /// The household's changes after `cursor`, oldest first, at most `limit`; members only.
  func changes(
    in household: HouseholdID, after cursor: Int64, limit: Int, as actor: AccountID
  ) async throws -> [Change]

  // MARK: Writes

  /// Applies one write from a device's outbox at most once, at server time: a write whose id
  /// the backend has answered before is answered the same way again. A rule's refusal is an
  /// answer (`WriteOutcome.refused`), kept like a success and leaving nothing else written;
  /// a thrown error means the write may not have arrived, and the device sends it again.
  func submit(_ entry: OutboxEntry, as actor: AccountID) async throws -> WriteOutcome

  /// The answer the actor's write to `household` got, if it arrived: a device may ask
  /// instead of sending again, and a simulation checks with it that nothing was lost. Only
  /// the actor's own.
  func receipt(for write: WriteID, in household: HouseholdID, as actor: AccountID) async throws
    -> WriteOutcome?
}

extension TeammateBackend {
  /// Leaves the household, which must keep another member.
  public func leaveHousehold(_ id: HouseholdID, as actor: AccountID) async throws {
    try await leaveHousehold(id, deletingHousehold: false, as: actor)
  }
}

/// A backend that can tell a device at once that its household changed (the optional part of
/// the seam: a device of a backend without it pulls when it syncs).
public protocol PushingBackend: TeammateBackend {
  /// The feed sequences of the household's changes as they are appended, for as long as the
  /// stream is held; members only. A signal names a sequence, never a card's content: the
  /// device pulls what it has not seen. Signals may come late, twice or out of order, and a
  /// stream that finishes means pushes stopped (the device pulls again when it syncs).
  func pushes(for household: HouseholdID, as actor: AccountID) async throws -> AsyncStream<Int64>
}
