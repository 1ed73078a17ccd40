import Foundation

/// One write a device makes, as it waits in the outbox and as the backend receives it.
public enum DeviceWrite: Sendable, Codable, Equatable {
  /// A new card; the draft carries the id the device gave it.
  case addCard(CardDraft)
  /// An edit made on `baseRevision`, the card's revision as the backend last sent it (nil:
  /// as the card is when it arrives).
  case editCard(CardID, CardEdit, baseRevision: Int?)
  /// Acknowledgements at the revisions the device saw.
  case acknowledge([CardRevision])
  /// Whatever is pending at the backend when the write arrives (online only: offline, the
  /// device acknowledges what it saw, by revision).
  case acknowledgePending
  case setDone(CardID, done: Bool)
  /// A repeating card moves on to its next occurrence without being completed.
  case skipOccurrence(CardID)
  case deleteCard(CardID)
  case restoreCard(CardID)
  case updateSettings(NotificationSettings)

  /// The card the write is about, when it is about one.
  public var cardID: CardID? {
    switch self {
    case .addCard(let draft): draft.id
    case .editCard(let id, _, _), .setDone(let id, _), .skipOccurrence(let id),
      .deleteCard(let id), .restoreCard(let id):
      id
    case .acknowledge(let seen): seen.count == 1 ? seen[0].id : nil
    case .acknowledgePending, .updateSettings: nil
    }
  }

  /// The card the write changes, when it is about one that exists already.
  var existingCardID: CardID? {
    if case .addCard = self { return nil }
    return cardID
  }
}

/// A write waiting for the backend: in order, with the id that makes a resend harmless.
public struct OutboxEntry: Sendable, Codable, Equatable, Identifiable {
  public var id: WriteID
  public var householdID: HouseholdID
  public var write: DeviceWrite
  /// When the device made it, by the device's own clock: for people only, never stored by
  /// the backend.
  public var madeAt: Date

  public init(id: WriteID, householdID: HouseholdID, write: DeviceWrite, madeAt: Date) {
    self.id = id
    self.householdID = householdID
    self.write = write
    self.madeAt = madeAt
  }
}

/// A device write as the backend applies it: its id, and the changes it has appended.
public struct WriteContext: Sendable {
  public var id: WriteID
  public var appended: [Change] = []

  public init(id: WriteID) { self.id = id }
}

/// What the backend did with one write: the same answer however often it is sent.
public enum WriteOutcome: Sendable, Codable, Equatable {
  /// Landed: the cards it wrote as they now are, the household for a settings change, for
  /// an edit what it changed, and the feed entries it appended, which a device applies
  /// like pulled ones (so an answer given again never puts back an older version).
  case applied(
    cards: [Card], household: Household?, edit: CardRules.EditOutcome? = nil,
    changes: [Change] = [])
  /// Refused by a rule on the backend's own state; nothing was written.
  case refused(TeammateError)
}

/// The device's view: the cards the backend last sent with the outbox applied over them, in
/// order, by the same rules the backend applies. A write that no longer applies (the card
/// was deleted meanwhile) is left out of the view; the backend will refuse it too.
public enum Outbox {
  public static func view(
    cards: [CardID: Card], household: Household?, entries: [OutboxEntry], viewer: AccountID,
    now: Date
  ) -> (cards: [CardID: Card], household: Household?) {
    var cards = cards
    var household = household
    for entry in entries {
      guard let current = household, entry.householdID == current.id else { continue }
      if let applied = try? apply(
        entry.write, cards: cards, household: current, viewer: viewer, now: now)
      {
        for card in applied.cards { cards[card.id] = card }
        household = applied.household ?? household
      }
    }
    return (cards, household)
  }

  /// One write over the device's view, refused as the backend would refuse it.
  public static func apply(
    _ write: DeviceWrite, cards: [CardID: Card], household: Household, viewer: AccountID,
    now: Date
  ) throws(TeammateError) -> (cards: [Card], household: Household?) {
    func existing(_ id: CardID) throws(TeammateError) -> Card {
      guard let card = cards[id], card.householdID == household.id else {
        throw .cardNotFound(id)
      }
      return card
    }
    switch write {
    case .addCard(let draft):
      guard let id = draft.id, cards[id] == nil else {
        throw .cardIDTaken(draft.id ?? CardID(""))
      }
      return ([try CardRules.add(draft, id: id, household: household, by: viewer, now: now)], nil)
    case .editCard(let id, let edit, _):
      let outcome = try CardRules.edit(
        try existing(id), with: edit, household: household, by: viewer, now: now)
      return ([outcome.card], nil)
    case .acknowledge(let seen):
      var acknowledged: [CardID: Card] = [:]
      var order: [CardID] = []
      for item in seen {
        let card: Card
        if let earlier = acknowledged[item.id] {
          card = earlier
        } else {
          card = try existing(item.id)
        }
        let outcome = try AcknowledgementRules.acknowledge(
          card, revision: item.revision, by: viewer, now: now)
        if acknowledged[item.id] == nil { order.append(item.id) }
        acknowledged[item.id] = outcome.card
      }
      return (order.compactMap { acknowledged[$0] }, nil)
    case .acknowledgePending:
      let pending = AcknowledgementRules.pending(cards: Array(cards.values), viewer: viewer)
      return try apply(
        .acknowledge(pending.map { CardRevision($0.id, revision: $0.revision) }), cards: cards,
        household: household, viewer: viewer, now: now)
    case .setDone(let id, let done):
      return (
        [
          try CardRules.setDone(
            try existing(id), done: done, by: viewer, now: now, in: household.zone)
        ], nil
      )
    case .skipOccurrence(let id):
      return ([try CardRules.skip(try existing(id), by: viewer, now: now, in: household.zone)], nil)
    case .deleteCard(let id):
      return ([try CardRules.delete(try existing(id), by: viewer, now: now)], nil)
    case .restoreCard(let id):
      return ([try CardRules.restore(try existing(id), by: viewer, now: now)], nil)
    case .updateSettings(let settings):
      let updated = try HouseholdRules.updateMember(
        household, account: viewer, displayName: nil, settings: settings)
      return ([], updated)
    }
  }
}
