import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct NotificationReconcilerTests {
  let now = Fixtures.start
  let zone = TimeZone(identifier: "Asia/Taipei") ?? .gmt

  func note(_ id: String, at offset: TimeInterval, title: String = "t") -> PlannedNotification {
    PlannedNotification(
      id: id, kind: .eventReminder, fireAt: now + offset, title: title, body: "b", cardID: nil)
  }

  func plan(_ cards: [Card], settings: NotificationSettings = .default) -> [PlannedNotification] {
    NotificationPlanner.plan(
      PlanInput(
        cards: cards, viewer: Fixtures.bob, members: Fixtures.household().members,
        settings: settings, timeZone: zone, now: now))
  }

  @Test func test_AC_REC_01_newAndChangedAreScheduledGoneCancelledUnchangedLeft() {
    let scheduled = [
      note("same", at: 60), note("moved", at: 60), note("retitled", at: 60), note("gone", at: 60),
    ]
    let planned = [
      note("same", at: 60), note("moved", at: 120), note("retitled", at: 60, title: "new"),
      note("fresh", at: 30),
    ]
    let diff = NotificationReconciler.reconcile(planned: planned, scheduled: scheduled)
    #expect(diff.toSchedule.map(\.id) == ["moved", "retitled", "fresh"])
    #expect(diff.toCancel == ["gone"])
  }

  @Test func test_AC_REC_02_movedDigestIsOneOverwriteAndNoCancel() throws {
    let cards = [Fixtures.card()]
    let before = plan(cards)
    let later = NotificationSettings(digestTime: try TimeOfDay(parsing: "21:00"))
    let diff = NotificationReconciler.reconcile(
      planned: plan(cards, settings: later), scheduled: before)
    #expect(diff.toSchedule.map(\.id) == ["digest"])
    #expect(diff.toSchedule.first?.fireAt == Fixtures.date("2026-12-01T21:00:00+08:00"))
    #expect(diff.toCancel.isEmpty)
  }

  @Test func test_AC_REC_03_replanningUnchangedInputGivesEmptyDiff() {
    let cards = [
      Fixtures.card("c1"), Fixtures.card("e1", kind: .event, time: now + 7_200),
      Fixtures.card("p1", kind: .topic, replyBy: now + 9_000),
    ]
    let first = plan(cards)
    #expect(!first.isEmpty)
    let diff = NotificationReconciler.reconcile(planned: plan(cards), scheduled: first)
    #expect(diff.isEmpty)
    #expect(diff == NotificationDiff())
  }

  @Test func test_AC_REC_05_deletedCardsNotificationsAreCancelled() throws {
    let event = Fixtures.card("e1", kind: .event, time: now + 7_200)
    let before = plan([event])
    let deleted = try CardRules.delete(event, by: Fixtures.alice, now: now)
    let diff = NotificationReconciler.reconcile(planned: plan([deleted]), scheduled: before)
    #expect(diff.toSchedule.isEmpty)
    #expect(diff.toCancel == ["digest", "event:e1"])
  }

  @Test func test_AC_REC_03_aDiffIsEmptyOnlyWithNothingToScheduleOrCancel() {
    #expect(NotificationDiff().isEmpty)
    #expect(!NotificationDiff(toCancel: ["digest"]).isEmpty)
    let one = PlannedNotification(
      id: "digest", kind: .digest, fireAt: Fixtures.start, title: "t", body: "b", cardID: nil)
    #expect(!NotificationDiff(toSchedule: [one]).isEmpty)
  }
}
