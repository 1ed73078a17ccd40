import Foundation

/// Everything a screen shows of one device, as one consistent value: taken between two of the
/// device's operations, never in the middle of one.
public struct DeviceSnapshot: Sendable, Equatable {
  /// The household as this device shows it (its own settings changes included).
  public let household: Household?
  /// The cards as this device shows them: the backend's last word with the outbox over it.
  public let cards: [CardID: Card]
  /// Whose device this is: the account `pending` is for.
  public let viewer: AccountID
  /// The cards pending for this device's account, oldest change first: worked out on first
  /// read and kept, so that a snapshot nobody reads the list of costs nothing to make.
  public var pending: [Card] { derived.pending(of: cards, for: viewer) }
  private let derived = PendingList()
  /// What the partner did that the person has not marked seen, one entry per card.
  public var news: [PartnerNews]
  /// The notifications handed to the scheduler, with their text, soonest first.
  public var notifications: [PlannedNotification]
  /// What did not land as it was made and has not been dismissed.
  public var conflicts: [SyncConflict]
  /// How many writes wait in the outbox.
  public var waitingWrites: Int
  /// Whether writes go to the backend at once.
  public var isOnline: Bool
  /// The shopping list's items as this device shows them, cleared ones included, by id.
  public var items: [ItemID: ShoppingItem]
  /// The partner's news on the list since the person last looked at it.
  public var listNews: [ListNews]
  /// Each item's place in the feed, for the list's order (`DeviceState.itemOrder`).
  public var itemOrder: [ItemID: Int64]

  /// A snapshot with every field given; a device makes them.
  public init(
    household: Household? = nil, cards: [CardID: Card] = [:], viewer: AccountID,
    news: [PartnerNews] = [], notifications: [PlannedNotification] = [],
    conflicts: [SyncConflict] = [], waitingWrites: Int = 0, isOnline: Bool = true,
    items: [ItemID: ShoppingItem] = [:], listNews: [ListNews] = [],
    itemOrder: [ItemID: Int64] = [:]
  ) {
    self.itemOrder = itemOrder
    self.items = items
    self.listNews = listNews
    self.household = household
    self.cards = cards
    self.viewer = viewer
    self.news = news
    self.notifications = notifications
    self.conflicts = conflicts
    self.waitingWrites = waitingWrites
    self.isOnline = isOnline
  }

  /// The household's members, as this device shows them.
  public var members: [Member] { household?.members ?? [] }

  /// The app's badge: how many cards wait for this account to know them.
  public var badge: Int { pending.count }

  public static func == (left: DeviceSnapshot, right: DeviceSnapshot) -> Bool {
    // NB: the pending list follows from the cards and the viewer.
    left.household == right.household && left.viewer == right.viewer
      && left.news == right.news && left.notifications == right.notifications
      && left.conflicts == right.conflicts && left.waitingWrites == right.waitingWrites
      && left.isOnline == right.isOnline && left.cards == right.cards
      && left.items == right.items && left.listNews == right.listNews
  }

  /// The list as a person reads it: needed items, then got ones, each oldest first (those
  /// made in one write in the order made).
  public var list: [ShoppingItem] { ShoppingRules.shown(items.values, order: itemOrder) }

  /// The cards, oldest first.
  public var sortedCards: [Card] {
    cards.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
  }
}

/// A snapshot's pending list, worked out once, on first read, by whichever reader comes first.
private final class PendingList: @unchecked Sendable {
  private let lock = NSLock()
  private var cards: [Card]?

  func pending(of shown: [CardID: Card], for viewer: AccountID) -> [Card] {
    lock.withLock {
      if let cards { return cards }
      let pending = AcknowledgementRules.pending(cards: Array(shown.values), viewer: viewer)
      cards = pending
      return pending
    }
  }
}
