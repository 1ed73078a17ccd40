import Foundation
import TeammateKit

/// Every household's data in plain dictionaries: the storage behind `InMemoryBackend`.
public struct InMemoryStorage: BackendStorage, Sendable {
  var households: [HouseholdID: Household] = [:]
  var accountHouseholds: [AccountID: HouseholdID] = [:]
  var invites: [InviteCode: Invite] = [:]
  var currentInvite: [HouseholdID: InviteCode] = [:]
  var cardsByID: [CardID: Card] = [:]
  var cardOrder: [HouseholdID: [CardID]] = [:]
  var items: [HouseholdID: [ItemID: ShoppingItem]] = [:]
  /// Per household and list, the needed item of each folded text.
  var neededItems: [HouseholdID: [ListID: [String: ItemID]]] = [:]
  var failures: [AccountID: [Date]] = [:]
  var credentials: [Credential: AccountID] = [:]
  var feeds: [HouseholdID: [Change]] = [:]
  var receipts: [AccountID: [WriteID: (household: HouseholdID, outcome: WriteOutcome)]] = [:]
  /// The households moved elsewhere: where, and who their members were then.
  var moved: [HouseholdID: (location: String, members: [AccountID])] = [:]
  /// Every change of every household, in sequence order.
  private(set) var feed: [Change] = []
  /// The last sequence given out: never reused, even when a household's feed is deleted.
  private var lastSequence: Int64 = 0
  /// While a write runs (`begin()`), how to put back each thing it changed, newest last; nil
  /// otherwise. See `rollBack()`.
  private var undo: [@Sendable (inout InMemoryStorage) -> Void]?

  /// Storage holding nothing.
  public init() {}

  /// Starts keeping how to put back what the write about to run changes.
  mutating func begin() { undo = [] }

  /// The write ran to its end: what it changed stays.
  mutating func commit() { undo = nil }

  /// The write threw: every entry it changed is put back as it was, newest first, so that a
  /// refusal found after a write leaves nothing half-written, as a store's rolled-back
  /// transaction does (AC-STORE-24).
  ///
  /// NB: entries, not a copy of the whole storage: a copy kept beside the dictionaries made
  /// every write copy each one it touched, every card of every household.
  mutating func rollBack() {
    let steps = undo ?? []
    undo = nil
    for step in steps.reversed() { step(&self) }
  }

  /// Keeps `step` to put back a change about to be made, while a write runs.
  private mutating func keep(_ step: @escaping @Sendable (inout InMemoryStorage) -> Void) {
    undo?.append(step)
  }

  /// Keeps the entry `key` of the dictionary at `table` as it is, there or not.
  private mutating func keep<Key: Hashable & Sendable, Value: Sendable>(
    _ table: WritableKeyPath<InMemoryStorage, [Key: Value]> & Sendable, _ key: Key
  ) {
    let old = self[keyPath: table][key]
    keep { $0[keyPath: table][key] = old }
  }

  /// Keeps the whole storage as it is, for the rare write that changes too much to name
  /// (deleting, moving, erasing): the writes after it in the same call copy what they touch.
  private mutating func keepAll() {
    guard undo != nil else { return }
    var copy = self
    copy.undo = nil
    let before = copy
    keep { storage in
      let steps = storage.undo
      storage = before
      storage.undo = steps
    }
  }

  public func household(_ id: HouseholdID) -> Household? { households[id] }
  public mutating func putHousehold(_ household: Household) {
    keep(\.households, household.id)
    households[household.id] = household
  }

  public func householdID(of account: AccountID) -> HouseholdID? { accountHouseholds[account] }
  public mutating func setHouseholdID(_ household: HouseholdID?, of account: AccountID) {
    keep(\.accountHouseholds, account)
    accountHouseholds[account] = household
  }

  public func invite(_ code: InviteCode) -> Invite? { invites[code] }
  public func inviteCode(of household: HouseholdID) -> InviteCode? { currentInvite[household] }
  public mutating func putInvite(_ invite: Invite) {
    keep(\.invites, invite.code)
    keep(\.currentInvite, invite.householdID)
    invites[invite.code] = invite
    currentInvite[invite.householdID] = invite.code
  }
  public mutating func deleteInvite(_ code: InviteCode) {
    guard let invite = invites[code] else { return }
    keep(\.invites, code)
    keep(\.currentInvite, invite.householdID)
    invites[code] = nil
    if currentInvite[invite.householdID] == code { currentInvite[invite.householdID] = nil }
  }

  public func card(_ id: CardID) -> Card? { cardsByID[id] }
  public func cards(in household: HouseholdID) -> [Card] {
    (cardOrder[household] ?? []).compactMap { cardsByID[$0] }
  }
  public mutating func putCard(_ card: Card) {
    let old = cardsByID.updateValue(card, forKey: card.id)
    if old == nil { cardOrder[card.householdID, default: []].append(card.id) }
    keep {
      $0.cardsByID[card.id] = old
      if old == nil { $0.cardOrder[card.householdID]?.removeLast() }
    }
  }

  public func item(_ id: ItemID, in household: HouseholdID) -> ShoppingItem? {
    items[household]?[id]
  }
  public func items(on list: ListID, in household: HouseholdID) -> [ShoppingItem] {
    (items[household]?.values ?? [:].values).filter { $0.listID == list }
      .sorted { ($0.addedAt, $0.id) < ($1.addedAt, $1.id) }
  }
  public func neededItem(folding key: String, on list: ListID, in household: HouseholdID)
    -> ShoppingItem?
  {
    neededItems[household]?[list]?[key].flatMap { items[household]?[$0] }
  }
  public mutating func putItem(_ item: ShoppingItem) {
    let household = item.householdID
    let before = items[household]?[item.id]
    var places = [(item.listID, item.text.key)]
    if let before { places.append((before.listID, before.text.key)) }
    let needed = places.map { ($0, $1, neededItems[household]?[$0]?[$1]) }
    keep { storage in
      storage.items[household]?[item.id] = before
      for (list, key, id) in needed.reversed() {
        storage.neededItems[household, default: [:]][list, default: [:]][key] = id
      }
    }
    if let old = items[household]?[item.id],
      neededItems[household]?[old.listID]?[old.text.key] == old.id
    {
      neededItems[household]?[old.listID]?[old.text.key] = nil
    }
    items[household, default: [:]][item.id] = item
    if item.isNeeded {
      neededItems[household, default: [:]][item.listID, default: [:]][item.text.key] = item.id
    }
  }

  public func failedJoins(of account: AccountID) -> [Date] { failures[account] ?? [] }
  public func failedJoins(after date: Date) -> [Date] {
    failures.values.flatMap { $0.filter { $0 > date } }.sorted()
  }
  public mutating func recordFailedJoin(of account: AccountID, at date: Date) {
    keep(\.failures, account)
    failures[account, default: []].append(date)
  }
  public mutating func forgetFailedJoins(of account: AccountID, through date: Date) {
    keep(\.failures, account)
    failures[account]?.removeAll { $0 <= date }
  }

  public func credentialOwner(_ credential: Credential) -> AccountID? { credentials[credential] }
  public mutating func link(_ credential: Credential, to account: AccountID) {
    keep(\.credentials, credential)
    credentials[credential] = account
  }

  public mutating func deleteHousehold(_ id: HouseholdID) {
    keepAll()
    households[id] = nil
    accountHouseholds = accountHouseholds.filter { $0.value != id }
    invites = invites.filter { $0.value.householdID != id }
    currentInvite[id] = nil
    for card in cardOrder[id] ?? [] { cardsByID[card] = nil }
    cardOrder[id] = nil
    items[id] = nil
    neededItems[id] = nil
    feeds[id] = nil
    feed.removeAll { $0.householdID == id }
    for account in receipts.keys {
      receipts[account] = receipts[account]?.filter { $0.value.household != id }
    }
  }

  public mutating func markMoved(
    _ household: HouseholdID, to location: String, members: [AccountID]
  ) {
    keepAll()
    moved[household] = (location, members)
    for member in members where accountHouseholds[member] == household {
      accountHouseholds[member] = nil
    }
  }

  public func movedHousehold(of account: AccountID) -> (household: HouseholdID, location: String)? {
    moved.filter { $0.value.members.contains(account) }.min { $0.key < $1.key }
      .map { ($0.key, $0.value.location) }
  }

  public mutating func unmark(_ account: AccountID) {
    keepAll()
    moved = moved.mapValues { ($0.location, $0.members.filter { $0 != account }) }
  }

  public func movedLocation(of household: HouseholdID, for account: AccountID) -> String? {
    guard let mark = moved[household], mark.members.contains(account) else { return nil }
    return mark.location
  }

  public mutating func erase(_ account: AccountID, in household: HouseholdID?) throws {
    keepAll()
    credentials = credentials.filter { $0.value != account }
    failures[account] = nil
    receipts[account] = nil
    accountHouseholds[account] = nil
    guard let id = household else { return }
    households[id] = try households[id].map { try Erasure.erasing(account, in: $0) }
    for card in cardOrder[id] ?? [] {
      cardsByID[card] = try cardsByID[card].map { try Erasure.erasing(account, in: $0) }
    }
    items[id] = try items[id].map { try Erasure.erasing(account, in: $0) }
    feeds[id] = try feeds[id].map { try Erasure.erasing(account, in: $0) }
    feed = try feed.map { $0.householdID == id ? try Erasure.erasing(account, in: $0) : $0 }
    for (other, kept) in receipts {
      for (write, receipt) in kept where receipt.household == id {
        receipts[other]?[write]?.outcome = try Erasure.erasing(account, in: receipt.outcome)
      }
    }
  }

  public mutating func appendChange(_ change: Change) -> Change {
    let (last, household) = (lastSequence, change.householdID)
    keep {
      $0.lastSequence = last
      $0.feed.removeLast()
      $0.feeds[household]?.removeLast()
    }
    var stamped = change
    lastSequence += 1
    stamped.sequence = lastSequence
    feed.append(stamped)
    feeds[stamped.householdID, default: []].append(stamped)
    return stamped
  }

  public func changes(in household: HouseholdID, after cursor: Int64, limit: Int) -> [Change] {
    let changes = feeds[household] ?? []
    // NB: sequences are increasing, so a binary search finds the first change after the cursor.
    var low = 0
    var high = changes.count
    while low < high {
      let mid = (low + high) / 2
      if changes[mid].sequence <= cursor { low = mid + 1 } else { high = mid }
    }
    return Array(changes[low..<min(changes.count, low + limit)])
  }

  public func changes(
    ofCard id: CardID, in household: HouseholdID, afterRevision revision: Int
  ) -> [Change] {
    (feeds[household] ?? []).filter { $0.card?.id == id && ($0.card?.revision ?? 0) > revision }
  }

  public func receipt(for write: WriteID, of account: AccountID, in household: HouseholdID)
    -> WriteOutcome?
  {
    receipts[account]?[write].flatMap { $0.household == household ? $0.outcome : nil }
  }

  public mutating func putReceipt(
    _ outcome: WriteOutcome, for write: WriteID, of account: AccountID,
    in household: HouseholdID
  ) {
    keepReceipt(write, of: account)
    receipts[account, default: [:]][write] = (household, outcome)
  }

  private mutating func keepReceipt(_ write: WriteID, of account: AccountID) {
    let old = receipts[account]?[write]
    keep { $0.receipts[account, default: [:]][write] = old }
  }

  public mutating func forgetReceipts(
    _ writes: [WriteID], of account: AccountID, in household: HouseholdID
  ) {
    for write in writes where receipts[account]?[write]?.household == household {
      keepReceipt(write, of: account)
      receipts[account]?[write] = nil
    }
  }

  /// Changes of any household after `sequence`: what the backend has yet to push.
  func feed(after sequence: Int64) -> ArraySlice<Change> {
    feed.drop { $0.sequence <= sequence }
  }
}
