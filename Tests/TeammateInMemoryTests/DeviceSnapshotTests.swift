import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct DeviceSnapshotTests {
  let clock = ManualWallClock(Fixtures.start)

  /// A couple on one in-memory backend, each with a phone that has synced once.
  func couple() async throws -> (
    backend: InMemoryBackend, alice: Device, bob: Device, bobsCentre: InMemoryNotificationScheduler
  ) {
    let backend = InMemoryBackend(clock: clock, random: SeededRandomNumberGenerator(seed: 9))
    let creation = try await backend.createHousehold(
      name: "Home", timeZone: "Asia/Taipei", displayName: "Alice", as: "alice")
    _ = try await backend.join(code: creation.invite.code.rawValue, displayName: "Bob", as: "bob")
    let bobsCentre = InMemoryNotificationScheduler(clock: clock)
    let alice = Device(
      account: "alice", backend: backend, clock: clock,
      scheduler: InMemoryNotificationScheduler(clock: clock),
      random: SeededRandomNumberGenerator(seed: 1))
    let bob = Device(
      account: "bob", backend: backend, clock: clock, scheduler: bobsCentre,
      random: SeededRandomNumberGenerator(seed: 2))
    _ = try await alice.sync()
    _ = try await bob.sync()
    return (backend, alice, bob, bobsCentre)
  }

  @Test func test_AC_DEV_03_snapshotsComeAfterEachChangeAndNoneForNothing() async throws {
    let home = try await couple()
    let bob = home.bob
    let first = PushInbox(await bob.snapshots())
    let second = PushInbox(await bob.snapshots())
    let initial = try #require(try await first.next())
    #expect(try await second.next() == initial)
    #expect(initial.household?.name == "Home" && initial.members.count == 2 && initial.isOnline)

    // A sync and a replan that change nothing emit nothing: the next value is the write's.
    _ = try await bob.sync()
    try await bob.replan()
    let made = try await bob.addCard(CardDraft(title: "Bottles"))
    let afterWrite = try #require(try await first.next())
    #expect(afterWrite.cards[made.id]?.title == "Bottles")
    #expect(try await second.next() == afterWrite)

    await bob.setOnline(false)
    #expect(try await first.next()?.isOnline == false)
    _ = try await bob.editCard(made.id, CardEdit(note: .set("the glass ones")))
    #expect(try await first.next()?.waitingWrites == 1)
    await bob.setOnline(true)
    #expect(try await first.next()?.isOnline == true)

    // A sync that pulls the partner's card: the badge and the news follow.
    _ = try await home.alice.addCard(CardDraft(title: "Diapers"))
    _ = try await bob.sync()
    let pulled = try #require(try await first.next())
    #expect(pulled.badge == 1 && pulled.waitingWrites == 0 && pulled.news.map(\.kind) == [.logged])

    // A refusal met in a sync is a conflict the snapshot shows, until dismissed.
    await bob.setOnline(false)
    _ = try await bob.deleteCard(made.id)
    _ = try await home.alice.deleteCard(made.id)
    await bob.setOnline(true)
    _ = try await bob.sync()
    var latest = try #require(try await first.next())
    while latest.conflicts.isEmpty { latest = try #require(try await first.next()) }
    try await bob.dismissConflicts(latest.conflicts.map(\.id))
    #expect(try await first.next()?.conflicts.isEmpty == true)

    // A late reader gets the latest value, not the ones it missed.
    let late = await bob.snapshots()
    for title in ["one", "two", "three"] { _ = try await bob.addCard(CardDraft(title: title)) }
    var reader = late.makeAsyncIterator()
    let newest = try #require(await reader.next())
    #expect(Set(newest.cards.values.map(\.title)).isSuperset(of: ["one", "two", "three"]))
  }

  @Test func test_AC_DEV_03_aSubscriptionThatEndsIsReleased() async throws {
    let home = try await couple()
    let stream = await home.bob.snapshots()
    let reader = Task { for await _ in stream {} }
    #expect(await home.bob.observerCount == 1)
    reader.cancel()
    await reader.value
    var tries = 0
    while await home.bob.observerCount > 0 && tries < 10_000 {
      tries += 1
      await Task.yield()
    }
    #expect(await home.bob.observerCount == 0)
  }

  @Test func test_AC_DEV_06_thePlanWithItsTextIsInTheStateAndTheSnapshot() async throws {
    let home = try await couple()
    _ = try await home.alice.addCard(
      CardDraft(kind: .event, title: "Checkup", time: clock.now() + 86_400))
    _ = try await home.bob.sync()
    let held = await home.bobsCentre.pending().sorted { $0.id < $1.id }
    let shown = await home.bobsCentre.delivered
    let planned = await home.bob.state.planned.sorted { $0.id < $1.id }
    // NB: what fires at once (the partner's activity) the phone has shown already.
    #expect(!held.isEmpty && planned == (held + shown).sorted { $0.id < $1.id })
    #expect(planned.contains { $0.kind == .eventReminder && $0.title.contains("Checkup") })
    #expect(planned.allSatisfy { !$0.body.isEmpty && $0.fireAt >= clock.now() })
    let snapshot = await home.bob.snapshot()
    #expect(snapshot.notifications.sorted { $0.id < $1.id } == planned)

    // A state saved before the plan kept its text opens; the next replan brings the text.
    let old = Data(
      """
      {"planned": [{"occurrence": {"kind": "event", "cardID": "e1", "at": 0}, "fireAt": 0}]}
      """.utf8)
    let reopened = try JSONDecoder().decode(DeviceState.self, from: old)
    #expect(reopened.planned.map(\.id) == ["event:e1"] && reopened.planned[0].title.isEmpty)
  }

  @Test func test_AC_DEV_21_theDeviceIsAskedForWhatItsCentreHoldsAndHasShown() async throws {
    let home = try await couple()
    _ = try await home.alice.addCard(
      CardDraft(kind: .event, title: "Checkup", time: clock.now() + 86_400))
    _ = try await home.bob.sync()
    let coming = try await home.bob.notifications()
    let held = await home.bobsCentre.pending()
    #expect(!coming.isEmpty && coming == held)
    #expect(coming.map(\.fireAt) == coming.map(\.fireAt).sorted())
    // NB: what fires at once (alice's activity) the centre has shown already.
    let shown = try await home.bob.notifications(shown: true)
    let delivered = await home.bobsCentre.delivered
    #expect(!shown.isEmpty && shown == delivered)
    // A centre that cannot say what it showed (a phone's, by the seam's default) answers none.
    let phone = Device(
      account: "bob", backend: home.backend, clock: clock,
      scheduler: PhoneShapedNotificationCentre())
    _ = try await phone.sync()
    #expect(try await !phone.notifications().isEmpty)
    #expect(try await phone.notifications(shown: true).isEmpty)
  }

  @Test func test_AC_DEV_07_aPushedChangeIsPlannedAndShownAtOnce() async throws {
    let home = try await couple()
    let pushes = PushInbox(await home.backend.subscribe(as: "bob"))
    let screen = PushInbox(await home.bob.snapshots())
    _ = try await screen.next()
    let card = try await home.alice.addCard(CardDraft(title: "Bath"))
    let change = try #require(try await pushes.next())
    try await home.bob.receive(change)
    let shown = try #require(try await screen.next())
    #expect(shown.cards[card.id]?.title == "Bath" && shown.badge == 1)
    #expect(shown.news.map(\.kind) == [.logged])
    #expect(shown.notifications.contains { $0.kind == .activity && $0.cardID == card.id })
    let handed = await home.bobsCentre.pending() + home.bobsCentre.delivered
    #expect(handed.contains { $0.kind == .activity && $0.cardID == card.id })

    // The same change again changes nothing, and emits nothing: the next value is the write's.
    try await home.bob.receive(change)
    _ = try await home.bob.acknowledgeAllPending()
    #expect(try await screen.next()?.badge == 0)
  }

  @Test func test_AC_DEV_07_aChangePushedThenPulledIsToldAndPlannedOnce() async throws {
    // NB: found by the simulator (seed 918): a pushed change, pulled again days later when
    // the device no longer remembered showing it, was shown a second time.
    let home = try await couple()
    let pushes = PushInbox(await home.backend.subscribe(as: "bob"))
    let card = try await home.alice.addCard(CardDraft(title: "Bath"))
    try await home.bob.receive(try #require(try await pushes.next()))
    _ = await home.bobsCentre.pending()
    clock.advance(by: 3 * 86_400)
    let report = try await home.bob.sync()
    #expect(report.pulled == 1 && report.news.isEmpty && report.activity.isEmpty)
    _ = await home.bobsCentre.pending()
    let told = await home.bobsCentre.delivered.filter {
      $0.kind == .activity && $0.cardID == card.id
    }
    #expect(told.count == 1)
  }
}
