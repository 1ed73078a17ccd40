import Foundation

/// What a notification says, before it is put into words: what happened, about which card,
/// who did it and when. A `Wording` gives it the words of the app's language.
public enum NotificationContent: Sendable, Codable, Hashable {
  /// The partner logged, changed or restored a card: their display name, what they did, the
  /// card's kind and title.
  case activity(partner: String, action: ActivityEvent.Action, kind: CardKind, title: String)
  /// More cards from the partner than a phone should show one by one: how many, and the
  /// titles of the first few in the order they were made (`NotificationPlanner`).
  case activitySummary(partner: String, count: Int, titles: [String])
  /// How many cards wait for the viewer to know them.
  case digest(pending: Int)
  /// An event coming up: its title, its local start time, and how many minutes before it
  /// the reminder fires (zero or less: it starts now).
  case eventReminder(title: String, startsAt: TimeOfDay, minutesBefore: Int)
  /// The viewer's task, due now.
  case taskDue(title: String)
  /// A topic whose reply-by time has come.
  case replyByOverdue(title: String)
  /// A meal of the household's day with nothing decided: which one, and how many days from
  /// the day the reminder fires on (0: today).
  case mealUndecided(slot: MealSlot, daysAhead: Int)
  /// The partner's news on the shopping list since the person last looked: what they added
  /// that is still needed, and what they got.
  case list(partner: String, added: [String], got: [String])
}
