import Foundation

/// Logging, editing, completing and deleting cards.
public enum CardRules {
  /// A new card at revision 1, written by `author` at server time `now`.
  public static func add(
    _ draft: CardDraft, id: CardID, household: Household, by author: AccountID, now: Date
  ) throws(TeammateError) -> Card {
    let fields = try validated(
      kind: draft.kind, title: draft.title, note: draft.note, assignee: draft.assignee,
      replyBy: draft.replyBy, repeatRule: draft.repeatRule, time: draft.time,
      household: household)
    var meal: Meal?
    switch (draft.kind, draft.meal) {
    case (.meal, let plan?): meal = try MealRules.validated(plan, household: household)
    case (.meal, nil): throw .mealPlanRequired
    case (let kind, _?): throw .mealPlanOnlyOnMeal(kind)
    case (_, nil): meal = nil
    }
    return Card(
      id: id, householdID: household.id, kind: draft.kind, title: fields.title,
      note: fields.note, time: draft.time, assignee: draft.assignee, replyBy: draft.replyBy,
      repeatRule: draft.repeatRule, createdBy: author, createdAt: now, meal: meal)
  }

  /// What an edit did to a card.
  public struct EditOutcome: Sendable, Equatable, Codable {
    /// The card as it is after the edit.
    public var card: Card
    /// False when the edit changed nothing: no new revision was made.
    public var changed: Bool
    /// True when the title, time, assignee or repeat rule changed: the partner must know the
    /// card again, so any acknowledgement was cleared.
    public var needsKnowingAgain: Bool
    /// The fields the edit changed, in a fixed order: `title`, `note`, `time`, `assignee`,
    /// `replyBy`, `repeat`.
    public var fields: [CardField] = []
  }

  /// A field of a card that a person edits.
  public enum CardField: String, Sendable, Codable, CaseIterable {
    case title, note, time, assignee, replyBy
    case repeatRule = "repeat"
    /// What a meal is: proposed, decided or skipped, and with what.
    case meal
    /// A meal's day and slot.
    case mealSlot = "meal-slot"
    /// Who cooks a meal.
    case cook

    /// The fields in which two versions of a card differ.
    public static func differences(from old: Card, to new: Card) -> [CardField] {
      var fields: [CardField] = []
      if old.title != new.title { fields.append(.title) }
      if old.note != new.note { fields.append(.note) }
      if old.time != new.time { fields.append(.time) }
      if old.assignee != new.assignee { fields.append(.assignee) }
      if old.replyBy != new.replyBy { fields.append(.replyBy) }
      if old.repeatRule != new.repeatRule { fields.append(.repeatRule) }
      if old.meal?.state != new.meal?.state { fields.append(.meal) }
      if old.meal?.day != new.meal?.day || old.meal?.slot != new.meal?.slot {
        fields.append(.mealSlot)
      }
      if old.meal?.cook != new.meal?.cook { fields.append(.cook) }
      return fields
    }
  }

  /// Applies `edit`; a change of title, time, assignee or repeat rule clears the
  /// acknowledgement. A new time or rule starts the series again from the card's time.
  ///
  /// An edit that changes nothing returns the card untouched: no new revision, no new editor.
  public static func edit(
    _ card: Card, with edit: CardEdit, household: Household, by editor: AccountID, now: Date
  ) throws(TeammateError) -> EditOutcome {
    guard !card.isDeleted else { throw .cardDeleted(card.id) }
    let assignee = edit.assignee.applied(to: card.assignee)
    let replyBy = edit.replyBy.applied(to: card.replyBy)
    let time = edit.time.applied(to: card.time)
    let rule = edit.repeatRule.applied(to: card.repeatRule)
    let fields = try validated(
      kind: card.kind, title: edit.title.applied(to: card.title),
      note: edit.note.applied(to: card.note), assignee: assignee, replyBy: replyBy,
      repeatRule: rule, time: time, household: household, unchangedAssignee: card.assignee)
    var updated = card
    updated.title = fields.title
    updated.note = fields.note
    updated.time = time
    updated.assignee = assignee
    updated.replyBy = replyBy
    updated.repeatRule = rule
    if rule == nil {
      updated.repeatStart = nil
    } else if rule != card.repeatRule || time != card.time {
      updated.repeatStart = time
    }
    guard updated != card else {
      return EditOutcome(card: card, changed: false, needsKnowingAgain: false)
    }
    let needsKnowingAgain =
      updated.title != card.title || updated.time != card.time || updated.assignee != card.assignee
      || updated.repeatRule != card.repeatRule
    if needsKnowingAgain { forgetAcknowledgement(&updated) }
    let changed = CardField.differences(from: card, to: updated)
    stamp(&updated, by: editor, now: now)
    return EditOutcome(
      card: updated, changed: true, needsKnowingAgain: needsKnowingAgain, fields: changed)
  }

  /// Marks a task done or not done; the same state again changes nothing. A repeating task
  /// marked done moves on to its next occurrence instead, and is done once its rule ends.
  public static func setDone(
    _ card: Card, done: Bool, by editor: AccountID, now: Date, in zone: TimeZone
  ) throws(TeammateError) -> Card {
    guard !card.isDeleted else { throw .cardDeleted(card.id) }
    guard card.kind == .task else { throw .notATask(card.id) }
    guard card.isDone != done else { return card }
    var updated = card
    if done, card.repeatRule != nil {
      updated = RepeatRules.movedOn(card, now: now, in: zone)
    } else {
      updated.isDone = done
    }
    stamp(&updated, by: editor, now: now)
    return updated
  }

  /// Moves a repeating task or event on to its next occurrence without completing it; done
  /// once its rule ends.
  public static func skip(
    _ card: Card, by editor: AccountID, now: Date, in zone: TimeZone
  ) throws(TeammateError) -> Card {
    guard !card.isDeleted else { throw .cardDeleted(card.id) }
    guard card.repeatRule != nil else { throw .notRepeating(card.id) }
    guard !card.isDone else { throw .repeatEnded(card.id) }
    var updated = RepeatRules.movedOn(card, now: now, in: zone)
    stamp(&updated, by: editor, now: now)
    return updated
  }

  /// Deletes a card; it stays in the feed as deleted so that every device lets go of it.
  public static func delete(
    _ card: Card, by editor: AccountID, now: Date
  ) throws(TeammateError) -> Card {
    guard !card.isDeleted else { throw .cardDeleted(card.id) }
    var updated = card
    updated.isDeleted = true
    // NB: a meal taken off the plan is news the partner must know (AC-MEAL-23).
    if card.kind == .meal { forgetAcknowledgement(&updated) }
    stamp(&updated, by: editor, now: now)
    return updated
  }

  /// Brings a deleted card back at a new revision, unacknowledged: the partner must know it
  /// again, as if it were new.
  public static func restore(
    _ card: Card, by editor: AccountID, now: Date
  ) throws(TeammateError) -> Card {
    guard card.isDeleted else { throw .cardNotDeleted(card.id) }
    var updated = card
    updated.isDeleted = false
    forgetAcknowledgement(&updated)
    stamp(&updated, by: editor, now: now)
    return updated
  }

  /// The cards a member sees in a list: not deleted, oldest first, of one kind if asked.
  public static func listed(_ cards: [Card], kind: CardKind? = nil) -> [Card] {
    cards.filter { !$0.isDeleted && (kind == nil || $0.kind == kind) }.sorted {
      ($0.createdAt, $0.id) < ($1.createdAt, $1.id)
    }
  }

  /// A meal card with a new plan, at a new revision the partner must know; its title follows
  /// a move unless a person wrote one of their own. The same plan changes nothing.
  public static func replan(
    _ card: Card, to meal: Meal, by editor: AccountID, now: Date
  ) throws(TeammateError) -> EditOutcome {
    guard !card.isDeleted else { throw .cardDeleted(card.id) }
    guard card.kind == .meal, let old = card.meal else { throw .notAMeal(card.id) }
    guard meal != old else {
      return EditOutcome(card: card, changed: false, needsKnowingAgain: false)
    }
    var updated = card
    updated.meal = meal
    if card.title == MealRules.title(of: old) { updated.title = MealRules.title(of: meal) }
    forgetAcknowledgement(&updated)
    let fields = CardField.differences(from: card, to: updated).filter { $0 != .title }
    stamp(&updated, by: editor, now: now)
    return EditOutcome(card: updated, changed: true, needsKnowingAgain: true, fields: fields)
  }

  /// The partner must know the card again: nobody acknowledged this version.
  private static func forgetAcknowledgement(_ card: inout Card) {
    card.ackBy = nil
    card.ackAt = nil
    card.ackRevision = nil
  }

  private static func stamp(_ card: inout Card, by editor: AccountID, now: Date) {
    card.revision += 1
    card.lastEditedBy = editor
    card.lastEditedAt = now
  }

  private static func validated(
    kind: CardKind, title: String, note: String?, assignee: AccountID?, replyBy: Date?,
    repeatRule: RepeatRule?, time: Date?, household: Household,
    unchangedAssignee: AccountID? = nil
  ) throws(TeammateError) -> (title: String, note: String?) {
    let title = try Validation.title(title)
    let note = try Validation.note(note)
    // NB: a time no store reads back would leave the household's store unreadable
    // (AC-INPUT-01).
    try StoredTime.check(time)
    try StoredTime.check(replyBy)
    if case .until(let until)? = repeatRule?.end { try StoredTime.check(until) }
    if replyBy != nil && kind != .topic { throw .replyByRequiresTopic(kind) }
    // NB: a meal's instant comes from its day, slot and the household (ADR 0012).
    if kind == .meal, time != nil || assignee != nil { throw .mealHasNoTimeOrAssignee }
    if repeatRule != nil {
      guard kind == .task || kind == .event else { throw .repeatRequiresTaskOrEvent(kind) }
      guard let time else { throw .repeatRequiresTime }
      if case .until(let until)? = repeatRule?.end, until < time {
        throw .repeatEndsBeforeStart(until: until, start: time, timeZone: household.timeZone)
      }
    }
    // NB: an assignee who has since left may stay on old cards, but is never newly set.
    if let assignee, assignee != unchangedAssignee, !household.hasMember(assignee) {
      throw .assigneeNotMember(assignee)
    }
    return (title, note)
  }
}
