import Foundation

/// Which of a household's cards a person asked to see, and in what order: a list's filters
/// as one value, so that every screen filters by the same rules.
public struct CardFilter: Sendable, Equatable {
  /// Which tasks a list shows by whether they are done.
  public enum Completion: Sendable, Equatable { case open, done }
  /// How a list is sorted.
  public enum Order: String, Sendable, Equatable, CaseIterable { case created, due }
  /// An instant and the zone a list is looked at in.
  public struct Moment: Sendable, Equatable {
    /// The instant.
    public var date: Date
    /// The zone a day is read in: the household's.
    public var zone: TimeZone

    /// An instant read in `zone`.
    public init(_ date: Date, in zone: TimeZone) {
      self.date = date
      self.zone = zone
    }
  }

  /// Whose cards a list shows.
  public enum Assignee: Sendable, Equatable {
    case account(AccountID)
    /// Nobody in particular: both partners.
    case both
  }

  /// Only cards of this kind, if given.
  public var kind: CardKind?
  /// Only cards pending for this viewer.
  public var pendingFor: AccountID?
  /// Tasks not done, or done (other kinds are never done, so `.done` keeps only tasks).
  public var completion: Completion?
  /// Only cards assigned so, if given.
  public var assignee: Assignee?
  /// Only cards whose time (or reply-by) comes before this instant.
  public var dueBefore: Date?
  /// Text the title or note contains, ignoring case and accents.
  public var search: String?
  /// How the list is sorted.
  public var order: Order = .created
  /// When and where the list is looked at: a repeating event's time is then its coming
  /// occurrence (`RepeatRules.shownTime`) for `dueBefore` and the `due` order.
  public var now: Moment?

  /// A filter; each criterion left out lets every card through.
  public init(
    kind: CardKind? = nil, pendingFor: AccountID? = nil, completion: Completion? = nil,
    assignee: Assignee? = nil, dueBefore: Date? = nil, search: String? = nil,
    order: Order = .created
  ) {
    self.kind = kind
    self.pendingFor = pendingFor
    self.completion = completion
    self.assignee = assignee
    self.dueBefore = dueBefore
    self.search = search
    self.order = order
  }

  /// The time a card is listed by: its time (a repeating event's coming occurrence), or its
  /// reply-by time.
  func when(_ card: Card) -> Date? {
    guard let now, card.repeatRule != nil else { return card.time ?? card.replyBy }
    return RepeatRules.shownTime(of: card, now: now.date, in: now.zone)
  }

  /// Whether anything narrows the list (the order does not).
  public var narrows: Bool {
    kind != nil || pendingFor != nil || completion != nil || assignee != nil
      || dueBefore != nil || search != nil
  }

  /// The listed cards (`CardRules.listed`: not deleted) that pass, in the asked order; `due`
  /// puts cards without a time last, each group oldest first.
  public func apply(to cards: [Card]) -> [Card] {
    let needle = search?.trimmingCharacters(in: .whitespaces)
    let kept = CardRules.listed(cards, kind: kind).filter { card in
      if let viewer = pendingFor, !AcknowledgementRules.isPending(card, for: viewer) {
        return false
      }
      switch completion {
      case .open?: if card.kind == .task && card.isDone { return false }
      case .done?: if !(card.kind == .task && card.isDone) { return false }
      case nil: break
      }
      switch assignee {
      case .account(let uid)?: if card.assignee != uid { return false }
      case .both?: if card.assignee != nil { return false }
      case nil: break
      }
      if let dueBefore {
        guard let when = when(card), when < dueBefore else { return false }
      }
      if let needle, !needle.isEmpty {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        let found =
          card.title.range(of: needle, options: options) != nil
          || card.note?.range(of: needle, options: options) != nil
        if !found { return false }
      }
      return true
    }
    guard order == .due else { return kept }
    let times = kept.map(when)
    return kept.enumerated().sorted { left, right in
      switch (times[left.offset], times[right.offset]) {
      case (let a?, let b?): return (a, left.offset) < (b, right.offset)
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return left.offset < right.offset
      }
    }.map(\.element)
  }

  /// A task not done whose time has passed.
  public static func isOverdue(_ card: Card, now: Date) -> Bool {
    guard card.kind == .task, !card.isDone, !card.isDeleted, let time = card.time else {
      return false
    }
    return time < now
  }
}
