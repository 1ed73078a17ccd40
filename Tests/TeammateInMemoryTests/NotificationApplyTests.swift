import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct NotificationApplyTests {
  func note(_ id: String, at offset: TimeInterval, title: String = "t") -> PlannedNotification {
    PlannedNotification(
      id: id, kind: .eventReminder, fireAt: Fixtures.start + offset, title: title, body: "b",
      cardID: nil)
  }

  @Test func test_AC_REC_04_applyingTheDiffLeavesExactlyThePlan() async throws {
    let scheduler = InMemoryNotificationScheduler(pending: [
      note("same", at: 60), note("moved", at: 60), note("gone", at: 60),
    ])
    let plan = [note("same", at: 60), note("moved", at: 90), note("fresh", at: 30)]
    let diff = NotificationReconciler.reconcile(planned: plan, scheduled: await scheduler.pending())
    try await NotificationReconciler.apply(diff, to: scheduler)
    #expect(await scheduler.pending() == plan.sorted { $0.fireAt < $1.fireAt })
    #expect(await scheduler.calls == [.cancel(["gone"]), .schedule(["moved", "fresh"])])
    let again = NotificationReconciler.reconcile(
      planned: plan, scheduled: await scheduler.pending())
    try await NotificationReconciler.apply(again, to: scheduler)
    #expect(await scheduler.calls.count == 2)
  }
}
