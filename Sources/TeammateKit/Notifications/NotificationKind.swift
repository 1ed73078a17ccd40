/// The kinds of local notification the planner produces; each can be switched off.
public enum NotificationKind: String, Sendable, Codable, CaseIterable, Hashable, Comparable {
  /// The partner created a card, or changed one so that it needs knowing again.
  case activity
  /// One daily summary while anything is pending.
  case digest
  /// Before an event.
  case eventReminder = "event"
  /// When a task is due.
  case taskDue = "task"
  /// When a topic's reply-by time passes unanswered.
  case replyByOverdue = "reply-by"
  /// A meal of the household's day still undecided at its decide-by time.
  case mealUndecided = "meal"
  /// The partner's adds and gets on the shopping list: one notification, overwritten in
  /// place by the next.
  case listActivity = "list"

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
