import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// A device tells the truth: each reminder once, plans that follow its own writes, and the
/// partner's actions in words.
/// The contract's checks of this area, for any backend.
public enum DeviceTruthContract {
  /// AC-SYNC-25: However often a device syncs, each reminder fires once: an event reminder due at
  /// once is delivered once and never planned again for that start.
  public static let eachReminderFiresOnceHoweverOftenTheDeviceSyncs = ContractCheck(
    id: "AC-SYNC-25", name: "eachReminderFiresOnceHoweverOftenTheDeviceSyncs"
  ) { world in
    let home = try await world.couple()
    let start = world.clock.now() + 20 * 60
    let dentist = try await world.backend.addCard(
      CardDraft(kind: .event, title: "Dentist", time: start), to: home, as: world.alice)
    let bob = world.device(world.bob)
    for _ in 0..<3 {
      _ = try await bob.device.sync()
      world.clock.advance(by: 60)
    }
    _ = await bob.centre.pending()
    let reminders = await bob.centre.delivered.filter { $0.kind == .eventReminder }
    #expect(reminders.count == 1)
    #expect(reminders.first?.occurrence.at == start)
    #expect(await bob.centre.pending() == world.plan(of: bob.device))

    let later = start + 3 * 3_600
    _ = try await world.backend.editCard(
      dentist.id, CardEdit(time: .set(later)), as: world.alice)
    let moved = try await bob.device.sync()
    #expect(moved.scheduled.first { $0.kind == .eventReminder }?.fireAt == later - 30 * 60)
  }

  /// AC-SYNC-26: A device's own acknowledgement, completion, edit, deletion, restoration or
  /// settings change replans it at once: its scheduler holds exactly the plan for what it knows,
  /// with no digest counting what it acknowledged and no due reminder for a task it completed.
  public static let aDevicesOwnWritesReplanItAtOnce = ContractCheck(
    id: "AC-SYNC-26", name: "aDevicesOwnWritesReplanItAtOnce"
  ) { world in
    let home = try await world.couple()
    let now = world.clock.now()
    for title in ["Bottles", "Bath", "Nap"] {
      _ = try await world.backend.addCard(CardDraft(title: title), to: home, as: world.alice)
    }
    let trash = try await world.backend.addCard(
      CardDraft(kind: .task, title: "Trash", time: now + 7_200, assignee: world.bob), to: home,
      as: world.alice)
    let checkup = try await world.backend.addCard(
      CardDraft(kind: .event, title: "Checkup", time: now + 86_400), to: home, as: world.alice)
    let bob = world.device(world.bob)
    _ = try await bob.device.sync()
    world.clock.advance(by: 60)
    #expect(await bob.centre.pending().contains { $0.kind == .digest })

    let acknowledged = try await bob.device.acknowledgeAllPending()
    #expect(acknowledged.count == 5)
    #expect(await !bob.centre.pending().contains { $0.kind == .digest })
    #expect(await bob.centre.pending() == world.plan(of: bob.device))

    _ = try await bob.device.setDone(trash.id, done: true)
    #expect(await !bob.centre.pending().contains { $0.kind == .taskDue })
    #expect(await bob.centre.pending() == world.plan(of: bob.device))

    _ = try await bob.device.editCard(checkup.id, CardEdit(time: .set(now + 2 * 86_400)))
    #expect(
      await bob.centre.pending().first { $0.kind == .eventReminder }?.fireAt
        == now + 2 * 86_400 - 30 * 60)

    _ = try await bob.device.updateSettings(NotificationSettings(eventLeadMinutes: 90))
    #expect(
      await bob.centre.pending().first { $0.kind == .eventReminder }?.fireAt
        == now + 2 * 86_400 - 90 * 60)
    #expect(await bob.centre.pending() == world.plan(of: bob.device))

    _ = try await bob.device.deleteCard(checkup.id)
    #expect(await bob.centre.pending().isEmpty)
    _ = try await bob.device.restoreCard(checkup.id)
    #expect(await bob.centre.pending() == world.plan(of: bob.device))
    #expect(await bob.centre.pending().contains { $0.kind == .eventReminder })
  }

  /// AC-SYNC-27: A sync reports what the partner did since the last one, one entry per act (and per card for
  /// its latest state: logged, changed (with the fields it changed and whether the viewer must know
  /// it again), acknowledged, completed, reopened, skipped (a repeating card moved on), deleted,
  /// restored.
  public static let aSyncSaysWhatThePartnerDidOncePerCard = ContractCheck(
    id: "AC-SYNC-27", name: "aSyncSaysWhatThePartnerDidOncePerCard"
  ) { world in
    let home = try await world.couple()
    let bob = world.device(world.bob)
    let mine = try await world.backend.addCard(CardDraft(title: "Mine"), to: home, as: world.bob)
    let task = try await world.backend.addCard(
      CardDraft(kind: .task, title: "Trash"), to: home, as: world.bob)
    let old = try await world.backend.addCard(CardDraft(title: "Old"), to: home, as: world.bob)
    _ = try await bob.device.sync()
    world.clock.advance(by: 60)
    let nap = try await world.backend.addCard(CardDraft(title: "Nap"), to: home, as: world.alice)
    _ = try await world.backend.editCard(nap.id, CardEdit(title: .set("Long nap")), as: world.alice)
    _ = try await world.backend.acknowledgeCard(mine.id, revision: 1, as: world.alice)
    _ = try await world.backend.setCardDone(task.id, done: true, as: world.alice)
    _ = try await world.backend.deleteCard(old.id, as: world.alice)
    _ = try await world.backend.updateHousehold(home, name: "Nest", timeZone: nil, as: world.alice)
    _ = try await world.backend.addCard(CardDraft(title: "My own"), to: home, as: world.bob)
    let report = try await bob.device.sync()
    #expect(
      report.news.map(\.kind) == [.logged, .acknowledged, .completed, .deleted, .renamed])
    #expect(report.news.allSatisfy { $0.actor == world.alice })
    #expect(report.news[0].title == "Long nap" && report.news[0].needsKnowing)
    #expect(report.news[4].title == "Nest")

    _ = try await world.backend.editCard(
      task.id, CardEdit(title: .set("Trash and recycling"), note: .set("both bins")),
      as: world.alice)
    _ = try await world.backend.setCardDone(task.id, done: false, as: world.alice)
    _ = try await world.backend.restoreCard(old.id, as: world.alice)
    let next = try await bob.device.sync()
    // NB: an edit and a reopening are two acts, each told (issue 44).
    #expect(next.news.map(\.kind) == [.changed, .reopened, .restored])
    #expect(next.news[0].changed == [.title, .note] && next.news[0].needsKnowing)
    try await world.backend.leaveHousehold(home, as: world.alice)
    #expect(try await bob.device.sync().news.map(\.kind) == [.left])
    #expect(try await bob.device.sync().news.isEmpty)
  }

  /// AC-SYNC-28: Acknowledging all that is pending is one write: it acknowledges exactly the cards
  /// pending at that moment at their revisions then, and the partner's edit just before or after it
  /// never makes it fail.
  public static let acknowledgingAllPendingIsOneWriteAtTheRevisionsThen = ContractCheck(
    id: "AC-SYNC-28", name: "acknowledgingAllPendingIsOneWriteAtTheRevisionsThen"
  ) { world in
    let home = try await world.couple()
    var cards: [Card] = []
    for title in ["Bottles", "Bath", "Nap"] {
      cards.append(
        try await world.backend.addCard(CardDraft(title: title), to: home, as: world.alice))
    }
    let bob = world.device(world.bob)
    _ = try await bob.device.sync()
    // Alice edits after Bob's device last looked: his copy is stale, the write is not.
    _ = try await world.backend.editCard(
      cards[0].id, CardEdit(title: .set("Bottles washed")), as: world.alice)
    let feed = try await world.backend.changes(in: home, after: 0, limit: 100, as: world.bob)
    let acknowledged = try await bob.device.acknowledgeAllPending()
    #expect(acknowledged.map(\.id).sorted() == cards.map(\.id).sorted())
    #expect(acknowledged.first { $0.id == cards[0].id }?.ackRevision == 2)
    #expect(
      try await world.backend.changes(in: home, after: 0, limit: 100, as: world.bob).count == feed
        .count + 3)
    #expect(try await world.backend.acknowledgePending(in: home, as: world.bob).isEmpty)
    let all = try await world.backend.cards(in: home, as: world.bob)
    #expect(AcknowledgementRules.badge(cards: all, viewer: world.bob) == 0)
  }

  /// AC-SYNC-29: The last member leaves only by deleting the household, which removes the
  /// household, its cards, its invite and its feed at once.
  public static let theLastMemberLeavesOnlyByDeletingTheHousehold = ContractCheck(
    id: "AC-SYNC-29", name: "theLastMemberLeavesOnlyByDeletingTheHousehold"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(CardDraft(title: "Nap"), to: home, as: world.alice)
    let bob = world.device(world.bob)
    _ = try await bob.device.sync()
    // A member with a partner leaves; the household and its cards stay for the partner.
    try await bob.device.leave()
    #expect(try await world.backend.cards(in: home, as: world.alice).map(\.id) == [card.id])
    let invite = try await world.backend.issueInvite(for: home, as: world.alice)
    let before = try await world.snapshot(home)
    await #expect(throws: TeammateError.lastMemberMustDeleteHousehold(home)) {
      try await world.backend.leaveHousehold(home, as: world.alice)
    }
    #expect(try await world.snapshot(home) == before)
    let alice = world.device(world.alice)
    _ = try await alice.device.sync()
    await #expect(throws: TeammateError.lastMemberMustDeleteHousehold(home)) {
      try await alice.device.leave()
    }
    #expect(try await world.snapshot(home) == before)
    try await alice.device.leave(deletingHousehold: true)
    #expect(await alice.device.state == DeviceState())
    #expect(try await world.backend.householdID(of: world.alice, as: world.alice) == nil)
    await #expect(throws: TeammateError.cardNotFound(card.id)) {
      try await world.backend.card(card.id, as: world.alice)
    }
    await #expect(throws: TeammateError.inviteNotFound(invite.code)) {
      try await world.backend.join(
        code: invite.code.rawValue, displayName: "Carol", as: world.carol)
    }
    let again = try await world.backend.createHousehold(
      name: "New home", timeZone: "UTC", displayName: "Alice", as: world.alice)
    #expect(
      try await world.backend.changes(
        in: again.household.id, after: 0, limit: 100, as: world.alice
      ).count == 1)
  }

  /// AC-SYNC-30: Either member can restore a deleted card: it comes back at a new revision, pending
  /// for the partner, whose device shows a "restored" activity.
  public static let eitherMemberRestoresADeletedCard = ContractCheck(
    id: "AC-SYNC-30", name: "eitherMemberRestoresADeletedCard"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(CardDraft(title: "Nap"), to: home, as: world.alice)
    _ = try await world.backend.acknowledgeCard(card.id, revision: 1, as: world.bob)
    _ = try await world.backend.deleteCard(card.id, as: world.alice)
    let alice = world.device(world.alice)
    _ = try await alice.device.sync()
    world.clock.advance(by: 60)
    let restored = try await world.backend.restoreCard(card.id, as: world.bob)
    #expect(restored.revision == 3 && !restored.isDeleted && restored.ackBy == nil)
    let report = try await alice.device.sync()
    #expect(report.pending.map(\.id) == [card.id])
    #expect(report.activity.map(\.action) == [.restored])
    #expect(report.news.map(\.kind) == [.restored])
    await #expect(throws: TeammateError.cardNotDeleted(card.id)) {
      try await world.backend.restoreCard(card.id, as: world.alice)
    }
    await #expect(throws: TeammateError.accessDenied(.notAMember(home))) {
      try await world.backend.restoreCard(card.id, as: world.carol)
    }
  }
}
