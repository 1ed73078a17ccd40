import Foundation

/// A value of one card field, as a conflict names the value that lost.
public enum FieldValue: Sendable, Codable, Equatable {
  case text(String?)
  case time(Date?)
  case account(AccountID?)
  case rule(RepeatRule?)
  case meal(Meal?)

  /// The value `field` has on `card`.
  public static func of(_ field: CardRules.CardField, on card: Card) -> FieldValue {
    switch field {
    case .title: .text(card.title)
    case .note: .text(card.note)
    case .time: .time(card.time)
    case .assignee: .account(card.assignee)
    case .replyBy: .time(card.replyBy)
    case .repeatRule: .rule(card.repeatRule)
    case .meal, .mealSlot, .cook: .meal(card.meal)
    }
  }
}

/// A field one partner set that a later arrival from the other replaced: recorded on the
/// change that replaced it, so that the partner whose value lost hears of it.
public struct FieldOverwrite: Sendable, Codable, Equatable {
  /// The field the later edit replaced.
  public var field: CardRules.CardField
  /// Whose value lost.
  public var lostBy: AccountID
  /// The value that was lost.
  public var lost: FieldValue

  /// A value of `lostBy`'s that a later edit replaced.
  public init(field: CardRules.CardField, lostBy: AccountID, lost: FieldValue) {
    self.field = field
    self.lostBy = lostBy
    self.lost = lost
  }
}

/// Something a person did that did not land as they made it, kept by their device until
/// they have seen it. Nothing a device writes is dropped silently.
public struct SyncConflict: Sendable, Codable, Equatable, Identifiable {
  /// Why the write did not land as made.
  public enum Reason: Sendable, Codable, Equatable {
    /// The backend refused the write, for this reason; the device's view went back to the
    /// backend's.
    case refused(DeviceWrite, TeammateError)
    /// The partner changed the same field later; the value this account set lost.
    case overwritten(FieldOverwrite, by: AccountID)
    /// A waiting write this build cannot read (another build saved it), made at `madeAt`
    /// when that much could be read: it left the outbox unsent (AC-INPUT-09).
    case unreadableWrite(madeAt: Date?)
    /// The device's saved state could not be read by this build: it was kept aside and the
    /// device started over from the household (AC-INPUT-10).
    case stateSetAside
  }

  /// The write refused, or for an overwrite, the change that replaced the value.
  public var id: String
  /// The card it is about, if any.
  public var cardID: CardID?
  /// The card's title as the device last knew it, to name it in words.
  public var title: String?
  /// Why, in a value an app can put into words.
  public var reason: Reason

  /// A conflict with every field given; a device makes them.
  public init(id: String, cardID: CardID?, title: String?, reason: Reason) {
    self.id = id
    self.cardID = cardID
    self.title = title
    self.reason = reason
  }
}

extension DeviceState {
  /// This state with the conflict that tells the person, once, that the state their device
  /// saved could not be read and was kept aside (AC-INPUT-10): what a `DeviceStore` opens
  /// with in its place.
  public func toldItsSavedStateWasSetAside() -> DeviceState {
    var state = self
    state.conflicts.append(
      SyncConflict(id: "set-aside", cardID: nil, title: nil, reason: .stateSetAside))
    return state
  }
}
