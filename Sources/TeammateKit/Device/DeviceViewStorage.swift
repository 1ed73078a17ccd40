import Foundation

/// The device's view as a `BackendStorage`: its cards, its household and its list, so that a write
/// waiting in the outbox is applied by the very code the backend runs (`BackendOperations`),
/// and the two cannot drift. It keeps no feed, no invites and no receipts. With no household
/// yet, only a household's making applies to it. No household yet:
/// only a household's making applies to it.
struct DeviceViewStorage: BackendStorage {
  var cards: [CardID: Card]
  var household: Household?
  var items: [ItemID: ShoppingItem]
  let viewer: AccountID

  init(
    cards: [CardID: Card], household: Household?, items: [ItemID: ShoppingItem] = [:],
    viewer: AccountID
  ) {
    self.cards = cards
    self.items = items
    self.household = household
    self.viewer = viewer
  }

  func household(_ id: HouseholdID) -> Household? { id == household?.id ? household : nil }
  mutating func putHousehold(_ household: Household) {
    if self.household == nil || household.id == self.household?.id { self.household = household }
  }

  // NB: on its own device the viewer is in the household it shows.
  func householdID(of account: AccountID) -> HouseholdID? {
    account == viewer ? household?.id : nil
  }
  mutating func setHouseholdID(_ household: HouseholdID?, of account: AccountID) {}

  func invite(_ code: InviteCode) -> Invite? { nil }
  func inviteCode(of household: HouseholdID) -> InviteCode? { nil }
  mutating func putInvite(_ invite: Invite) {}
  mutating func deleteInvite(_ code: InviteCode) {}

  func card(_ id: CardID) -> Card? { cards[id] }
  func cards(in household: HouseholdID) -> [Card] {
    cards.values.filter { $0.householdID == household }
  }
  mutating func putCard(_ card: Card) { cards[card.id] = card }

  func item(_ id: ItemID, in household: HouseholdID) -> ShoppingItem? {
    items[id].flatMap { $0.householdID == household ? $0 : nil }
  }
  func items(on list: ListID, in household: HouseholdID) -> [ShoppingItem] {
    items.values.filter { $0.listID == list && $0.householdID == household }
      .sorted { ($0.addedAt, $0.id) < ($1.addedAt, $1.id) }
  }
  func neededItem(folding key: String, on list: ListID, in household: HouseholdID)
    -> ShoppingItem?
  {
    items.values.first {
      $0.isNeeded && $0.text.key == key && $0.listID == list && $0.householdID == household
    }
  }
  mutating func putItem(_ item: ShoppingItem) { items[item.id] = item }

  func failedJoins(of account: AccountID) -> [Date] { [] }
  func failedJoins(after date: Date) -> [Date] { [] }
  mutating func recordFailedJoin(of account: AccountID, at date: Date) {}
  mutating func forgetFailedJoins(of account: AccountID, through date: Date) {}

  func credentialOwner(_ credential: Credential) -> AccountID? { nil }
  mutating func link(_ credential: Credential, to account: AccountID) {}

  mutating func deleteHousehold(_ id: HouseholdID) {}
  // NB: an erasure is never a waiting write: the device asks the backend for it directly.
  mutating func erase(_ account: AccountID, in household: HouseholdID?) {}
  mutating func markMoved(_ household: HouseholdID, to location: String, members: [AccountID]) {}
  func movedLocation(of household: HouseholdID, for account: AccountID) -> String? { nil }
  func movedHousehold(of account: AccountID) -> (household: HouseholdID, location: String)? {
    nil
  }

  // NB: the view keeps no feed: what a write appends is the backend's to number.
  mutating func appendChange(_ change: Change) -> Change { change }
  func changes(in household: HouseholdID, after cursor: Int64, limit: Int) -> [Change] { [] }
  func changes(
    ofCard id: CardID, in household: HouseholdID, afterRevision revision: Int
  ) -> [Change] { [] }

  func receipt(for write: WriteID, of account: AccountID, in household: HouseholdID)
    -> WriteOutcome?
  { nil }
  mutating func putReceipt(
    _ outcome: WriteOutcome, for write: WriteID, of account: AccountID,
    in household: HouseholdID
  ) {}
  mutating func forgetReceipts(
    _ writes: [WriteID], of account: AccountID, in household: HouseholdID
  ) {}
}
