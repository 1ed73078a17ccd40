import Foundation

/// One thing a partner logged, and whether the other partner knows about it yet.
public struct Card: Sendable, Codable, Equatable, Identifiable {
  public var id: CardID
  /// The household the card belongs to; it never moves to another.
  public var householdID: HouseholdID
  /// What the card is: a note, a task, an event or a topic.
  public var kind: CardKind
  /// What it says, trimmed and bounded.
  public var title: String
  /// More words about it, if any.
  public var note: String?
  /// When an event happens or a task is due.
  public var time: Date?
  /// One member, or nil for both.
  public var assignee: AccountID?
  /// When a topic needs its reply.
  public var replyBy: Date?
  /// How a task or event repeats; its `time` is then the occurrence it is at.
  public var repeatRule: RepeatRule?
  /// The first occurrence of the series, which the rule counts from (`COUNT`, `INTERVAL`):
  /// the card's time when the rule was set or the time last edited by a person.
  public var repeatStart: Date?
  /// The partner who logged it.
  public var createdBy: AccountID
  /// The partner who made its latest change: the other one is who must know it.
  public var lastEditedBy: AccountID
  /// When it was logged, at server time.
  public var createdAt: Date
  /// When its latest change landed, at server time.
  public var lastEditedAt: Date
  /// 1 at creation, +1 on every real change.
  public var revision: Int
  /// Who acknowledged it last, if anyone.
  public var ackBy: AccountID?
  /// When it was acknowledged last, at server time.
  public var ackAt: Date?
  /// The revision that acknowledgement was of: a later revision needs knowing again.
  public var ackRevision: Int?
  /// Whether a task is done.
  public var isDone: Bool
  /// Whether it was deleted; a deleted card is kept so that either partner may restore it.
  public var isDeleted: Bool
  /// A meal's day, slot and state; nil for every other kind.
  public var meal: Meal?

  /// A card with every field given; the rules make new cards (`CardRules`), this is for storage and
  /// tests.
  public init(
    id: CardID, householdID: HouseholdID, kind: CardKind, title: String, note: String? = nil,
    time: Date? = nil, assignee: AccountID? = nil, replyBy: Date? = nil,
    repeatRule: RepeatRule? = nil, repeatStart: Date? = nil, createdBy: AccountID,
    lastEditedBy: AccountID? = nil, createdAt: Date, lastEditedAt: Date? = nil,
    revision: Int = 1, ackBy: AccountID? = nil, ackAt: Date? = nil, ackRevision: Int? = nil,
    isDone: Bool = false, isDeleted: Bool = false, meal: Meal? = nil
  ) {
    self.meal = meal
    self.id = id
    self.householdID = householdID
    self.kind = kind
    self.title = title
    self.note = note
    self.time = time
    self.assignee = assignee
    self.replyBy = replyBy
    self.repeatRule = repeatRule
    self.repeatStart = repeatRule == nil ? nil : repeatStart ?? time
    self.createdBy = createdBy
    self.lastEditedBy = lastEditedBy ?? createdBy
    self.createdAt = createdAt
    self.lastEditedAt = lastEditedAt ?? createdAt
    self.revision = revision
    self.ackBy = ackBy
    self.ackAt = ackAt
    self.ackRevision = ackRevision
    self.isDone = isDone
    self.isDeleted = isDeleted
  }

  /// For a topic, acknowledging is replying: answered once acknowledged.
  public var isAnswered: Bool { kind == .topic && ackBy != nil }

  /// Whether the card is for `uid`: assigned to them, or to nobody (both).
  public func concerns(_ uid: AccountID) -> Bool { assignee == nil || assignee == uid }
}
