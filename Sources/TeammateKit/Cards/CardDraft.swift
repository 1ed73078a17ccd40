import Foundation

/// What a partner types to log a new card; the backend adds ids, authors and timestamps.
public struct CardDraft: Sendable, Codable, Equatable {
  /// What the new card is.
  public var kind: CardKind
  /// What it says, before trimming.
  public var title: String
  /// More words, if any.
  public var note: String?
  /// When an event happens or a task is due.
  public var time: Date?
  /// Whose task it is, if anyone's.
  public var assignee: AccountID?
  /// When a topic needs talking about by.
  public var replyBy: Date?
  /// How a task or event repeats, from `time`, its first occurrence.
  public var repeatRule: RepeatRule?
  /// The id a device gave a card it made offline, so that its later writes can name it;
  /// nil for the backend to choose.
  public var id: CardID?
  /// A meal's day, slot and state, for a card of kind `meal` only.
  public var meal: Meal?

  /// A card to log; `id`, when given, is one the device made (so a write sent again names the same
  /// card).
  public init(
    kind: CardKind = .note, title: String, note: String? = nil, time: Date? = nil,
    assignee: AccountID? = nil, replyBy: Date? = nil, repeatRule: RepeatRule? = nil,
    id: CardID? = nil, meal: Meal? = nil
  ) {
    self.meal = meal
    self.repeatRule = repeatRule
    self.id = id
    self.kind = kind
    self.title = title
    self.note = note
    self.time = time
    self.assignee = assignee
    self.replyBy = replyBy
  }

  /// A meal to plan: its card's title names the slot and day.
  public static func meal(_ meal: Meal, id: CardID? = nil) -> CardDraft {
    CardDraft(kind: .meal, title: MealRules.title(of: meal), id: id, meal: meal)
  }
}
