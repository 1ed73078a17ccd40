import Foundation

/// What every store offers the devices: the in-memory simulation and the SQLite file alike.
///
/// Every call names the acting account and is checked with `AccessPolicy` against the state
/// before the write. Every timestamp comes from the backend's own clock, never the device's.
/// A refused call changes nothing.
public protocol TeammateBackend: Sendable {
  // Accounts
  func householdID(of account: AccountID, as actor: AccountID) async throws -> HouseholdID?
  func linkCredential(_ credential: Credential, as actor: AccountID) async throws

  // Households
  func createHousehold(
    name: String, timeZone: String, displayName: String, as actor: AccountID
  ) async throws -> HouseholdCreation
  func household(_ id: HouseholdID, as actor: AccountID) async throws -> Household
  func updateHousehold(
    _ id: HouseholdID, name: String?, timeZone: String?, as actor: AccountID
  ) async throws -> Household
  func updateMember(
    in id: HouseholdID, displayName: String?, settings: NotificationSettings?,
    as actor: AccountID
  ) async throws -> Household
  /// Leaves the household; the last member must say they mean to delete it.
  func leaveHousehold(
    _ id: HouseholdID, deletingHousehold: Bool, as actor: AccountID
  ) async throws

  // Invites
  func issueInvite(for household: HouseholdID, as actor: AccountID) async throws -> Invite
  /// The household's live invite, if any: part of what its members may read.
  func liveInvite(for household: HouseholdID, as actor: AccountID) async throws -> Invite?
  /// One invite by its exact code; invites are never listed.
  func invite(code: String, as actor: AccountID) async throws -> Invite
  /// Consumes the invite and makes the actor a member, all or nothing.
  func join(code: String, displayName: String, as actor: AccountID) async throws -> Household

  // Cards
  func addCard(
    _ draft: CardDraft, to household: HouseholdID, as actor: AccountID
  ) async throws -> Card
  /// Adds several cards in one step: all of them, or none when any is refused.
  func addCards(
    _ drafts: [CardDraft], to household: HouseholdID, as actor: AccountID
  ) async throws -> [Card]
  func editCard(
    _ id: CardID, _ edit: CardEdit, as actor: AccountID
  ) async throws -> CardRules.EditOutcome
  func acknowledgeCard(_ id: CardID, revision: Int, as actor: AccountID) async throws -> Card
  /// Acknowledges each card at the revision seen: all of them, or none when any is refused.
  func acknowledgeCards(_ seen: [CardRevision], as actor: AccountID) async throws -> [Card]
  func setCardDone(_ id: CardID, done: Bool, as actor: AccountID) async throws -> Card
  /// Moves a repeating card on to its next occurrence without completing it.
  func skipCard(_ id: CardID, as actor: AccountID) async throws -> Card
  func deleteCard(_ id: CardID, as actor: AccountID) async throws -> Card
  /// Brings a deleted card back at a new revision; the partner must know it again.
  func restoreCard(_ id: CardID, as actor: AccountID) async throws -> Card
  /// Acknowledges, in one write, exactly what is pending for the actor at that moment.
  func acknowledgePending(in household: HouseholdID, as actor: AccountID) async throws -> [Card]
  func card(_ id: CardID, as actor: AccountID) async throws -> Card
  /// The cards pending for the actor (`AcknowledgementRules.pending`), oldest change first.
  func pendingCards(in household: HouseholdID, as actor: AccountID) async throws -> [Card]
  /// Every card of the household, deleted ones included, oldest first.
  func cards(in household: HouseholdID, as actor: AccountID) async throws -> [Card]

  // Offline writes
  /// Applies one write from a device's outbox at most once: a write whose id the backend has
  /// answered before is answered the same way again. A rule's refusal is an answer, not an
  /// error; a thrown error means the write may not have arrived, and the device sends it
  /// again.
  func submit(_ entry: OutboxEntry, as actor: AccountID) async throws -> WriteOutcome
  /// The answer the actor's write got, if it arrived: a device may ask instead of sending
  /// again, and a simulation checks with it that nothing was lost.
  func receipt(for write: WriteID, as actor: AccountID) async throws -> WriteOutcome?

  // Change feed
  /// The household's changes after `cursor`, oldest first, at most `limit`.
  func changes(
    in household: HouseholdID, after cursor: Int64, limit: Int, as actor: AccountID
  ) async throws -> [Change]
}

extension TeammateBackend {
  /// Leaves the household, which must keep another member.
  public func leaveHousehold(_ id: HouseholdID, as actor: AccountID) async throws {
    try await leaveHousehold(id, deletingHousehold: false, as: actor)
  }
}
