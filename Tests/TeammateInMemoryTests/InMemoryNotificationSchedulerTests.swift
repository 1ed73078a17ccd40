import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct InMemoryNotificationSchedulerTests {
  func note(_ id: String, at offset: TimeInterval, title: String = "t") -> PlannedNotification {
    PlannedNotification(
      id: id, kind: .activity, fireAt: Fixtures.start + offset, title: title, body: "b",
      cardID: nil)
  }

  @Test func sameIdOverwritesInPlaceAndCallsAreRecorded() async {
    let scheduler = InMemoryNotificationScheduler(pending: [note("a", at: 60)])
    await scheduler.schedule([note("a", at: 120, title: "new"), note("b", at: 30)])
    await scheduler.cancel(ids: ["zzz"])
    let pending = await scheduler.pending()
    #expect(pending.map(\.id) == ["b", "a"])
    #expect(pending.last?.title == "new")
    #expect(await scheduler.calls == [.schedule(["a", "b"]), .cancel(["zzz"])])
  }
}
