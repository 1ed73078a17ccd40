import Foundation
import TeammateKit

/// A backend's storage as an adopter would first write it: plain dictionaries, nothing
/// clever, only TeammateKit's public API. `plant` breaks it on purpose.
struct DictionaryStorage: BackendStorage, Sendable {
  /// A bug put in on purpose, to prove the contract finds it.
  enum Plant: String, Sendable, CaseIterable {
    /// Answers are never kept, so a write sent again applies again.
    case forgottenReceipt
    /// The feed read after a cursor starts one change early.
    case cursorOffByOne
    /// A meal's change is kept without the act it was: the news can only guess it.
    case forgottenActs
  }

  let plant: Plant?
  var households: [HouseholdID: Household] = [:]
  var memberships: [AccountID: HouseholdID] = [:]
  var invites: [InviteCode: Invite] = [:]
  var cards: [CardID: Card] = [:]
  var items: [String: ShoppingItem] = [:]
  var failures: [AccountID: [Date]] = [:]
  var credentials: [Credential: AccountID] = [:]
  var feed: [Change] = []
  var receipts: [String: (household: HouseholdID, outcome: WriteOutcome)] = [:]
  var lastSequence: Int64 = 0
  var moved: [HouseholdID: (location: String, members: [AccountID])] = [:]
  var currentWrite: WriteContext?

  init(plant: Plant?) { self.plant = plant }

  func household(_ id: HouseholdID) -> Household? { households[id] }
  mutating func putHousehold(_ household: Household) { households[household.id] = household }

  func householdID(of account: AccountID) -> HouseholdID? { memberships[account] }
  mutating func setHouseholdID(_ household: HouseholdID?, of account: AccountID) {
    memberships[account] = household
  }

  func invite(_ code: InviteCode) -> Invite? { invites[code] }
  func inviteCode(of household: HouseholdID) -> InviteCode? {
    invites.values.first { $0.householdID == household }?.code
  }
  mutating func putInvite(_ invite: Invite) {
    invites = invites.filter { $0.value.householdID != invite.householdID }
    invites[invite.code] = invite
  }
  mutating func deleteInvite(_ code: InviteCode) { invites[code] = nil }

  func card(_ id: CardID) -> Card? { cards[id] }
  func cards(in household: HouseholdID) -> [Card] {
    cards.values.filter { $0.householdID == household }
      .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
  }
  mutating func putCard(_ card: Card) { cards[card.id] = card }

  func item(_ id: ItemID, in household: HouseholdID) -> ShoppingItem? {
    items[household.rawValue + "/" + id.rawValue]
  }
  func items(on list: ListID, in household: HouseholdID) -> [ShoppingItem] {
    items.values.filter { $0.householdID == household && $0.listID == list }
      .sorted { ($0.addedAt, $0.id) < ($1.addedAt, $1.id) }
  }
  mutating func putItem(_ item: ShoppingItem) {
    items[item.householdID.rawValue + "/" + item.id.rawValue] = item
  }

  func failedJoins(of account: AccountID) -> [Date] { failures[account] ?? [] }
  func failedJoins(after date: Date) -> [Date] {
    failures.values.joined().filter { $0 > date }.sorted()
  }
  mutating func recordFailedJoin(of account: AccountID, at date: Date) {
    failures[account, default: []].append(date)
  }
  mutating func forgetFailedJoins(of account: AccountID, through date: Date) {
    failures[account]?.removeAll { $0 <= date }
  }

  func credentialOwner(_ credential: Credential) -> AccountID? { credentials[credential] }
  mutating func link(_ credential: Credential, to account: AccountID) {
    credentials[credential] = account
  }

  mutating func deleteHousehold(_ id: HouseholdID) {
    households[id] = nil
    memberships = memberships.filter { $0.value != id }
    invites = invites.filter { $0.value.householdID != id }
    cards = cards.filter { $0.value.householdID != id }
    items = items.filter { $0.value.householdID != id }
    feed.removeAll { $0.householdID == id }
    receipts = receipts.filter { $0.value.household != id }
  }

  mutating func markMoved(_ household: HouseholdID, to location: String, members: [AccountID]) {
    moved[household] = (location, members)
    memberships = memberships.filter { !(members.contains($0.key) && $0.value == household) }
  }

  mutating func unmark(_ account: AccountID) {
    moved = moved.mapValues { ($0.location, $0.members.filter { $0 != account }) }
  }

  func movedHousehold(of account: AccountID) -> (household: HouseholdID, location: String)? {
    moved.filter { $0.value.members.contains(account) }.min { $0.key < $1.key }
      .map { ($0.key, $0.value.location) }
  }

  func movedLocation(of household: HouseholdID, for account: AccountID) -> String? {
    moved[household].flatMap { $0.members.contains(account) ? $0.location : nil }
  }

  mutating func erase(_ account: AccountID, in household: HouseholdID?) throws {
    credentials = credentials.filter { $0.value != account }
    failures[account] = nil
    memberships[account] = nil
    receipts = receipts.filter { $0.key.split(separator: " ")[1] != account.rawValue[...] }
    guard let id = household else { return }
    households[id] = try households[id].map { try Erasure.erasing(account, in: $0) }
    for (key, card) in cards where card.householdID == id {
      cards[key] = try Erasure.erasing(account, in: card)
    }
    for (key, item) in items where item.householdID == id {
      items[key] = try Erasure.erasing(account, in: item)
    }
    feed = try feed.map { $0.householdID == id ? try Erasure.erasing(account, in: $0) : $0 }
    for (key, receipt) in receipts where receipt.household == id {
      receipts[key]?.outcome = try Erasure.erasing(account, in: receipt.outcome)
    }
  }

  mutating func appendChange(_ change: Change) -> Change {
    var stamped = change
    lastSequence += 1
    stamped.sequence = lastSequence
    if plant == .forgottenActs { stamped.mealAct = nil }
    feed.append(stamped)
    return stamped
  }

  func changes(in household: HouseholdID, after cursor: Int64, limit: Int) -> [Change] {
    let from = plant == .cursorOffByOne ? cursor - 1 : cursor
    return Array(feed.filter { $0.householdID == household && $0.sequence > from }.prefix(limit))
  }

  func receipt(for write: WriteID, of account: AccountID, in household: HouseholdID)
    -> WriteOutcome?
  {
    receipts["\(household.rawValue) \(account.rawValue) \(write.rawValue)"]?.outcome
  }

  mutating func putReceipt(
    _ outcome: WriteOutcome, for write: WriteID, of account: AccountID,
    in household: HouseholdID
  ) {
    guard plant != .forgottenReceipt else { return }
    receipts["\(household.rawValue) \(account.rawValue) \(write.rawValue)"] = (household, outcome)
  }

  mutating func forgetReceipts(
    _ writes: [WriteID], of account: AccountID, in household: HouseholdID
  ) {
    for write in writes {
      receipts["\(household.rawValue) \(account.rawValue) \(write.rawValue)"] = nil
    }
  }
}
