import Foundation

/// Everything a screen shows of one device, as one consistent value: taken between two of the
/// device's operations, never in the middle of one.
public struct DeviceSnapshot: Sendable, Equatable {
  /// The household as this device shows it (its own settings changes included).
  public var household: Household?
  /// The cards as this device shows them: the backend's last word with the outbox over it.
  public var cards: [CardID: Card]
  /// The cards pending for this device's account, oldest change first.
  public var pending: [Card]
  /// What the partner did that the person has not marked seen, one entry per card.
  public var news: [PartnerNews]
  /// The notifications handed to the scheduler, with their text, soonest first.
  public var notifications: [PlannedNotification]
  /// What did not land as it was made and has not been dismissed.
  public var conflicts: [SyncConflict]
  /// How many writes wait in the outbox.
  public var waitingWrites: Int
  public var isOnline: Bool

  public init(
    household: Household? = nil, cards: [CardID: Card] = [:], pending: [Card] = [],
    news: [PartnerNews] = [], notifications: [PlannedNotification] = [],
    conflicts: [SyncConflict] = [], waitingWrites: Int = 0, isOnline: Bool = true
  ) {
    self.household = household
    self.cards = cards
    self.pending = pending
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

  /// The cards, oldest first.
  public var sortedCards: [Card] {
    cards.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
  }
}
