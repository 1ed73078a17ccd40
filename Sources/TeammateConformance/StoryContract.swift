import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// Alice and Bob, two phones, one household: every rule of the brief end to end.
/// The contract's checks of this area, for any backend.
public enum StoryContract {
  /// AC-SYNC-01: Alice creates a household (which issues an invite), Bob joins with the code, Alice
  /// logs a card.
  public static let partnersCardIsPendingWithOneActivityNotification = ContractCheck(
    id: "AC-SYNC-01", name: "partnersCardIsPendingWithOneActivityNotification"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(
      CardDraft(title: "Bought diapers"), to: home, as: world.alice)
    let bob = world.device(world.bob)
    let report = try await bob.device.sync()
    #expect(report.pulled == 3)
    #expect(report.pending.map(\.id) == [card.id])
    #expect(report.badge == 1)
    let activity = report.scheduled.filter { $0.kind == .activity }
    #expect(activity.map(\.id) == ["activity:\(card.id)"])
    #expect(activity.first?.title == "Alice logged a note")
    await bob.centre.deliverDue()
    #expect(await bob.centre.delivered.map(\.id) == ["activity:\(card.id)"])
  }

  /// AC-SYNC-02: Bob acknowledges.
  public static let acknowledgementReachesThePartner = ContractCheck(
    id: "AC-SYNC-02", name: "acknowledgementReachesThePartner"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(
      CardDraft(title: "Vaccine booked"), to: home, as: world.alice)
    let bob = world.device(world.bob)
    let alice = world.device(world.alice)
    _ = try await bob.device.sync()
    world.clock.advance(by: 300)
    _ = try await world.backend.acknowledgeCard(card.id, revision: 1, as: world.bob)
    _ = try await alice.device.sync()
    let seen = await alice.device.state.cards[card.id]
    #expect(seen?.ackBy == world.bob)
    #expect(seen?.ackAt == world.clock.now())
    #expect(seen?.ackRevision == 1)
    #expect(try await bob.device.sync().badge == 0)
  }

  /// AC-SYNC-03: Alice's title edit makes the card pending for Bob again, with a new activity
  /// notification.
  public static let titleEditNeedsKnowingAgainNoteEditDoesNot = ContractCheck(
    id: "AC-SYNC-03", name: "titleEditNeedsKnowingAgainNoteEditDoesNot"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(
      CardDraft(title: "Buy wipes"), to: home, as: world.alice)
    _ = try await world.backend.acknowledgeCard(card.id, revision: 1, as: world.bob)
    let bob = world.device(world.bob)
    _ = try await bob.device.sync()
    world.clock.advance(by: 60)

    _ = try await world.backend.editCard(
      card.id, CardEdit(note: .set("the sensitive ones")), as: world.alice)
    let afterNote = try await bob.device.sync()
    #expect(afterNote.badge == 0)
    #expect(afterNote.activity.isEmpty)
    #expect(afterNote.scheduled.isEmpty)

    world.clock.advance(by: 60)
    _ = try await world.backend.editCard(
      card.id, CardEdit(title: .set("Buy two packs of wipes")), as: world.alice)
    let afterTitle = try await bob.device.sync()
    #expect(afterTitle.pending.map(\.id) == [card.id])
    #expect(afterTitle.activity.map(\.action) == [.changed])
    #expect(
      afterTitle.scheduled.contains {
        $0.id == "activity:\(card.id)" && $0.title == "Alice changed a note"
      })
  }

  /// AC-SYNC-06: Syncing again with nothing new pulls nothing, schedules nothing and cancels
  /// nothing.
  public static let syncingAgainWithNothingNewChangesNothing = ContractCheck(
    id: "AC-SYNC-06", name: "syncingAgainWithNothingNewChangesNothing"
  ) { world in
    let home = try await world.couple()
    _ = try await world.backend.addCard(
      CardDraft(kind: .event, title: "Checkup", time: world.clock.now() + 86_400), to: home,
      as: world.alice)
    let bob = world.device(world.bob)
    let first = try await bob.device.sync()
    #expect(!first.scheduled.isEmpty)
    let callsBefore = await bob.centre.calls
    let again = try await bob.device.sync()
    #expect(again.pulled == 0)
    #expect(again.scheduled.isEmpty && again.cancelled.isEmpty)
    #expect(await bob.centre.calls == callsBefore)
  }

  /// AC-SYNC-07: A device whose clock is hours ahead or behind still sees invite expiry, card
  /// timestamps and acknowledgement times from the server's clock.
  public static let serverClockWinsOverASkewedDevice = ContractCheck(
    id: "AC-SYNC-07", name: "serverClockWinsOverASkewedDevice"
  ) { world in
    let creation = try await world.aliceAlone()
    #expect(creation.invite.createdAt == Fixtures.start)
    #expect(creation.invite.expiresAt == Fixtures.start + 24 * 3_600)
    let bob = world.device(world.bob, skew: 3 * 3_600)
    let alice = world.device(world.alice, skew: 3 * 3_600)
    world.clock.advance(by: 22 * 3_600)
    // Bob's phone says 25 h have passed; the server says 22 h, so the invite still works.
    _ = try await world.backend.join(
      code: creation.invite.code.rawValue, displayName: "Bob", as: world.bob)
    let card = try await world.backend.addCard(
      CardDraft(title: "Fed the baby"), to: creation.household.id, as: world.alice)
    #expect(card.createdAt == world.clock.now())
    world.clock.advance(by: 10)
    _ = try await bob.device.sync()
    _ = try await world.backend.acknowledgeCard(card.id, revision: 1, as: world.bob)
    _ = try await alice.device.sync()
    let seen = await alice.device.state.cards[card.id]
    #expect(seen?.createdAt == Fixtures.start + 22 * 3_600)
    #expect(seen?.ackAt == world.clock.now())
    #expect(
      await alice.device.state.household?.member(world.bob)?.joinedAt == Fixtures.start + 22 * 3_600
    )
  }

  /// AC-SYNC-13: When a member leaves, the household no longer lists them, their account has no
  /// household, and their device lets go of the household, its cards and its notifications, planned
  /// and already shown, on the next sync.
  public static let leavingLetsGoOfTheHousehold = ContractCheck(
    id: "AC-SYNC-13", name: "leavingLetsGoOfTheHousehold"
  ) { world in
    let home = try await world.couple()
    let event = try await world.backend.addCard(
      CardDraft(kind: .event, title: "Checkup", time: world.clock.now() + 86_400), to: home,
      as: world.alice)
    let bob = world.device(world.bob)
    #expect(try await !bob.device.sync().scheduled.isEmpty)
    try await world.backend.leaveHousehold(home, as: world.bob)
    #expect(
      try await world.backend.household(home, as: world.alice).members.map(\.uid) == [world.alice])
    #expect(try await world.backend.householdID(of: world.bob, as: world.bob) == nil)
    let report = try await bob.device.sync()
    #expect(report.householdID == nil)
    #expect(await bob.centre.calls.last == .removeAll)
    #expect(await bob.centre.pending().isEmpty)
    #expect(await bob.centre.delivered.isEmpty)
    #expect(!event.id.rawValue.isEmpty)
    #expect(await bob.device.state == DeviceState())
  }

  /// AC-SYNC-15: A deleted card leaves the partner's pending list, and its notifications are
  /// cancelled on the partner's next sync.
  public static let deletedCardLeavesPendingAndCancelsItsNotifications = ContractCheck(
    id: "AC-SYNC-15", name: "deletedCardLeavesPendingAndCancelsItsNotifications"
  ) { world in
    let home = try await world.couple()
    let event = try await world.backend.addCard(
      CardDraft(kind: .event, title: "Checkup", time: world.clock.now() + 86_400), to: home,
      as: world.alice)
    let bob = world.device(world.bob)
    #expect(try await bob.device.sync().badge == 1)
    _ = try await world.backend.deleteCard(event.id, as: world.alice)
    let report = try await bob.device.sync()
    #expect(report.badge == 0)
    #expect(report.cancelled == ["digest", "event:\(event.id)"])
    #expect(await bob.centre.pending().isEmpty)
  }

  /// AC-SYNC-16: Linking a credential through the backend keeps the uid.
  public static let linkingKeepsTheUid = ContractCheck(id: "AC-SYNC-16", name: "linkingKeepsTheUid")
  { world in
    let home = try await world.couple()
    let google = Credential(provider: "google", subject: "alice@example.com")
    try await world.backend.linkCredential(google, as: world.alice)
    try await world.backend.linkCredential(google, as: world.alice)
    #expect(try await world.backend.householdID(of: world.alice, as: world.alice) == home)
    await #expect(throws: TeammateError.credentialLinkedElsewhere(google)) {
      try await world.backend.linkCredential(google, as: world.bob)
    }
  }

  /// AC-SYNC-07: A device whose clock is hours ahead or behind still sees invite expiry, card
  /// timestamps and acknowledgement times from the server's clock.
  public static let aDeviceClockHoursBehindChangesNoStoredTime = ContractCheck(
    id: "AC-SYNC-07", name: "aDeviceClockHoursBehindChangesNoStoredTime"
  ) { world in
    let creation = try await world.aliceAlone()
    let bob = world.device(world.bob, skew: -5 * 3_600)
    world.clock.advance(by: 25 * 3_600)
    // Bob's phone says 20 h have passed; the server says 25 h, so the invite has expired.
    await #expect(
      throws: TeammateError.inviteExpired(
        creation.invite.code, expiredAt: creation.invite.expiresAt, timeZone: "Asia/Taipei")
    ) {
      try await world.backend.join(
        code: creation.invite.code.rawValue, displayName: "Bob", as: world.bob)
    }
    let fresh = try await world.backend.issueInvite(for: creation.household.id, as: world.alice)
    #expect(fresh.createdAt == world.clock.now())
    _ = try await world.backend.join(code: fresh.code.rawValue, displayName: "Bob", as: world.bob)
    world.clock.advance(by: 60)
    let card = try await world.backend.addCard(
      CardDraft(title: "Bath"), to: creation.household.id, as: world.bob)
    _ = try await bob.device.sync()
    #expect(await bob.device.state.cards[card.id]?.createdAt == world.clock.now())
    #expect(await bob.device.state.cards[card.id]?.lastEditedAt == world.clock.now())
  }
}
