import Foundation

/// The storage primitives a backend offers inside one atomic unit of work.
///
/// `BackendOperations` holds every rule of every backend call and speaks only this protocol,
/// so the in-memory and SQLite backends differ in storage alone. Reads may be repeated;
/// writes happen only after every check has passed.
public protocol BackendStorage {
  func household(_ id: HouseholdID) throws -> Household?
  mutating func putHousehold(_ household: Household) throws

  func householdID(of account: AccountID) throws -> HouseholdID?
  mutating func setHouseholdID(_ household: HouseholdID?, of account: AccountID) throws

  func invite(_ code: InviteCode) throws -> Invite?
  /// The code of the household's current invite (a household keeps at most one).
  func inviteCode(of household: HouseholdID) throws -> InviteCode?
  /// Stores the invite under its code; it becomes its household's current invite.
  mutating func putInvite(_ invite: Invite) throws
  mutating func deleteInvite(_ code: InviteCode) throws

  func card(_ id: CardID) throws -> Card?
  func cards(in household: HouseholdID) throws -> [Card]
  /// At least the cards pending for `viewer` (more is allowed: the rules filter again), so
  /// that a store can narrow a large household before decoding it.
  func cardsMaybePending(in household: HouseholdID, for viewer: AccountID) throws -> [Card]
  mutating func putCard(_ card: Card) throws

  func failedJoins(of account: AccountID) throws -> [Date]
  /// Every account's failed joins after `date`, for the store-wide budget.
  func failedJoins(after date: Date) throws -> [Date]
  mutating func recordFailedJoin(of account: AccountID, at date: Date) throws
  /// Drops failures at or before `date`, which the limit no longer counts.
  mutating func forgetFailedJoins(of account: AccountID, through date: Date) throws

  func credentialOwner(_ credential: Credential) throws -> AccountID?
  mutating func link(_ credential: Credential, to account: AccountID) throws

  /// Removes the household with its cards, its invite and its feed.
  mutating func deleteHousehold(_ id: HouseholdID) throws

  /// Appends a change, giving it the next sequence number.
  mutating func appendChange(_ change: Change) throws -> Change
  func changes(in household: HouseholdID, after cursor: Int64, limit: Int) throws -> [Change]
  /// One card's changes whose card is at a revision after `revision`, oldest first: what an
  /// edit made on that revision did not see.
  func changes(
    ofCard id: CardID, in household: HouseholdID, afterRevision revision: Int
  ) throws -> [Change]

  /// The answer a device's write got the first time it arrived, kept with its household.
  func receipt(for write: WriteID, of account: AccountID) throws -> WriteOutcome?
  mutating func putReceipt(
    _ outcome: WriteOutcome, for write: WriteID, of account: AccountID,
    in household: HouseholdID
  ) throws

  /// The device write being applied: each change appended meanwhile names it and is kept
  /// here, so that the answer carries them.
  var currentWrite: WriteContext? { get set }
}

extension BackendStorage {
  public func cardsMaybePending(in household: HouseholdID, for viewer: AccountID) throws -> [Card] {
    try cards(in: household)
  }
}
