import Foundation

/// Everything the planner reads: the household's cards, what the partner did since the last
/// notifications were delivered, who is looking, and when.
public struct PlanInput: Sendable {
  /// The household's cards as the device knows them.
  public var cards: [Card]
  /// What the partner did since the last notifications were delivered.
  public var activity: [ActivityEvent]
  /// Whose phone it is.
  public var viewer: AccountID
  /// The household's members, for names and settings.
  public var members: [Member]
  /// The viewer's notification settings.
  public var settings: NotificationSettings
  /// The household's zone: days, digests and quiet hours are read in it.
  public var timeZone: TimeZone
  /// The phone's time now.
  public var now: Date
  /// How many notifications a phone holds at most.
  public var limit: Int
  /// Reminders this device has already shown: never planned again.
  public var shown: Set<NotificationOccurrence>
  /// The words the notifications are written in: the app's language.
  public var wording: any Wording
  /// The household's meal times, when it plans meals (a dish in its pool or a meal on its
  /// plan): its undecided meals remind. Nil: no meal reminders.
  public var meals: MealSettings?
  /// The partners' news on the shopping list since the viewer last looked at it: one list
  /// notification, about the latest.
  public var list: [ListNews]

  /// `settings` defaults to the viewer's own, as the members list holds them.
  public init(
    cards: [Card], activity: [ActivityEvent] = [], viewer: AccountID, members: [Member],
    settings: NotificationSettings? = nil, timeZone: TimeZone, now: Date,
    limit: Int = NotificationPlanner.limit, shown: Set<NotificationOccurrence> = [],
    wording: any Wording = .english, meals: MealSettings? = nil, list: [ListNews] = []
  ) {
    self.meals = meals
    self.list = list
    self.cards = cards
    self.activity = activity
    self.viewer = viewer
    self.members = members
    self.settings = settings ?? members.first { $0.uid == viewer }?.settings ?? .default
    self.timeZone = timeZone
    self.now = now
    self.limit = limit
    self.shown = shown
    self.wording = wording
  }
}
