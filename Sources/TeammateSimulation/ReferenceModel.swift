import Foundation
import TeammateKit

/// The rules of cards and membership written a second time, as plainly as they can be, and
/// apart from the kit: fed the feed in order, it works out each card's next version from the
/// change's kind, its author and the values a person typed, and says where the backend's
/// version is not what the rules give. The simulation runs it beside the backend.
struct ReferenceModel {
  /// Everything of a card the rules decide.
  struct Version: Equatable {
    var kind: CardKind
    var title: String
    var note: String?
    var time: Date?
    var assignee: AccountID?
    var replyBy: Date?
    var repeatRule: RepeatRule?
    var repeatStart: Date?
    var createdBy: AccountID
    var lastEditedBy: AccountID
    var revision: Int
    var ackBy: AccountID?
    var ackRevision: Int?
    var done: Bool
    var deleted: Bool
    var meal: Meal?

    /// This version with `account` named the former member's, as an erasure rewrites it.
    func erasing(_ account: AccountID) -> Version {
      func named(_ uid: AccountID) -> AccountID { uid == account ? Erasure.formerMember : uid }
      var erased = self
      erased.assignee = assignee.map(named)
      erased.createdBy = named(createdBy)
      erased.lastEditedBy = named(lastEditedBy)
      erased.ackBy = ackBy.map(named)
      erased.meal = meal.map { (try? Erasure.erasing(account, in: $0)) ?? $0 }
      return erased
    }

    init(_ card: Card) {
      meal = card.meal
      kind = card.kind
      title = card.title
      note = card.note
      time = card.time
      assignee = card.assignee
      replyBy = card.replyBy
      repeatRule = card.repeatRule
      repeatStart = card.repeatStart
      createdBy = card.createdBy
      lastEditedBy = card.lastEditedBy
      revision = card.revision
      ackBy = card.ackBy
      ackRevision = card.ackRevision
      done = card.isDone
      deleted = card.isDeleted
    }
  }

  private(set) var cards: [CardID: Version] = [:]
  private(set) var members: Set<AccountID> = []
  private var through: Int64 = 0

  /// Follows the household to the store it moved to, which numbers its changes its own way:
  /// the last it has seen there is `sequence` (AC-PORT-17).
  mutating func rebase(through sequence: Int64) { through = sequence }

  /// Takes in the changes after the last one it saw; the first disagreement, in words.
  mutating func follow(_ feed: [Change]) -> String? {
    for change in feed where change.sequence > through {
      through = change.sequence
      if let disagreement = apply(change) { return "change \(change.sequence): \(disagreement)" }
    }
    return nil
  }

  private mutating func apply(_ change: Change) -> String? {
    switch change.kind {
    case .householdCreated:
      members = [change.actor]
      return nil
    case .memberJoined:
      members.insert(change.actor)
      return members.count > 2 ? "a third member joined" : nil
    case .memberLeft:
      return members.remove(change.actor) == nil ? "\(change.actor) left without being in" : nil
    case .accountErased:
      let staying = Set(change.household?.members.map(\.uid) ?? [])
      let gone = members.subtracting(staying)
      guard gone.count == 1, let erased = gone.first else {
        return "an erasure took out \(gone.sorted())"
      }
      members = staying
      for (id, version) in cards { cards[id] = version.erasing(erased) }
      return nil
    case .householdUpdated, .memberUpdated, .dishAdded, .dishEdited, .dishRemoved, .dishRestored:
      return members.contains(change.actor) ? nil : "\(change.actor) changed a household"
    case .itemAdded, .itemGot, .itemUndone, .itemCleared, .itemMoved, .itemTakenBack, .itemEdited:
      return members.contains(change.actor) ? nil : "\(change.actor) changed the list"
    // NB: a card's change is followed below.
    case .cardAdded, .cardEdited, .cardAcknowledged, .cardCompleted, .cardDeleted, .cardRestored,
      .cardSkipped:
      break
    }
    guard let card = change.card else { return "a card change without its card" }
    guard members.contains(change.actor) else { return "\(change.actor) is not a member" }
    let actual = Version(card)
    guard let expected = next(after: cards[card.id], change, typed: actual) else {
      return "\(change.kind.rawValue) of \(card.id) is not allowed by the rules"
    }
    cards[card.id] = actual
    return expected == actual ? nil : "\(card.id) is \(actual), the rules give \(expected)"
  }

  /// The version the rules give after `previous` for this change; nil when the change is
  /// one the rules forbid. `typed` supplies only what a person chose.
  private func next(after previous: Version?, _ change: Change, typed: Version) -> Version? {
    let actor = change.actor
    if change.kind == .cardAdded {
      guard previous == nil else { return nil }
      var created = typed
      created.createdBy = actor
      created.lastEditedBy = actor
      created.revision = 1
      created.ackBy = nil
      created.ackRevision = nil
      created.done = false
      created.deleted = false
      return created
    }
    guard var version = previous else { return nil }
    switch change.kind {
    case .cardEdited:
      guard !version.deleted, !change.fields.isEmpty else { return nil }
      for field in change.fields {
        switch field {
        case .title: version.title = typed.title
        case .note: version.note = typed.note
        case .time: version.time = typed.time
        case .assignee: version.assignee = typed.assignee
        case .replyBy: version.replyBy = typed.replyBy
        case .repeatRule: version.repeatRule = typed.repeatRule
        case .meal, .mealSlot, .cook: version.meal = typed.meal
        }
      }
      // A meal's title is its slot and day, and follows a move.
      if change.fields.contains(.mealSlot), let old = previous?.meal, let new = typed.meal,
        version.title == "\(old.slot.rawValue) \(old.day)"
      {
        version.title = "\(new.slot.rawValue) \(new.day)"
      }
      // A series starts again from a time or rule a person set.
      if version.repeatRule == nil {
        version.repeatStart = nil
      } else if change.fields.contains(.time) || change.fields.contains(.repeatRule) {
        version.repeatStart = version.time
      }
      let known: [CardRules.CardField] = [
        .title, .time, .assignee, .repeatRule, .meal, .mealSlot, .cook,
      ]
      if change.fields.contains(where: known.contains) {
        version.ackBy = nil
        version.ackRevision = nil
      }
      version.revision += 1
      version.lastEditedBy = actor
    case .cardAcknowledged:
      guard !version.deleted || version.kind == .meal, version.lastEditedBy != actor else {
        return nil
      }
      version.ackBy = actor
      version.ackRevision = version.revision
    case .cardCompleted:
      guard !version.deleted, version.kind == .task else { return nil }
      if version.repeatRule != nil, !version.done, !typed.done {
        // NB: completing a repeating task moves it on; the acknowledgement stays.
        guard let moved = movedOn(version, to: typed.time, at: change.at) else { return nil }
        version.time = moved
      } else {
        guard version.done != typed.done else { return nil }
        version.done = typed.done
      }
      version.revision += 1
      version.lastEditedBy = actor
    case .cardSkipped:
      guard !version.deleted, version.repeatRule != nil, !version.done else { return nil }
      if typed.done {
        version.done = true
      } else {
        guard let moved = movedOn(version, to: typed.time, at: change.at) else { return nil }
        version.time = moved
      }
      version.revision += 1
      version.lastEditedBy = actor
    case .cardDeleted:
      guard !version.deleted else { return nil }
      version.deleted = true
      if version.kind == .meal {
        version.ackBy = nil
        version.ackRevision = nil
      }
      version.revision += 1
      version.lastEditedBy = actor
    case .cardRestored:
      guard version.deleted else { return nil }
      version.deleted = false
      version.ackBy = nil
      version.ackRevision = nil
      version.revision += 1
      version.lastEditedBy = actor
    default:
      return nil
    }
    return version
  }

  /// The time a repeating card moved on to, when it is later than both its occurrence and
  /// the moment it moved (missed occurrences do not pile up).
  private func movedOn(_ version: Version, to time: Date?, at moment: Date) -> Date? {
    guard let time, let old = version.time, time > old, time > moment else { return nil }
    return time
  }
}
