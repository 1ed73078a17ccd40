import Foundation
import TeammateKit

/// A backend's storage as an adopter would first write it: plain dictionaries, nothing
/// clever, only TeammateKit's public API; what has no table of its own (invites, failed
/// joins, credentials, receipts, the marks of moved households) in the kit's generic record
/// store, every call on them the kit's default. `plant` breaks it on purpose.
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
  var cards: [CardID: Card] = [:]
  var items: [String: ShoppingItem] = [:]
  var feed: [Change] = []
  var lastSequence: Int64 = 0
  var records: [String: StorageRecord] = [:]

  init(plant: Plant?) { self.plant = plant }

  func household(_ id: HouseholdID) -> Household? { households[id] }
  mutating func putHousehold(_ household: Household) { households[household.id] = household }

  func householdID(of account: AccountID) -> HouseholdID? { memberships[account] }
  mutating func setHouseholdID(_ household: HouseholdID?, of account: AccountID) {
    memberships[account] = household
  }

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

  mutating func deleteHousehold(_ id: HouseholdID) {
    households[id] = nil
    memberships = memberships.filter { $0.value != id }
    cards = cards.filter { $0.value.householdID != id }
    items = items.filter { $0.value.householdID != id }
    feed.removeAll { $0.householdID == id }
  }

  mutating func erase(_ account: AccountID, in household: HouseholdID?) throws {
    memberships[account] = nil
    guard let id = household else { return }
    households[id] = try households[id].map { try Erasure.erasing(account, in: $0) }
    for (key, card) in cards where card.householdID == id {
      cards[key] = try Erasure.erasing(account, in: card)
    }
    for (key, item) in items where item.householdID == id {
      items[key] = try Erasure.erasing(account, in: item)
    }
    feed = try feed.map { $0.householdID == id ? try Erasure.erasing(account, in: $0) : $0 }
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

  func records(_ kind: String) -> [StorageRecord] {
    records.values.filter { $0.kind == kind }
  }

  mutating func putRecord(_ record: StorageRecord) {
    guard plant != .forgottenReceipt || record.kind != "receipt" else { return }
    records[record.kind + " " + record.key] = record
  }

  mutating func deleteRecord(_ kind: String, key: String) { records[kind + " " + key] = nil }
}
