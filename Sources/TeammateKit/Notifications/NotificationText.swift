import Foundation

/// Each notification kind as content, with its stable id, put into the viewer's words.
enum NotificationText {
  static func activity(
    _ card: Card, by name: String, action: ActivityEvent.Action, fireAt: Date,
    wording: any Wording
  ) -> PlannedNotification {
    planned(
      .activity(partner: name, action: action, kind: card.kind, title: card.title),
      kind: .activity, card: card.id, fireAt: fireAt, wording: wording)
  }

  /// One notification for many cards of the partner's: `cards` in the order they were made.
  static func activitySummary(
    _ cards: [Card], by name: String, fireAt: Date, wording: any Wording
  ) -> PlannedNotification {
    planned(
      .activitySummary(
        partner: name, count: cards.count,
        titles: cards.prefix(NotificationPlanner.summaryTitles).map(\.title)),
      kind: .activity, card: nil, fireAt: fireAt, wording: wording)
  }

  static func digest(pendingCount: Int, fireAt: Date, wording: any Wording)
    -> PlannedNotification
  {
    planned(
      .digest(pending: pendingCount), kind: .digest, card: nil, fireAt: fireAt, wording: wording)
  }

  static func list(_ news: ListNews, by partner: String, fireAt: Date, wording: any Wording)
    -> PlannedNotification
  {
    planned(
      .list(partner: partner, added: news.added, got: news.got), kind: .listActivity, card: nil,
      fireAt: fireAt, wording: wording)
  }

  static func eventReminder(
    _ card: Card, at time: Date, calendar: HouseholdCalendar, fireAt: Date, wording: any Wording
  ) -> PlannedNotification {
    let minutes = Int((time.timeIntervalSince(fireAt) / 60).rounded())
    return planned(
      .eventReminder(
        title: card.title, startsAt: calendar.timeOfDay(of: time), minutesBefore: minutes),
      kind: .eventReminder, card: card.id, fireAt: fireAt, wording: wording)
  }

  static func taskDue(_ card: Card, at time: Date, wording: any Wording) -> PlannedNotification {
    planned(
      .taskDue(title: card.title), kind: .taskDue, card: card.id, fireAt: time, wording: wording)
  }

  static func replyByOverdue(_ card: Card, at replyBy: Date, wording: any Wording)
    -> PlannedNotification
  {
    planned(
      .replyByOverdue(title: card.title), kind: .replyByOverdue, card: card.id, fireAt: replyBy,
      wording: wording)
  }

  static func mealUndecided(
    _ day: MealDay, _ slot: MealSlot, fireAt: Date, zone: TimeZone, wording: any Wording
  ) -> PlannedNotification {
    let content = NotificationContent.mealUndecided(
      slot: slot, daysAhead: MealDay(containing: fireAt, in: zone).days(to: day))
    return PlannedNotification(
      id: PlannedNotification.id(meal: day, slot), kind: .mealUndecided, fireAt: fireAt,
      title: wording.title(of: content), body: wording.body(of: content), cardID: nil)
  }

  private static func planned(
    _ content: NotificationContent, kind: NotificationKind, card: CardID?, fireAt: Date,
    wording: any Wording
  ) -> PlannedNotification {
    PlannedNotification(
      id: PlannedNotification.id(kind, card: card), kind: kind, fireAt: fireAt,
      title: wording.title(of: content), body: wording.body(of: content), cardID: card)
  }
}
