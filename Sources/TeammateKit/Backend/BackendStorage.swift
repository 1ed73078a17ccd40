import Foundation

/// The storage primitives a backend offers inside one atomic unit of work.
///
/// The kit's backend operations hold every rule of every backend call and speak only this
/// protocol, so backends differ in storage alone. Reads may be repeated;
/// writes happen only after every check has passed.
///
/// What has no table of its own in a small store (invites, failed joins, credentials,
/// receipts, the marks of moved households) may live in one generic record store instead:
/// a storage that implements `records(_:)`, `putRecord(_:)` and `deleteRecord(_:key:)` gets
/// every one of those calls by default (`BackendStorage+Records.swift`), and each capability
/// to come brings its storage the same way. A storage with a table of its own for one of them
/// implements that call itself.
public protocol BackendStorage {
  /// Every record of `kind` in the generic store, in no order. By default there is no record
  /// store: the calls built on it throw `StorageRecordsMissing`.
  func records(_ kind: String) throws -> [StorageRecord]
  /// Keeps `record`, replacing the one of its kind and key.
  mutating func putRecord(_ record: StorageRecord) throws
  /// Removes the record of `kind` and `key`; one that is not kept is no error.
  mutating func deleteRecord(_ kind: String, key: String) throws

  /// The household with this id, or nil if there is none (never made, or deleted).
  func household(_ id: HouseholdID) throws -> Household?
  /// Stores the household as it now is, under its id, adding it or replacing the old value.
  mutating func putHousehold(_ household: Household) throws

  /// The household the account belongs to; an account is in one household at most.
  func householdID(of account: AccountID) throws -> HouseholdID?
  /// Records which household the account belongs to now, or that it belongs to none (nil).
  mutating func setHouseholdID(_ household: HouseholdID?, of account: AccountID) throws

  /// The invite with this code, expired or not: the rules decide whether it still admits.
  func invite(_ code: InviteCode) throws -> Invite?
  /// The code of the household's current invite (a household keeps at most one).
  func inviteCode(of household: HouseholdID) throws -> InviteCode?
  /// Stores the invite under its code; it becomes its household's current invite.
  mutating func putInvite(_ invite: Invite) throws
  /// Removes the invite with this code; a code that is not stored is no error.
  mutating func deleteInvite(_ code: InviteCode) throws

  /// The card with this id, deleted ones included, in whichever household it is.
  func card(_ id: CardID) throws -> Card?
  /// Whether a card of any household has this id: a new card's must not. By default,
  /// whether `card(id)` finds one; a store across a network may answer at once and check
  /// with its commit instead, failing the write if the id was taken after all.
  func isCardIDTaken(_ id: CardID) throws -> Bool
  /// Every card of the household, deleted ones included, oldest first (by creation, then id).
  func cards(in household: HouseholdID) throws -> [Card]
  /// At least the cards pending for `viewer` (more is allowed: the rules filter again), so
  /// that a store can narrow a large household before decoding it.
  func cardsMaybePending(in household: HouseholdID, for viewer: AccountID) throws -> [Card]
  /// Stores the card as it now is, adding it or replacing the old revision.
  mutating func putCard(_ card: Card) throws

  /// The shopping list item with this id in the household, cleared ones included.
  func item(_ id: ItemID, in household: HouseholdID) throws -> ShoppingItem?
  /// Every item of one of the household's lists, cleared ones included, oldest first (by
  /// when it was added, then id).
  func items(on list: ListID, in household: HouseholdID) throws -> [ShoppingItem]
  /// The needed item of the list whose text folds to `key` (`ItemText.key`): there is one
  /// at most. By default the list is read for it; a store with an index on the folded text
  /// finds it without.
  func neededItem(folding key: String, on list: ListID, in household: HouseholdID) throws
    -> ShoppingItem?
  /// Stores the item as it now is, adding it or replacing the old revision.
  mutating func putItem(_ item: ShoppingItem) throws

  /// When the account tried an invite code that admitted nothing, oldest first.
  func failedJoins(of account: AccountID) throws -> [Date]
  /// Every account's failed joins after `date`, for the store-wide budget.
  func failedJoins(after date: Date) throws -> [Date]
  /// Remembers that the account tried a wrong invite code at `date`.
  mutating func recordFailedJoin(of account: AccountID, at date: Date) throws
  /// Drops failures at or before `date`, which the limit no longer counts.
  mutating func forgetFailedJoins(of account: AccountID, through date: Date) throws

  /// The account a sign-in credential is linked to, if any.
  func credentialOwner(_ credential: Credential) throws -> AccountID?
  /// Links a sign-in credential to an account; the rules have checked it is free.
  mutating func link(_ credential: Credential, to account: AccountID) throws

  /// Removes the household with its cards, its list items, its invite and its feed.
  mutating func deleteHousehold(_ id: HouseholdID) throws

  /// Erases `account` (AC-PORT-06): its credentials, failed joins, receipts and the link to its
  /// household go, and in `household` (the one it has just left, nil for none) every
  /// document — the household, its cards, items, feed, invite and the partner's receipts —
  /// names `Erasure.formerMember` wherever it named the account (`Erasure.erasing`).
  mutating func erase(_ account: AccountID, in household: HouseholdID?) throws

  /// Marks the household moved to `location` (AC-PORT-12): its `members` are no longer linked
  /// to it here, so that every call on it is refused, and the mark keeps who they were.
  mutating func markMoved(_ household: HouseholdID, to location: String, members: [AccountID])
    throws
  /// Where the household moved, for `account`, one of the members it had then; nil for a
  /// household that has not moved, and for anyone else.
  func movedLocation(of household: HouseholdID, for account: AccountID) throws -> String?
  /// A household marked moved while `account` was one of its members (the first by id, when
  /// it was in more than one), and where it went; nil for an account no moved household had
  /// (AC-PORT-19).
  func movedHousehold(of account: AccountID) throws -> (household: HouseholdID, location: String)?
  /// Takes an erased `account` off every mark that lists it (AC-PORT-26): asked, it is in no
  /// household, and no mark names it. The default keeps the marks as they are: a storage
  /// that keeps marks implements it to pass the conformance check (added in 2.0.0 with a
  /// default, so that an adopter's storage still compiles).
  mutating func unmark(_ account: AccountID) throws

  /// Appends a change, giving it the next sequence number.
  mutating func appendChange(_ change: Change) throws -> Change
  /// At most `limit` of the household's changes whose sequence is after `cursor`, in sequence
  /// order: a device pages through the feed with them.
  func changes(in household: HouseholdID, after cursor: Int64, limit: Int) throws -> [Change]
  /// One card's changes whose card is at a revision after `revision`, oldest first: what an
  /// edit made on that revision did not see. By default the household's feed is read for
  /// them; a store with an index by card finds them without.
  func changes(
    ofCard id: CardID, in household: HouseholdID, afterRevision revision: Int
  ) throws -> [Change]

  /// The answer a device's write to `household` got the first time it arrived: receipts are
  /// kept by household, so that each lives where the household's rows do.
  func receipt(for write: WriteID, of account: AccountID, in household: HouseholdID) throws
    -> WriteOutcome?
  /// Keeps the answer to an account's write, so that the write sent again gets it again.
  mutating func putReceipt(
    _ outcome: WriteOutcome, for write: WriteID, of account: AccountID,
    in household: HouseholdID
  ) throws
  /// Forgets the answers to an account's writes to `household` that the device which sent
  /// them says it holds: nobody can ask for them again, so that receipts do not grow with
  /// every write.
  mutating func forgetReceipts(
    _ writes: [WriteID], of account: AccountID, in household: HouseholdID
  ) throws
}

extension BackendStorage {
  public func isCardIDTaken(_ id: CardID) throws -> Bool { try card(id) != nil }

  public func cardsMaybePending(in household: HouseholdID, for viewer: AccountID) throws -> [Card] {
    try cards(in: household)
  }

  /// Reads the list for it; a store with an index on the folded text answers without.
  public func neededItem(folding key: String, on list: ListID, in household: HouseholdID)
    throws -> ShoppingItem?
  {
    try items(on: list, in: household).first { $0.isNeeded && $0.text.key == key }
  }

  /// Reads the household's feed for them, a page at a time; a store with an index by card
  /// answers without.
  public func changes(
    ofCard id: CardID, in household: HouseholdID, afterRevision revision: Int
  ) throws -> [Change] {
    var found: [Change] = []
    var cursor: Int64 = 0
    while true {
      let page = try changes(in: household, after: cursor, limit: 1_000)
      found += page.filter { $0.card?.id == id && ($0.card?.revision ?? 0) > revision }
      guard page.count == 1_000, let last = page.last?.sequence, last > cursor else {
        return found
      }
      cursor = last
    }
  }
}
