import Foundation

/// The words of each notification kind, with its stable id.
enum NotificationText {
  static func activity(
    _ card: Card, by name: String, action: ActivityEvent.Action, fireAt: Date
  ) -> PlannedNotification {
    let verb: String
    switch action {
    case .created: verb = "logged"
    case .changed: verb = "changed"
    case .restored: verb = "restored"
    }
    return PlannedNotification(
      id: PlannedNotification.id(.activity, card: card.id), kind: .activity, fireAt: fireAt,
      title: "\(name) \(verb) \(article(card.kind)) \(card.kind.rawValue)", body: card.title,
      cardID: card.id)
  }

  static func digest(pendingCount: Int, fireAt: Date) -> PlannedNotification {
    let things = pendingCount == 1 ? "1 thing is" : "\(pendingCount) things are"
    return PlannedNotification(
      id: PlannedNotification.id(.digest, card: nil), kind: .digest, fireAt: fireAt,
      title: "Waiting for you", body: "\(things) waiting for you to know about.", cardID: nil)
  }

  static func eventReminder(
    _ card: Card, at time: Date, calendar: HouseholdCalendar, fireAt: Date
  ) -> PlannedNotification {
    let minutes = Int((time.timeIntervalSince(fireAt) / 60).rounded())
    let when =
      minutes <= 0
      ? "Now" : minutes < 120 ? "In \(minutes) min" : "At \(calendar.timeOfDay(of: time))"
    return PlannedNotification(
      id: PlannedNotification.id(.eventReminder, card: card.id), kind: .eventReminder,
      fireAt: fireAt, title: "\(when): \(card.title)",
      body: "Starts at \(calendar.timeOfDay(of: time)).", cardID: card.id)
  }

  static func taskDue(_ card: Card, at time: Date) -> PlannedNotification {
    PlannedNotification(
      id: PlannedNotification.id(.taskDue, card: card.id), kind: .taskDue, fireAt: time,
      title: "Due now: \(card.title)", body: "This task is yours and due now.", cardID: card.id)
  }

  static func replyByOverdue(_ card: Card, at replyBy: Date) -> PlannedNotification {
    PlannedNotification(
      id: PlannedNotification.id(.replyByOverdue, card: card.id), kind: .replyByOverdue,
      fireAt: replyBy, title: "Still to talk about: \(card.title)",
      body: "This topic needed a reply by now.", cardID: card.id)
  }

  private static func article(_ kind: CardKind) -> String { kind == .event ? "an" : "a" }
}
