import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// Writes made apart from the backend: the outbox, at-most-once, conflicts.
/// The contract's checks of this area, for any backend.
public enum OfflineContract {
  /// A couple whose devices have synced once, and a card of Alice's that Bob has seen.
  struct Home {
    let world: ContractWorld
    let home: HouseholdID
    let alice: Device
    let bob: Device
    let network: FaultyBackend
    let card: Card

    init(_ world: ContractWorld) async throws {
      self.world = world
      home = try await world.couple()
      network = FaultyBackend(world.backend)
      alice = world.device(world.alice).device
      bob = world.device(world.bob, network: network).device
      card = try await alice.addCard(
        CardDraft(kind: .event, title: "Checkup", time: world.clock.now() + 86_400))
      _ = try await alice.sync()
      _ = try await bob.sync()
    }

    func feed() async throws -> [Change] {
      try await world.backend.changes(in: home, after: 0, limit: 10_000, as: world.alice)
    }
  }

  /// AC-OFF-01: Offline, a device's write is applied to its view at once and waits in its outbox in
  /// the order made, each with an id the device made.
  public static let offlineWritesApplyAtOnceAndWaitInOrder = ContractCheck(
    id: "AC-OFF-01", name: "offlineWritesApplyAtOnceAndWaitInOrder"
  ) { world in
    let home = try await Home(world)
    await home.bob.setOnline(false)
    let made = try await home.bob.addCard(CardDraft(kind: .task, title: "Diapers"))
    let edited = try await home.bob.editCard(made.id, CardEdit(note: .set("the big pack")))
    #expect(edited.card.note == "the big pack")
    let shown = await home.bob.cards
    #expect(shown[made.id]?.note == "the big pack")
    let outbox = await home.bob.state.outbox
    #expect(
      outbox.map(\.write) == [
        .addCard(CardDraft(kind: .task, title: "Diapers", id: made.id)),
        .editCard(made.id, CardEdit(note: .set("the big pack")), baseRevision: 1),
      ])
    #expect(Set(outbox.map(\.id)).count == 2)
    let stored = try await home.world.backend.cards(in: home.home, as: home.world.alice)
    #expect(!stored.contains { $0.id == made.id })
  }

  /// AC-OFF-02: Back online, `sync` sends the outbox in order before it pulls: every write lands
  /// once, the outbox empties, and a card made offline keeps the id the device gave it.
  public static let backOnlineTheOutboxLandsOnceInOrder = ContractCheck(
    id: "AC-OFF-02", name: "backOnlineTheOutboxLandsOnceInOrder"
  ) { world in
    let home = try await Home(world)
    await home.bob.setOnline(false)
    let made = try await home.bob.addCard(CardDraft(kind: .task, title: "Diapers"))
    _ = try await home.bob.editCard(made.id, CardEdit(note: .set("the big pack")))
    _ = try await home.bob.acknowledge([CardRevision(home.card.id, revision: 1)])
    await home.bob.setOnline(true)
    let report = try await home.bob.sync()
    #expect(report.outbox == 0 && report.conflicts.isEmpty)
    #expect(await home.bob.state.outbox.isEmpty)
    let landed = try await home.world.backend.card(made.id, as: home.world.alice)
    #expect(landed.note == "the big pack" && landed.revision == 2)
    #expect(try await home.world.backend.card(home.card.id, as: home.world.bob).ackBy == "bob")
    let mine = try await home.feed().filter { $0.actor == home.world.bob && $0.writeID != nil }
    #expect(mine.map(\.kind) == [.cardAdded, .cardEdited, .cardAcknowledged])
    #expect(Set(mine.compactMap(\.writeID)).count == 3)
  }

  /// AC-OFF-03: The backend applies each write at most once: a write sent again (its reply lost) is
  /// answered as the first time, with the same cards or the same refusal, and the feed holds it
  /// once, naming the write.
  public static let aWriteSentAgainIsAnsweredAsTheFirstTime = ContractCheck(
    id: "AC-OFF-03", name: "aWriteSentAgainIsAnsweredAsTheFirstTime"
  ) { world in
    let home = try await Home(world)
    let entry = OutboxEntry(
      id: "w-once", householdID: home.home,
      write: .addCard(CardDraft(title: "Milk", id: "mmmmmmmm")), madeAt: Fixtures.start)
    let first = try await home.world.backend.submit(entry, as: home.world.bob)
    let feed = try await home.feed()
    home.world.clock.advance(by: 60)
    let again = try await home.world.backend.submit(entry, as: home.world.bob)
    #expect(again == first)
    #expect(FeedDifference.between(try await home.feed(), feed) == nil)
    #expect(feed.filter { $0.writeID == "w-once" }.count == 1)

    // NB: a refusal is an answer too: the same refusal, even once it would now land.
    let ownCard = OutboxEntry(
      id: "w-refused", householdID: home.home,
      write: .acknowledge([CardRevision("mmmmmmmm", revision: 1)]), madeAt: Fixtures.start)
    let refused = try await home.world.backend.submit(ownCard, as: home.world.bob)
    #expect(refused == .refused(.lastEditorCannotAcknowledge("mmmmmmmm")))
    _ = try await home.world.backend.editCard(
      "mmmmmmmm", CardEdit(title: .set("Oat milk")), as: home.world.alice)
    #expect(try await home.world.backend.submit(ownCard, as: home.world.bob) == refused)
  }

  /// AC-OFF-04: The backend checks every rule again when a write arrives and stamps its own time: a
  /// card made offline on a device whose clock is hours off gets its `createdAt` from the backend,
  /// and a device cannot name a new card with an id another card has.
  public static let theBackendChecksAgainAndStampsItsOwnTime = ContractCheck(
    id: "AC-OFF-04", name: "theBackendChecksAgainAndStampsItsOwnTime"
  ) { world in
    let home = try await world.couple()
    let fast = world.device(world.bob, skew: 5 * 3_600).device
    _ = try await fast.sync()
    await fast.setOnline(false)
    let made = try await fast.addCard(CardDraft(title: "Milk"))
    #expect(made.createdAt == world.clock.now() + 5 * 3_600)
    world.clock.advance(by: 600)
    await fast.setOnline(true)
    _ = try await fast.sync()
    let landed = try await world.backend.card(made.id, as: world.alice)
    #expect(landed.createdAt == world.clock.now() && landed.lastEditedAt == world.clock.now())

    let taken = OutboxEntry(
      id: "w-taken", householdID: home, write: .addCard(CardDraft(title: "Again", id: made.id)),
      madeAt: Fixtures.start)
    #expect(
      try await world.backend.submit(taken, as: world.alice) == .refused(.cardIDTaken(made.id)))
    let malformed = OutboxEntry(
      id: "w-odd", householdID: home, write: .addCard(CardDraft(title: "Odd", id: "DROP TABLE")),
      madeAt: Fixtures.start)
    #expect(
      try await world.backend.submit(malformed, as: world.alice)
        == .refused(.cardIDTaken("DROP TABLE")))
  }

  /// AC-OFF-05: A write the backend refuses (an acknowledgement of a version changed since, an edit
  /// of a card deleted since) leaves the outbox, the device's view goes back to the backend's, and
  /// the device keeps a conflict naming the write and the reason until it is dismissed.
  public static let aRefusedWriteBecomesAConflictAndTheViewGoesBack = ContractCheck(
    id: "AC-OFF-05", name: "aRefusedWriteBecomesAConflictAndTheViewGoesBack"
  ) { world in
    let home = try await Home(world)
    await home.bob.setOnline(false)
    _ = try await home.bob.acknowledge([CardRevision(home.card.id, revision: 1)])
    #expect(await home.bob.pending.isEmpty)
    _ = try await home.alice.editCard(home.card.id, CardEdit(title: .set("Checkup at 10")))
    await home.bob.setOnline(true)
    let report = try await home.bob.sync()
    #expect(await home.bob.state.outbox.isEmpty)
    let conflict = try #require(report.conflicts.first)
    #expect(report.conflicts.count == 1)
    #expect(conflict.cardID == home.card.id && conflict.title == "Checkup")
    #expect(
      conflict.reason
        == .refused(
          .acknowledge([CardRevision(home.card.id, revision: 1)]),
          .staleAcknowledgement(home.card.id, seen: 1, current: 2)))
    #expect(await home.bob.pending.map(\.id) == [home.card.id])
    #expect(await home.bob.cards[home.card.id]?.title == "Checkup at 10")

    try await home.bob.dismissConflicts([conflict.id])
    #expect(await home.bob.state.conflicts.isEmpty)
  }

  /// AC-OFF-06: Edits carry the revision they were made on: two partners editing different fields
  /// of one card while apart both land.
  public static let editsMergeByFieldAndTheLaterArrivalWins = ContractCheck(
    id: "AC-OFF-06", name: "editsMergeByFieldAndTheLaterArrivalWins"
  ) { world in
    let home = try await Home(world)
    await home.bob.setOnline(false)
    _ = try await home.bob.editCard(home.card.id, CardEdit(note: .set("bring the booklet")))
    _ = try await home.alice.editCard(home.card.id, CardEdit(title: .set("Checkup at 10")))
    await home.bob.setOnline(true)
    _ = try await home.bob.sync()
    let merged = try await home.world.backend.card(home.card.id, as: home.world.alice)
    #expect(merged.title == "Checkup at 10" && merged.note == "bring the booklet")
    #expect(try await home.alice.sync().conflicts.isEmpty)

    let aliceTime = home.world.clock.now() + 2 * 86_400
    let bobTime = home.world.clock.now() + 3 * 86_400
    await home.bob.setOnline(false)
    _ = try await home.bob.editCard(home.card.id, CardEdit(time: .set(bobTime)))
    _ = try await home.alice.editCard(home.card.id, CardEdit(time: .set(aliceTime)))
    await home.bob.setOnline(true)
    #expect(try await home.bob.sync().conflicts.isEmpty)
    #expect(try await home.world.backend.card(home.card.id, as: home.world.bob).time == bobTime)
    let lost = try await home.alice.sync().conflicts
    #expect(
      lost.map(\.reason) == [
        .overwritten(
          FieldOverwrite(field: .time, lostBy: home.world.alice, lost: .time(aliceTime)),
          by: home.world.bob)
      ])
    #expect(lost.first?.title == "Checkup at 10")
  }

  /// AC-OFF-07: The outbox and the conflicts survive the device being stopped and started again
  /// over its `DeviceStore`, SQLite device state included.
  public static let theOutboxAndConflictsSurviveARestart = ContractCheck(
    id: "AC-OFF-07", name: "theOutboxAndConflictsSurviveARestart"
  ) { world in
    let home = try await Home(world)
    let store = try await world.factory.makeDeviceStore(for: world.backend)
    let bob = try await world.device(world.bob, store: store)
    _ = try await bob.sync()
    await bob.setOnline(false)
    _ = try await bob.acknowledge([CardRevision(home.card.id, revision: 1)])
    let made = try await bob.addCard(CardDraft(title: "Milk"))
    _ = try await home.alice.editCard(home.card.id, CardEdit(title: .set("Checkup at 10")))
    let outbox = await bob.state.outbox
    let restarted = try await world.device(world.bob, store: store, run: 1)
    #expect(await restarted.state.outbox == outbox)
    let report = try await restarted.sync()
    #expect(report.outbox == 0 && report.conflicts.count == 1)
    #expect(try await world.backend.card(made.id, as: world.alice).title == "Milk")

    let again = try await world.device(world.bob, store: store, run: 2)
    #expect(await again.state.conflicts == report.conflicts)
  }

  /// AC-OFF-08: While a write waits, the device's badge and plan follow its view: an
  /// acknowledgement made offline takes the card off the badge and its digest at once.
  public static let theBadgeAndPlanFollowTheViewWhileAWriteWaits = ContractCheck(
    id: "AC-OFF-08", name: "theBadgeAndPlanFollowTheViewWhileAWriteWaits"
  ) { world in
    _ = try await world.couple()
    let alice = world.device(world.alice).device
    let (bob, centre) = world.device(world.bob)
    let card = try await alice.addCard(CardDraft(title: "Diapers"))
    let before = try await bob.sync()
    #expect(before.badge == 1)
    #expect(await centre.pending().contains { $0.kind == .digest })
    await bob.setOnline(false)
    _ = try await bob.acknowledge([CardRevision(card.id, revision: 1)])
    #expect(await bob.pending.isEmpty)
    #expect(await !centre.pending().contains { $0.kind == .digest })
    #expect(try await bob.sync().badge == 0)
  }

  /// AC-OFF-09: A write whose reply does not arrive stays in the outbox, in order, and is sent
  /// again by the next sync.
  public static let aLostReplyIsSentAgainAndAnOnlineRefusalIsThrown = ContractCheck(
    id: "AC-OFF-09", name: "aLostReplyIsSentAgainAndAnOnlineRefusalIsThrown"
  ) { world in
    let home = try await Home(world)
    home.network.loseReplies(1)
    await #expect(throws: TeammateError.unavailable) {
      _ = try await home.bob.addCard(CardDraft(title: "Milk"))
    }
    #expect(await home.bob.state.outbox.count == 1)
    home.network.setUnreachable(true)
    await #expect(throws: TeammateError.unavailable) { _ = try await home.bob.sync() }
    #expect(await home.bob.state.outbox.count == 1)
    home.network.setUnreachable(false)
    _ = try await home.bob.sync()
    #expect(await home.bob.state.outbox.isEmpty)
    let milk = try await home.feed().filter { $0.card?.title == "Milk" }
    #expect(milk.count == 1)

    await #expect(throws: TeammateError.lastEditorCannotAcknowledge(milk[0].card?.id ?? "")) {
      _ = try await home.bob.acknowledge([CardRevision(milk[0].card?.id ?? "", revision: 1)])
    }
    let state = await home.bob.state
    #expect(state.conflicts.isEmpty && state.outbox.isEmpty)
  }

  /// AC-OFF-10: A receipt is kept only while a device may ask for it: each write sent names
  /// the earlier writes whose answers the device holds, and the backend forgets their
  /// receipts; a write whose answer was lost keeps its receipt until its answer arrives.
  public static let receiptsAreKeptOnlyWhileADeviceMayAskForThem = ContractCheck(
    id: "AC-OFF-10", name: "receiptsAreKeptOnlyWhileADeviceMayAskForThem"
  ) { world in
    let home = try await Home(world)
    var sent: [AccountID: [WriteID]] = [:]
    for step in 0..<60 {
      let (device, account) =
        step % 2 == 0 ? (home.alice, world.alice) : (home.bob, world.bob)
      _ = try await device.addCard(CardDraft(title: "Task \(step)"))
      if let held = await device.state.heldAnswers.last { sent[account, default: []].append(held) }
    }
    for (account, writes) in sent {
      #expect(writes.count == 30 && Set(writes).count == 30)
      var kept: [WriteID] = []
      for write in writes
      where try await world.backend.receipt(for: write, in: home.home, as: account) != nil {
        kept.append(write)
      }
      // NB: only the last, whose answer the backend does not yet know the device holds.
      #expect(kept == writes.suffix(1), "receipts kept for \(account)")
    }

    // NB: an answer lost on the way keeps its receipt, and the write sent again gets it.
    home.network.loseReplies(1)
    await #expect(throws: TeammateError.unavailable) {
      _ = try await home.bob.addCard(CardDraft(title: "Milk"))
    }
    let lost = try #require(await home.bob.state.outbox.first?.id)
    #expect(try await world.backend.receipt(for: lost, in: home.home, as: world.bob) != nil)
    // NB: kept with the household the write was for, and found nowhere else.
    #expect(try await world.backend.receipt(for: lost, in: "elsewhere", as: world.bob) == nil)
    _ = try await home.bob.sync()
    #expect(await home.bob.state.heldAnswers == [lost])
    #expect(try await home.feed().filter { $0.card?.title == "Milk" }.count == 1)
    _ = try await home.bob.addCard(CardDraft(title: "Bread"))
    #expect(try await world.backend.receipt(for: lost, in: home.home, as: world.bob) == nil)
  }

  /// AC-OFF-11: A write whose id is empty or longer than 64 characters is refused in words,
  /// before anything is read or written: no card, no change, no receipt.
  public static let aWriteIDNoDeviceMakesIsRefused = ContractCheck(
    id: "AC-OFF-11", name: "aWriteIDNoDeviceMakesIsRefused"
  ) { world in
    let home = try await Home(world)
    let before = try await home.feed()
    for id in ["", String(repeating: "w", count: OutboxEntry.idLimit + 1)] {
      let entry = OutboxEntry(
        id: WriteID(id), householdID: home.home,
        write: .addCard(CardDraft(title: "Milk", id: "mmmmmmmm")), madeAt: Fixtures.start)
      let answer = try await world.backend.submit(entry, as: world.bob)
      #expect(answer == .refused(.malformedWriteID(length: id.count, limit: OutboxEntry.idLimit)))
      #expect(
        try await world.backend.receipt(for: WriteID(id), in: home.home, as: world.bob) == nil)
    }
    #expect(try await home.feed() == before)
    let longest = OutboxEntry(
      id: WriteID(String(repeating: "w", count: OutboxEntry.idLimit)), householdID: home.home,
      write: .addCard(CardDraft(title: "Milk", id: "mmmmmmmm")), madeAt: Fixtures.start)
    guard case .applied = try await world.backend.submit(longest, as: world.bob) else {
      Issue.record("a write id of \(OutboxEntry.idLimit) characters was not applied")
      return
    }
  }

  /// AC-OFF-12: A household is made through the outbox with the id its device made, its maker
  /// the first member and the partner's invite with it; sent again it is answered as the
  /// first time. An id taken or no device makes, and a maker in a household already, are
  /// refused with nothing written.
  public static let aHouseholdIsMadeThroughTheOutbox = ContractCheck(
    id: "AC-OFF-12", name: "aHouseholdIsMadeThroughTheOutbox"
  ) { world in
    let backend = world.backend
    func create(_ id: HouseholdID, write: WriteID, as account: AccountID) async throws
      -> WriteOutcome
    {
      let entry = OutboxEntry(
        id: write, householdID: id,
        write: .createHousehold(name: "Home", timeZone: "Asia/Taipei", displayName: "Ming"),
        madeAt: Fixtures.start)
      return try await backend.submit(entry, as: account)
    }
    let made: HouseholdID = "h2345678ab"
    let first = try await create(made, write: "w-home", as: world.alice)
    guard case .applied(let cards, let household?, nil, let changes) = first else {
      Issue.record("the create was not applied: \(first)")
      return
    }
    #expect(cards.isEmpty && household.id == made && household.name == "Home")
    #expect(household.members.map(\.uid) == [world.alice])
    #expect(changes.map(\.kind) == [.householdCreated])
    #expect(try await backend.householdID(of: world.alice, as: world.alice) == made)
    let invite = try #require(try await backend.liveInvite(for: made, as: world.alice))
    world.clock.advance(by: 60)
    #expect(try await create(made, write: "w-home", as: world.alice) == first)
    let feed = try await backend.changes(in: made, after: 0, limit: 100, as: world.alice)
    #expect(feed.map(\.kind) == [.householdCreated])

    // NB: Bob's create naming Alice's household, an id no device makes, and a second
    // household of Alice's: each refused, and none leaves a receipt or a household.
    let refusals: [(HouseholdID, WriteID, AccountID, TeammateError)] = [
      (made, "w-taken", world.bob, .householdIDTaken(made)),
      ("H2345678ab", "w-upper", world.bob, .householdIDTaken("H2345678ab")),
      ("h23", "w-short", world.bob, .householdIDTaken("h23")),
      ("k2345678ab", "w-second", world.alice, .alreadyInHousehold(made)),
    ]
    for (id, write, account, error) in refusals {
      #expect(try await create(id, write: write, as: account) == .refused(error), "\(write)")
      #expect(try await backend.receipt(for: write, in: id, as: account) == nil, "\(write)")
    }
    #expect(try await backend.householdID(of: world.bob, as: world.bob) == nil)
    #expect(try await backend.household(made, as: world.alice).members.count == 1)
    // NB: Bob is free to join it after his refused create.
    _ = try await backend.join(code: invite.code.rawValue, displayName: "Bob", as: world.bob)
    #expect(try await backend.household(made, as: world.bob).members.count == 2)
  }
}
