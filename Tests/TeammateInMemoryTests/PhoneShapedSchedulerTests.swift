import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct PhoneShapedSchedulerTests {
  @Test func test_AC_REC_06_aPhoneShapedCentreIsNeverAskedTwiceForTheSame() async throws {
    // NB: a start with a fraction of a second, which the phone's trigger does not keep.
    let clock = ManualWallClock(Fixtures.start + 0.375)
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 5))
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
    _ = try await backend.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
    let home = creation.household.id
    let phone = PhoneShapedNotificationCentre()
    let bob = Device(
      account: "bob", backend: backend, clock: clock, scheduler: phone,
      random: SeededRandomNumberGenerator(seed: 6))
    _ = try await backend.addCard(
      CardDraft(kind: .event, title: "Checkup", time: clock.now() + 86_400.25), to: home,
      as: "alice")
    let recycling = try await backend.addCard(
      CardDraft(kind: .task, title: "Recycling", time: clock.now() + 7_200, assignee: "bob"),
      to: home,
      as: "alice")
    _ = try await bob.sync()
    let planned = await bob.state.planned
    let held = await phone.pending()
    #expect(held.count == planned.count && !held.isEmpty, "\(planned.map(\.id)) \(held.map(\.id))")
    for notification in planned {
      #expect(held.contains { $0.looksLike(notification) }, "\(notification.id)")
    }

    let before = await phone.added
    _ = try await bob.sync()
    try await bob.replan()
    #expect(await phone.added == before)

    _ = try await backend.editCard(
      recycling.id, CardEdit(title: .set("Recycling and glass")), as: "alice")
    _ = try await bob.sync()
    let fresh = await phone.added.dropFirst(before.count)
    #expect(fresh.contains("task:\(recycling.id)"))
    #expect(!fresh.contains { $0.hasPrefix("event:") })
  }
}
