import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// Household life through the device, as an app makes it.
@Suite struct DeviceHouseholdTests {
  let clock = ManualWallClock(Fixtures.start)

  func phone(_ account: AccountID, _ backend: InMemoryBackend, store: InMemoryDeviceStore)
    async throws -> Device
  {
    try await Device(
      account: account, backend: backend, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock), store: store,
      random: SeededRandomNumberGenerator(seed: 14))
  }

  @Test func test_AC_DEV_14_householdLifeGoesThroughTheDevice() async throws {
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 14))
    let alicesStore = InMemoryDeviceStore()
    let alice = try await phone("alice", backend, store: alicesStore)
    let bob = try await phone("bob", backend, store: InMemoryDeviceStore())

    // NB: offline, nothing of a household's life is made, and nothing changes.
    await alice.setOnline(false)
    await #expect(throws: TeammateError.unavailable) {
      _ = try await alice.createHousehold(name: "Home", timeZone: "Asia/Taipei", displayName: "小美")
    }
    await #expect(throws: TeammateError.unavailable) { try await alice.issueInvite() }
    await #expect(throws: TeammateError.unavailable) {
      try await alice.linkCredential(Credential(provider: "google", subject: "mei@example.com"))
    }
    #expect(await alice.state == DeviceState())
    #expect(try await backend.householdID(of: "alice", as: "alice") == nil)
    await alice.setOnline(true)

    let creation = try await alice.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "小美")
    #expect(await alice.snapshot().household?.id == creation.household.id)
    #expect(try await alicesStore.loadState(of: "alice")?.householdID == creation.household.id)
    let invite = try await alice.issueInvite()
    #expect(try await alice.liveInvite() == invite)

    await bob.setOnline(false)
    await #expect(throws: TeammateError.unavailable) {
      _ = try await bob.join(code: invite.code.rawValue, displayName: "阿明")
    }
    await bob.setOnline(true)
    let joined = try await bob.join(code: invite.code.rawValue, displayName: "阿明")
    #expect(joined.members.map(\.uid) == ["alice", "bob"])
    #expect(await bob.snapshot().household?.members.count == 2)

    try await bob.linkCredential(Credential(provider: "google", subject: "ming@example.com"))
    #expect(bob.account == "bob")
    _ = try await alice.sync()
    #expect(await alice.household?.members.map(\.displayName) == ["小美", "阿明"])
    // NB: every line of the article's example is a line of this test.
    #expect(try ArticleExample.lines(under: "Household life", from: #filePath).count == 4)
    #expect(try ArticleExample.linesNotRun(under: "Household life", by: #filePath) == [])
  }
}
