/// The kit's words in English. Times read 24-hour, `20:00`.
public struct EnglishWording: Wording {
  /// The wording; it holds nothing, so any two are alike.
  public init() {}

  public var partner: String { "Your partner" }

  public func title(of content: NotificationContent) -> String {
    switch content {
    case .activity(let partner, let action, let kind, _):
      let verb =
        switch action {
        case .created: "logged"
        case .changed: "changed"
        case .restored: "restored"
        }
      return "\(partner) \(verb) \(kind == .event ? "an" : "a") \(kind.rawValue)"
    case .activitySummary(let partner, let count, _): return "\(count) things from \(partner)"
    case .digest: return "Waiting for you"
    case .eventReminder(let title, let startsAt, let minutesBefore):
      switch NotificationContent.soon(startsAt: startsAt, minutesBefore: minutesBefore) {
      case .startingNow: return "Now: \(title)"
      case .inMinutes(let minutes): return "In \(minutes) min: \(title)"
      case .at(let time): return "At \(time): \(title)"
      }
    case .taskDue(let title): return "Due now: \(title)"
    case .replyByOverdue(let title): return "Still to talk about: \(title)"
    case .mealUndecided(let slot, let daysAhead):
      let meal = slot.rawValue.capitalized
      return daysAhead == 1
        ? "Tomorrow's \(slot.rawValue) isn't decided yet" : "\(meal) isn't decided yet"
    case .list(let partner, _, _): return "\(partner) on the shopping list"
    }
  }

  public func body(of content: NotificationContent) -> String {
    switch content {
    case .activity(_, _, _, let title): return title
    case .activitySummary(_, let count, let titles):
      let more = count - titles.count
      return titles.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
    case .digest(let pending):
      return
        "\(pending == 1 ? "1 thing is" : "\(pending) things are") waiting for you to know about."
    case .eventReminder(_, let startsAt, _): return "Starts at \(startsAt)."
    case .taskDue: return "This task is yours and due now."
    case .replyByOverdue: return "This topic needed a reply by now."
    case .mealUndecided: return "Propose something, or pick from what was offered."
    case .list(_, let added, let got): return Self.listBody(added: added, got: got)
    }
  }

  public func news(_ entry: PartnerNews, by partner: String) -> String {
    if let words = mealNews(entry, by: partner) { return words }
    let title = "\"\(entry.title ?? "")\""
    switch entry.kind {
    case .logged:
      return "\(partner) logged \(title)" + (entry.needsKnowing ? "" : " (you know it)")
    case .changed:
      let fields = entry.changed.map(Self.field)
      let what = fields.isEmpty ? "" : " the " + WordList.joined(fields) + " of"
      return "\(partner) changed\(what) \(title)"
        + (entry.needsKnowing ? ": you need to know it again" : "")
    case .acknowledged: return "\(partner) knows \(title)"
    case .completed: return "\(partner) completed \(title)"
    case .reopened: return "\(partner) reopened \(title)"
    case .skipped: return "\(partner) skipped an occurrence of \(title)"
    case .deleted: return "\(partner) deleted \(title)"
    case .restored: return "\(partner) restored \(title)"
    case .joined: return "\(partner) joined the household"
    case .left: return "\(partner) left the household"
    case .erased:
      return partner.prefix(1).uppercased() + partner.dropFirst()
        + " erased their account; what they wrote stays"
    case .renamed: return "\(partner) renamed the household to \(title)"
    case .movedTimeZone: return "\(partner) moved the household to \(entry.title ?? "") time"
    case .mealSettings: return "\(partner) changed when the household eats"
    case .dishAdded: return "\(partner) added \(entry.title ?? "") to the dishes"
    case .dishEdited: return "\(partner) changed the dish \(entry.title ?? "")"
    case .dishRemoved: return "\(partner) removed \(entry.title ?? "") from the dishes"
    case .dishRestored: return "\(partner) put \(entry.title ?? "") back in the dishes"
    case .addedItems: return "\(partner) added \(Self.things(entry.items))"
    case .gotItems: return "\(partner) got \(Self.things(entry.items))"
    case .notedItem:
      return "\(partner) added a note to \(Self.things(entry.items)): \(entry.title ?? "")"
    case .movedItem:
      return "\(partner) moved \(Self.things(entry.items)) to \(entry.title ?? "")"
    case .renamedItem:
      return "\(partner) renamed \(entry.title ?? "an item") to \(Self.things(entry.items))"
    // NB: news of a meal without its plan is worded by its card's title.
    case .proposedMeal, .pickedMeal, .decidedMeal, .skippedMeal, .movedMeal, .cookChanged:
      return "\(partner) changed \(title)"
    }
  }

  private static func field(_ field: CardRules.CardField) -> String {
    switch field {
    case .title: "title"
    case .note: "note"
    case .time: "time"
    case .assignee: "assignee"
    case .replyBy: "reply-by time"
    case .repeatRule: "repeat"
    case .meal: "meal"
    case .mealSlot: "day and slot"
    case .cook: "cook"
    }
  }

}
