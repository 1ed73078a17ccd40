import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct RepeatingCardTests {
  let home = Fixtures.household(timeZone: "America/New_York")
  var zone: TimeZone { home.zone }
  let weekly = RepeatRule(frequency: .weekly, weekdays: [.tuesday, .friday])

  /// Alice's task "Trash", every Tue and Fri at 19:00 New York from Tue 1 Dec 2026, which
  /// Bob has acknowledged.
  func trash(kind: CardKind = .task, rule: RepeatRule? = nil) throws -> Card {
    let draft = CardDraft(
      kind: kind, title: "Trash", time: Fixtures.date("2026-12-02T00:00:00Z"),
      repeatRule: rule ?? weekly)
    let card = try CardRules.add(
      draft, id: "c1", household: home, by: Fixtures.alice, now: Fixtures.start)
    return try AcknowledgementRules.acknowledge(
      card, revision: 1, by: Fixtures.bob, now: Fixtures.start
    ).card
  }

  func local(_ date: Date?) -> String? { date.map { ISOTimestamp.text($0, in: zone) } }

  @Test func test_AC_REP_07_aRuleEndingExactlyAtItsFirstOccurrenceIsAccepted() throws {
    let time = Fixtures.date("2026-12-02T00:00:00Z")
    let once = RepeatRule(frequency: .daily, end: .until(time))
    let card = try CardRules.add(
      CardDraft(kind: .task, title: "Once", time: time, repeatRule: once), id: "c1",
      household: home, by: Fixtures.alice, now: Fixtures.start)
    #expect(card.repeatRule == once && card.time == time)
    #expect(
      throws: TeammateError.repeatEndsBeforeStart(
        until: time - 1, start: time, timeZone: home.timeZone)
    ) {
      _ = try CardRules.add(
        CardDraft(
          kind: .task, title: "Never", time: time,
          repeatRule: RepeatRule(frequency: .daily, end: .until(time - 1))),
        id: "c2", household: home, by: Fixtures.alice, now: Fixtures.start)
    }
  }

  @Test func test_AC_REP_07_onlyATimedTaskOrEventRepeats() throws {
    for kind in [CardKind.note, .topic] {
      #expect(throws: TeammateError.repeatRequiresTaskOrEvent(kind)) {
        _ = try CardRules.add(
          CardDraft(kind: kind, title: "x", time: Fixtures.start, repeatRule: weekly), id: "c1",
          household: home, by: Fixtures.alice, now: Fixtures.start)
      }
    }
    #expect(throws: TeammateError.repeatRequiresTime) {
      _ = try CardRules.add(
        CardDraft(kind: .task, title: "x", repeatRule: weekly), id: "c1", household: home,
        by: Fixtures.alice, now: Fixtures.start)
    }
    let card = try trash()
    #expect(card.repeatRule == weekly && card.repeatStart == card.time)
    #expect(throws: TeammateError.repeatRequiresTime) {
      _ = try CardRules.edit(
        card, with: CardEdit(time: .set(nil)), household: home, by: Fixtures.alice,
        now: Fixtures.start)
    }
    let note = try CardRules.add(
      CardDraft(kind: .note, title: "n"), id: "c2", household: home, by: Fixtures.alice,
      now: Fixtures.start)
    #expect(throws: TeammateError.repeatRequiresTaskOrEvent(.note)) {
      _ = try CardRules.edit(
        note, with: CardEdit(repeatRule: .set(weekly)), household: home, by: Fixtures.alice,
        now: Fixtures.start)
    }
    #expect(throws: TeammateError.self) {
      _ = try RepeatRule(parsing: "FREQ=DAILY;COUNT=2;UNTIL=20270101T000000Z")
    }
    let early = Fixtures.date("2026-12-01T00:00:00Z")
    #expect(
      throws: TeammateError.repeatEndsBeforeStart(
        until: early, start: Fixtures.date("2026-12-02T00:00:00Z"), timeZone: home.timeZone)
    ) {
      _ = try CardRules.edit(
        card, with: CardEdit(repeatRule: .set(RepeatRule(frequency: .daily, end: .until(early)))),
        household: home, by: Fixtures.alice, now: Fixtures.start)
    }
    #expect(
      TeammateError.repeatEndsBeforeStart(
        until: early, start: Fixtures.date("2026-12-02T00:00:00Z"), timeZone: home.timeZone
      ).description
        == "the repeat would end (2026-11-30T19:00:00-05:00) before its first occurrence "
        + "(2026-12-01T19:00:00-05:00)")
  }

  @Test func test_AC_REP_08_completingMovesPastMissedOccurrencesAndKeepsTheAcknowledgement()
    throws
  {
    let card = try trash()
    // NB: completed on Mon 7 Dec: the occurrences of Tue 1 and Fri 4 Dec are behind it.
    let monday = Fixtures.date("2026-12-07T15:00:00Z")
    let moved = try CardRules.setDone(card, done: true, by: Fixtures.bob, now: monday, in: zone)
    #expect(local(moved.time) == "2026-12-08T19:00:00-05:00")
    #expect(!moved.isDone && moved.revision == 2 && moved.lastEditedBy == Fixtures.bob)
    #expect(moved.ackBy == Fixtures.bob && moved.repeatStart == card.repeatStart)
    #expect(!AcknowledgementRules.isPending(moved, for: Fixtures.alice))
    // NB: completed early, it still moves past the occurrence it was at.
    let early = try CardRules.setDone(
      card, done: true, by: Fixtures.alice, now: Fixtures.start, in: zone)
    #expect(local(early.time) == "2026-12-04T19:00:00-05:00")

    let twice = try trash(rule: RepeatRule(frequency: .daily, end: .count(2)))
    let second = try CardRules.setDone(
      twice, done: true, by: Fixtures.bob, now: Fixtures.start, in: zone)
    #expect(!second.isDone && local(second.time) == "2026-12-02T19:00:00-05:00")
    let last = try CardRules.setDone(
      second, done: true, by: Fixtures.bob, now: Fixtures.start, in: zone)
    #expect(last.isDone && last.time == second.time && last.ackBy == Fixtures.bob)
  }

  @Test func test_AC_REP_09_skippingMovesOnWithoutCompleting() throws {
    for kind in [CardKind.task, .event] {
      let card = try trash(kind: kind)
      let skipped = try CardRules.skip(card, by: Fixtures.alice, now: Fixtures.start, in: zone)
      #expect(local(skipped.time) == "2026-12-04T19:00:00-05:00")
      #expect(!skipped.isDone && skipped.ackBy == Fixtures.bob && skipped.revision == 2)
    }
    let once = try trash(rule: RepeatRule(frequency: .daily, end: .count(1)))
    let ended = try CardRules.skip(once, by: Fixtures.alice, now: Fixtures.start, in: zone)
    #expect(ended.isDone)
    #expect(throws: TeammateError.repeatEnded("c1")) {
      _ = try CardRules.skip(ended, by: Fixtures.alice, now: Fixtures.start, in: zone)
    }
    let plain = Fixtures.card(kind: .task, time: Fixtures.start)
    #expect(throws: TeammateError.notRepeating("c1")) {
      _ = try CardRules.skip(plain, by: Fixtures.alice, now: Fixtures.start, in: zone)
    }
  }

  @Test func test_AC_REP_10_anEventShowsItsNextOccurrenceATaskItsOwn() throws {
    let event = try trash(kind: .event)
    let task = try trash(kind: .task)
    let later = Fixtures.date("2026-12-09T12:00:00Z")
    #expect(
      local(RepeatRules.shownTime(of: event, now: later, in: zone)) == "2026-12-11T19:00:00-05:00")
    #expect(RepeatRules.shownTime(of: task, now: later, in: zone) == task.time)
    // NB: an occurrence at this very moment is still the one shown.
    let exactly = try #require(event.time)
    #expect(RepeatRules.shownTime(of: event, now: exactly, in: zone) == exactly)
    let once = try trash(kind: .event, rule: RepeatRule(frequency: .daily, end: .count(1)))
    #expect(RepeatRules.shownTime(of: once, now: later, in: zone) == once.time)
    let plain = Fixtures.card(kind: .event, time: Fixtures.start)
    #expect(RepeatRules.shownTime(of: plain, now: later, in: zone) == Fixtures.start)
    // NB: a list looked at `later` filters and orders the event by its coming occurrence.
    var filter = CardFilter(dueBefore: Fixtures.date("2026-12-11T00:00:00Z"))
    filter.now = CardFilter.Moment(later, in: zone)
    #expect(filter.apply(to: [event]).isEmpty)
    filter.dueBefore = Fixtures.date("2026-12-12T01:00:00Z")
    #expect(filter.apply(to: [event]).map(\.id) == [event.id])
    var soon = plain
    soon.id = "c9"
    soon.time = Fixtures.date("2026-12-10T00:00:00Z")
    let due = CardFilter(order: .due)
    var dueLater = due
    dueLater.now = CardFilter.Moment(later, in: zone)
    #expect(dueLater.apply(to: [event, soon]).map(\.id) == ["c9", event.id])
    #expect(due.apply(to: [event, soon]).map(\.id) == [event.id, "c9"])
  }

  @Test func test_AC_REP_11_changingTheRuleNeedsKnowingAgainCompletingDoesNot() throws {
    let card = try trash()
    let daily = RepeatRule(frequency: .daily)
    for edit in [CardEdit(repeatRule: .set(daily)), CardEdit(repeatRule: .set(nil))] {
      let outcome = try CardRules.edit(
        card, with: edit, household: home, by: Fixtures.alice, now: Fixtures.start)
      #expect(outcome.needsKnowingAgain && outcome.card.ackBy == nil)
      #expect(outcome.fields == [.repeatRule])
      #expect(outcome.card.repeatStart == (outcome.card.repeatRule == nil ? nil : card.time))
    }
    let moved = try CardRules.setDone(
      card, done: true, by: Fixtures.alice, now: Fixtures.start, in: zone)
    let retimed = try CardRules.edit(
      moved, with: CardEdit(time: .set(Fixtures.date("2026-12-03T00:00:00Z"))), household: home,
      by: Fixtures.alice, now: Fixtures.start)
    #expect(retimed.card.repeatStart == Fixtures.date("2026-12-03T00:00:00Z"))
    let plain = Fixtures.card(kind: .task, time: Fixtures.start)
    let added = try CardRules.edit(
      plain, with: CardEdit(repeatRule: .set(daily)), household: home, by: Fixtures.alice,
      now: Fixtures.start)
    #expect(added.card.repeatStart == Fixtures.start && added.fields == [.repeatRule])
    let renamed = try CardRules.edit(
      moved, with: CardEdit(note: .set("bins out")), household: home, by: Fixtures.alice,
      now: Fixtures.start)
    #expect(!renamed.needsKnowingAgain && renamed.card.repeatStart == card.repeatStart)
  }

  @Test func test_AC_REP_12_thePlannerRemindsOfTheNextOccurrenceOnly() throws {
    let event = try trash(kind: .event)
    var task = try trash(kind: .task)
    task.id = "c2"
    task.assignee = Fixtures.bob
    let now = Fixtures.date("2026-12-09T12:00:00Z")
    let plan = NotificationPlanner.plan(
      PlanInput(
        cards: [event, task], viewer: Fixtures.bob, members: home.members, timeZone: zone,
        now: now))
    let reminders = plan.filter { $0.kind == .eventReminder }
    #expect(reminders.count == 1)
    #expect(local(reminders.first?.occurrenceAt) == "2026-12-11T19:00:00-05:00")
    // NB: the task is overdue at its own occurrence: nothing is due after now until it moves.
    #expect(!plan.contains { $0.kind == .taskDue })
    let moved = try CardRules.setDone(task, done: true, by: Fixtures.bob, now: now, in: zone)
    let again = NotificationPlanner.plan(
      PlanInput(
        cards: [moved], viewer: Fixtures.bob, members: home.members, timeZone: zone, now: now))
    #expect(
      again.filter { $0.kind == .taskDue }.map { local($0.occurrenceAt) } == [
        "2026-12-11T19:00:00-05:00"
      ])
    var many: [Card] = []
    for index in 0..<100 {
      var copy = event
      copy.id = CardID("e\(index)")
      many.append(copy)
    }
    let limited = NotificationPlanner.plan(
      PlanInput(
        cards: many, viewer: Fixtures.bob, members: home.members, timeZone: zone, now: now))
    #expect(limited.count == NotificationPlanner.limit)
    #expect(Set(limited.map(\.occurrenceAt)).count == 1)
  }
}
