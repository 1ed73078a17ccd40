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

  @Test func test_AC_DEV_19_aHouseholdMadeOfflineWaitsAndLandsOnce() async throws {
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 19))
    let store = InMemoryDeviceStore()
    var alice: Device? = try await phone("alice", backend, store: store)
    await alice?.setOnline(false)
    await #expect(throws: TeammateError.unknownTimeZone("Mars/Olympus")) {
      _ = try await alice?.makeHousehold(name: "Home", timeZone: "Mars/Olympus", displayName: "小美")
    }
    #expect(await alice?.state.householdID == nil)
    let made = try #require(
      try await alice?.makeHousehold(name: "Home", timeZone: "Asia/Taipei", displayName: "小美"))
    #expect(made.name == "Home" && made.members.map(\.uid) == ["alice"])
    await #expect(throws: TeammateError.alreadyInHousehold(made.id)) {
      _ = try await alice?.makeHousehold(name: "Again", timeZone: "Asia/Taipei", displayName: "小美")
    }
    let card = try #require(try await alice?.addCard(CardDraft(kind: .task, title: "Diapers")))
    #expect(await alice?.snapshot().household?.id == made.id)
    #expect(await alice?.cards[card.id]?.householdID == made.id)
    await #expect(throws: TeammateError.unavailable) { _ = try await alice?.liveInvite() }
    #expect(try await backend.householdID(of: "alice", as: "alice") == nil)

    // NB: dropped without a save call, and opened again from its store.
    alice = nil
    let again = try await phone("alice", backend, store: store)
    await again.setOnline(false)
    #expect(await again.household == made)
    #expect(await again.cards[card.id]?.title == "Diapers")
    // NB: a refresh online pulls nothing of a household not made yet.
    await again.setOnline(true)
    _ = try await again.refresh()
    #expect(await again.state.outbox.count == 2)
    #expect(try await again.liveInvite() == nil)

    let report = try await again.sync()
    #expect(report.sent == 2 && report.conflicts.isEmpty)
    #expect(try await backend.householdID(of: "alice", as: "alice") == made.id)
    let feed = try await backend.changes(in: made.id, after: 0, limit: 100, as: "alice")
    #expect(feed.map(\.kind) == [.householdCreated, .cardAdded])
    #expect(feed.last?.card?.id == card.id)
    #expect(await again.household?.id == made.id)
    let invite = try #require(try await again.liveInvite())
    let bob = try await phone("bob", backend, store: InMemoryDeviceStore())
    _ = try await bob.join(code: invite.code.rawValue, displayName: "阿明")
    #expect(await bob.cards[card.id]?.title == "Diapers")

    // NB: made online, it is sent at once; refused (the account made one meanwhile on
    // another phone), it is a conflict and the phone follows the household the account has.
    let carol = try await phone("carol", backend, store: InMemoryDeviceStore())
    let online = try await carol.makeHousehold(
      name: "Flat", timeZone: "Europe/London", displayName: "Carol")
    #expect(try await backend.householdID(of: "carol", as: "carol") == online.id)
    let dave = try await phone("dave", backend, store: InMemoryDeviceStore())
    await dave.setOnline(false)
    let waiting = try await dave.makeHousehold(
      name: "Barn", timeZone: "Europe/London", displayName: "Dave")
    let other = try await backend.createHousehold(
      name: "Loft", timeZone: "Europe/London", displayName: "Dave", as: "dave")
    await dave.setOnline(true)
    let refused = try await dave.sync()
    #expect(refused.conflicts.count == 1)
    #expect(await dave.household?.id == other.household.id)
    #expect(try await backend.householdID(of: "dave", as: "dave") == other.household.id)
    #expect(waiting.id != other.household.id)
  }
}
