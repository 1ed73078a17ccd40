import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// The contract's checks of this area, for any backend.
public enum DeviceObservationContract {
  /// Alice and Bob in one household of `world`, each with a phone.
  static func couple(_ world: ContractWorld) async throws -> (ContractWorld, Device, Device) {
    _ = try await world.couple()
    return (world, world.device(world.alice).device, world.device(world.bob).device)
  }

  /// AC-DEV-04: On every backend, a screen model fed only by one device's snapshots, while that
  /// device follows its backend's pushes, sees the partner's new card, the badge and the planned
  /// reminder change with no call to `sync`.
  public static let aScreenFollowsThePartnerWithoutSync = ContractCheck(
    id: "AC-DEV-04", name: "aScreenFollowsThePartnerWithoutSync"
  ) { world in
    let (world, alice, bob) = try await Self.couple(world)
    _ = try await bob.sync()
    let screen = await ScreenModel(bob)
    // NB: a backend that cannot push is followed by syncing: `follow` returns at once, and
    // each step below is a sync away.
    let pushes = world.backend is any PushingBackend
    let following = Task { try await bob.follow() }
    defer { following.cancel() }
    if !pushes { try await following.value }
    try await screen.waitUntil { $0.badge == 0 }

    let checkup = try await alice.addCard(
      CardDraft(kind: .event, title: "Checkup", time: world.clock.now() + 86_400))
    if !pushes { _ = try await bob.sync() }
    let shown = try await screen.waitUntil { $0.titles == ["Checkup"] && $0.badge == 1 }
    #expect(shown.news == [.logged])
    #expect(shown.reminders.contains { $0.hasPrefix("event:") })

    _ = try await alice.editCard(checkup.id, CardEdit(title: .set("Checkup at the clinic")))
    if !pushes { _ = try await bob.sync() }
    let edited = try await screen.waitUntil {
      $0.reminders.contains { $0.contains("Checkup at the clinic") }
    }
    #expect(edited.titles == ["Checkup at the clinic"] && edited.news == [.logged])
    try await bob.markNewsSeen()
    try await screen.waitUntil { $0.news.isEmpty }
    #expect(await bob.state.cursor > 0)
  }
}

extension DeviceObservationContract {
  /// One random write Bob could make on what his device shows.
  static func randomWrite(
    shown: [Card], step: Int, random: inout SeededRandomNumberGenerator, now: Date
  ) -> DeviceWrite {
    let live = shown.filter { !$0.isDeleted }
    let any = shown.isEmpty ? nil : shown[Int(random.next() % UInt64(shown.count))]
    let card = live.isEmpty ? nil : live[Int(random.next() % UInt64(live.count))]
    switch (random.next() % 8, card, any) {
    case (1, let card?, _):
      return .editCard(card.id, CardEdit(note: .set("note \(step)")), baseRevision: nil)
    case (2, let card?, _):
      return .acknowledge([CardRevision(card.id, revision: card.revision)])
    case (3, let card?, _) where card.kind == .task: return .setDone(card.id, done: !card.isDone)
    case (4, let card?, _): return .deleteCard(card.id)
    case (5, _, let deleted?) where deleted.isDeleted: return .restoreCard(deleted.id)
    case (6, _, _) where step % 3 == 0:
      return .updateSettings(NotificationSettings(eventLeadMinutes: 10 + step % 50))
    case (6, _, _) where step % 3 == 1:
      return .updateMember(displayName: "Bob \(step)", settings: nil)
    case (6, _, _): return .updateHousehold(name: "Home \(step)", timeZone: nil)
    case (7, _, _): return .acknowledgePending
    default:
      return .addCard(
        CardDraft(
          kind: step % 3 == 0 ? .task : .event, title: "card \(step)",
          time: now + Double(3_600 * (step % 30 + 1))))
    }
  }

  /// AC-DEV-05: On every backend, for random sequences of writes with nothing racing, a device's
  /// view while a write waits offline equals the backend's answer to it once it is sent: the device
  /// applies a write with the backend's own code.
  public static let theViewOfAWaitingWriteIsTheBackendsAnswer = ContractCheck(
    id: "AC-DEV-05", name: "theViewOfAWaitingWriteIsTheBackendsAnswer"
  ) { world in
    let (world, alice, bob) = try await Self.couple(world)
    var random = SeededRandomNumberGenerator(seed: world.seed)
    var compared = 0
    for step in 0..<40 {
      if step % 4 == 0 {
        _ = try await alice.addCard(CardDraft(title: "from alice \(step)"))
      }
      _ = try await bob.sync()
      let write = Self.randomWrite(
        shown: await bob.state.sortedCards, step: step, random: &random, now: world.clock.now())
      await bob.setOnline(false)
      do {
        try await bob.make(write)
      } catch is TeammateError {
        // NB: refused on the device's view at once: nothing waits, nothing to compare.
        await bob.setOnline(true)
        continue
      }
      let waiting = await bob.snapshot()
      await bob.setOnline(true)
      _ = try await bob.sync()
      let answered = await bob.snapshot()
      #expect(waiting.cards == answered.cards, "step \(step): \(write)")
      #expect(waiting.household == answered.household, "step \(step): \(write)")
      #expect(answered.conflicts.isEmpty && answered.waitingWrites == 0)
      compared += 1
    }
    #expect(compared >= 25)
  }
}

extension Device {
  /// Makes `write` as the app's call for it would.
  func make(_ write: DeviceWrite) async throws { try await write.kind.make(on: self) }
}
