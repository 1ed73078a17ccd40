import Foundation

/// Computes the complete set of local notifications that should be pending for one viewer.
///
/// Pure: the same input always gives the same plan, so replanning is idempotent and the
/// reconciler only touches what really changed.
///
/// ```swift
/// let plan = NotificationPlanner.plan(PlanInput(
///   cards: cards, activity: events, viewer: "bob", members: household.members,
///   timeZone: zone, now: serverNow))
/// ```
public enum NotificationPlanner {
  /// A phone keeps only the 64 soonest pending local notifications.
  public static let limit = 64
  /// Partner activity on more cards than this arrives as one summary, not a wall of
  /// notifications (its id stays `activity`, so that a newer summary replaces it in place).
  public static let summaryThreshold = 3
  /// How many titles a summary names.
  public static let summaryTitles = 3

  /// The notifications a phone must hold for what it knows now, soonest first, at most
  /// `input.limit`.
  public static func plan(_ input: PlanInput) -> [PlannedNotification] {
    let settings = input.settings
    let viewer = input.viewer
    let now = input.now
    let calendar = HouseholdCalendar(timeZone: input.timeZone)
    let lead = TimeInterval(settings.eventLeadMinutes * 60)
    let remindEvents = settings.isEnabled(.eventReminder)
    let remindTasks = settings.isEnabled(.taskDue)
    let remindTopics = settings.isEnabled(.replyByOverdue)
    let activity =
      settings.isEnabled(.activity) ? latestActivityPerCard(input.activity, viewer: viewer) : [:]
    var soonest = SoonestCandidates(limit: input.limit, cards: input.cards)
    var pendingCount = 0
    var active: [(index: Int, event: ActivityEvent)] = []
    let shown = input.shown
    // NB: a summary shown covers every act up to its newest: none comes again on its own
    // once acknowledgements leave fewer than make a summary (AC-NOTIF-20, seed 23832).
    let covered = shown.lazy.filter { $0.kind == .activity && $0.cardID == nil }.map(\.at).max()
    /// Offers a candidate unless the device has shown that very reminder already.
    func offer(_ candidate: Candidate, card: CardID?) {
      if !shown.isEmpty,
        shown.contains(
          NotificationOccurrence(kind: candidate.kind, cardID: card, at: candidate.occurrenceAt))
      {
        return
      }
      soonest.offer(candidate)
    }

    // NB: one pass that only compares dates; text is written for the kept few at the end.
    // NB: a deleted card reminds of nothing, but a removed meal is pending (AC-MEAL-23): the
    // digest counts it and its removal is activity like any change.
    for (index, card) in input.cards.enumerated() where AcknowledgementRules.isKnowable(card) {
      let pending = AcknowledgementRules.isPending(card, for: viewer)
      if pending {
        pendingCount += 1
        // NB: activity older than a device remembers what it showed is not notified: it could
        // not be remembered as shown, and would come again (found by seed 10335, 300 steps:
        // a device back after two days shown one change twice).
        if !activity.isEmpty, let event = activity[card.id],
          event.at >= now - NotificationOccurrence.memory, covered.map({ event.at > $0 }) ?? true
        {
          active.append((index, event))
        }
      }
      if card.isDeleted { continue }
      switch card.kind {
      case .event:
        // NB: a repeating event reminds of its coming occurrence only.
        if remindEvents, card.concerns(viewer),
          let time = card.repeatRule == nil
            ? card.time : RepeatRules.shownTime(of: card, now: now, in: input.timeZone),
          time > now
        {
          let fireAt = max(time.addingTimeInterval(-lead), now)
          offer(
            Candidate(fireAt: fireAt, kind: .eventReminder, card: index, occurrenceAt: time),
            card: card.id)
        }
      case .task:
        if remindTasks, let time = card.time, time > now, !card.isDone, card.assignee == viewer {
          offer(
            Candidate(fireAt: time, kind: .taskDue, card: index, occurrenceAt: time), card: card.id)
        }
      case .topic:
        if remindTopics, let replyBy = card.replyBy, replyBy > now, !card.isAnswered {
          offer(
            Candidate(fireAt: replyBy, kind: .replyByOverdue, card: index, occurrenceAt: replyBy),
            card: card.id)
        }
      // NB: a meal reminds by its slot's decide-by time, planned from the meals together.
      case .note, .meal:
        break
      }
    }

    if !active.isEmpty {
      let fireAt = calendar.deferred(now, past: settings.quietHours)
      if active.count > summaryThreshold {
        // NB: in the order made; a summary is shown again only once something newer came.
        let ordered = active.sorted {
          ($0.event.at, input.cards[$0.index].id.rawValue)
            < ($1.event.at, input.cards[$1.index].id.rawValue)
        }
        let newest = ordered.last?.event.at ?? now
        offer(
          Candidate(
            fireAt: fireAt, kind: .activity, card: nil, event: ordered.last?.event,
            summary: ordered.map(\.index), occurrenceAt: newest), card: nil)
      } else {
        for (index, event) in active {
          offer(
            Candidate(
              fireAt: fireAt, kind: .activity, card: index, event: event, occurrenceAt: event.at),
            card: input.cards[index].id)
        }
      }
    }

    if let meals = input.meals, settings.isEnabled(.mealUndecided) {
      for reminder in MealRules.reminders(
        MealRules.planned(input.cards).compactMap(\.meal), times: meals.times,
        in: input.timeZone, now: now)
      {
        offer(
          Candidate(
            fireAt: reminder.fireAt, kind: .mealUndecided, card: nil,
            occurrenceAt: reminder.decideBy, meal: (reminder.day, reminder.slot)), card: nil)
      }
    }

    // NB: one notification for the list, about its latest news: a newer one replaces it in
    // place (its id is the kind's), and one shown is not shown again.
    if settings.isEnabled(.listActivity), let news = input.list.max(by: { $0.at < $1.at }),
      news.at >= now - NotificationOccurrence.memory
    {
      offer(
        Candidate(
          fireAt: calendar.deferred(now, past: settings.quietHours), kind: .listActivity,
          card: nil, occurrenceAt: news.at, list: news), card: nil)
    }

    if pendingCount > 0, settings.isEnabled(.digest) {
      let fireAt = calendar.deferred(
        calendar.next(settings.digestTime, after: now), past: settings.quietHours)
      offer(Candidate(fireAt: fireAt, kind: .digest, card: nil, occurrenceAt: fireAt), card: nil)
    }

    return soonest.kept.map { candidate in
      var planned = text(candidate, input: input, calendar: calendar, pendingCount: pendingCount)
      planned.occurrenceAt = candidate.occurrenceAt
      return planned
    }
  }

  /// The words of one kept candidate.
  private static func text(
    _ candidate: Candidate, input: PlanInput, calendar: HouseholdCalendar, pendingCount: Int
  ) -> PlannedNotification {
    let card = candidate.card.map { input.cards[$0] }
    /// The partner who did it, as the household names them.
    var partner: String {
      guard let actor = candidate.event?.actor else { return input.wording.partner }
      return input.wording.name(of: actor, among: input.members)
    }
    switch (candidate.kind, card) {
    case (.activity, let card?):
      return NotificationText.activity(
        card, by: partner, action: candidate.event?.action ?? .changed, fireAt: candidate.fireAt,
        wording: input.wording)
    case (.activity, nil):
      return NotificationText.activitySummary(
        candidate.summary.map { input.cards[$0] }, by: partner, fireAt: candidate.fireAt,
        wording: input.wording)
    case (.eventReminder, let card?):
      return NotificationText.eventReminder(
        card, at: candidate.occurrenceAt, calendar: calendar, fireAt: candidate.fireAt,
        wording: input.wording)
    case (.taskDue, let card?):
      return NotificationText.taskDue(card, at: candidate.fireAt, wording: input.wording)
    case (.replyByOverdue, let card?):
      return NotificationText.replyByOverdue(card, at: candidate.fireAt, wording: input.wording)
    case (.mealUndecided, _):
      let meal =
        candidate.meal ?? (MealDay(containing: candidate.fireAt, in: input.timeZone), .dinner)
      return NotificationText.mealUndecided(
        meal.day, meal.slot, fireAt: candidate.fireAt, zone: input.timeZone, wording: input.wording)
    case (.listActivity, _):
      let news = candidate.list ?? ListNews(actor: input.viewer, at: candidate.occurrenceAt)
      let name = input.wording.name(of: news.actor, among: input.members)
      return NotificationText.list(news, by: name, fireAt: candidate.fireAt, wording: input.wording)
    default:
      return NotificationText.digest(
        pendingCount: pendingCount, fireAt: candidate.fireAt, wording: input.wording)
    }
  }

  /// The newest partner event for each card: one activity notification per card.
  static func latestActivityPerCard(
    _ events: [ActivityEvent], viewer: AccountID
  ) -> [CardID: ActivityEvent] {
    var latest: [CardID: ActivityEvent] = [:]
    for event in events where event.actor != viewer {
      if let known = latest[event.cardID], known.at > event.at { continue }
      latest[event.cardID] = event
    }
    return latest
  }
}
