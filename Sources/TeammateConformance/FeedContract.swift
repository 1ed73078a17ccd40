import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// The contract's checks of this area, for any backend.
public enum FeedContract {
  /// AC-SYNC-04: The change feed is ordered by a strictly increasing sequence, holds only the
  /// household's own changes, and pages by cursor without gaps or repeats.
  public static let feedIsOrderedPerHouseholdAndPagesByCursor = ContractCheck(
    id: "AC-SYNC-04", name: "feedIsOrderedPerHouseholdAndPagesByCursor"
  ) { world in
    let home = try await world.couple()
    let other = try await world.backend.createHousehold(
      name: "Elsewhere", timeZone: "Europe/Paris", displayName: "Carol", as: world.carol)
    for index in 0..<7 {
      _ = try await world.backend.addCard(
        CardDraft(title: "Card \(index)"), to: home, as: world.alice)
      _ = try await world.backend.addCard(
        CardDraft(title: "Theirs \(index)"), to: other.household.id, as: world.carol)
    }
    let all = try await world.backend.changes(in: home, after: 0, limit: 1_000, as: world.bob)
    #expect(all.count == 9)
    #expect(all.allSatisfy { $0.householdID == home })
    #expect(zip(all, all.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
    #expect(all.map(\.kind).prefix(2) == [.householdCreated, .memberJoined])

    var paged: [Change] = []
    var cursor: Int64 = 0
    // NB: bounded, and ended by a page that moves the cursor nowhere, so that a backend
    // answering from the cursor instead of after it fails here rather than pages forever.
    for _ in 0...all.count {
      let page = try await world.backend.changes(in: home, after: cursor, limit: 4, as: world.bob)
      paged += page
      guard let last = page.last, last.sequence > cursor else { break }
      cursor = last.sequence
    }
    #expect(FeedDifference.between(paged, all) == nil)
    await #expect(throws: TeammateError.accessDenied(.notAMember(home))) {
      try await world.backend.changes(in: home, after: 0, limit: 10, as: world.carol)
    }
  }

  /// AC-SYNC-05: A device that receives pushed changes twice, late or in reverse order ends with
  /// the same state as one that received them once in order.
  public static let duplicateLateAndReversedPushesDoNoHarm = ContractCheck(
    id: "AC-SYNC-05", name: "duplicateLateAndReversedPushesDoNoHarm"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(
      CardDraft(title: "Nap at 2"), to: home, as: world.alice)
    _ = try await world.backend.editCard(
      card.id, CardEdit(title: .set("Nap at 3")), as: world.alice)
    _ = try await world.backend.acknowledgeCard(card.id, revision: 2, as: world.bob)
    _ = try await world.backend.editCard(
      card.id, CardEdit(note: .set("in the crib")), as: world.alice)
    let feed = try await world.backend.changes(in: home, after: 0, limit: 100, as: world.bob)

    let orderly = world.device(world.bob).device
    _ = try await orderly.sync()
    let chaotic = world.device(world.bob).device
    _ = try await chaotic.sync()
    var random = SeededRandomNumberGenerator(seed: 57)
    for change in feed.reversed() + feed + feed.shuffled(using: &random) {
      try await chaotic.receive(change)
    }
    #expect(await chaotic.state == orderly.state)
    #expect(await chaotic.state.cards[card.id]?.title == "Nap at 3")
    #expect(await chaotic.state.cards[card.id]?.revision == 3)
    #expect(try await chaotic.sync().pulled == 0)
  }

  /// AC-SYNC-14: A refused call changes nothing: the feed, the cards and the household are exactly
  /// as before.
  public static let refusedCallsChangeNothing = ContractCheck(
    id: "AC-SYNC-14", name: "refusedCallsChangeNothing"
  ) { world in
    let creation = try await world.aliceAlone()
    let home = creation.household.id
    let invite = creation.invite.code
    _ = try await world.backend.join(code: invite.rawValue, displayName: "Bob", as: world.bob)
    let card = try await world.backend.addCard(
      CardDraft(title: "Laundry"), to: home, as: world.alice)
    let before = try await world.snapshot(home)
    world.clock.advance(by: 60)

    let refusals: [@Sendable () async throws -> Void] = [
      {
        _ = try await world.backend.join(
          code: invite.rawValue, displayName: "Carol", as: world.carol)
      },
      { _ = try await world.backend.acknowledgeCard(card.id, revision: 1, as: world.alice) },
      { _ = try await world.backend.acknowledgeCard(card.id, revision: 7, as: world.bob) },
      { _ = try await world.backend.editCard(card.id, CardEdit(title: .set(" ")), as: world.bob) },
      { _ = try await world.backend.setCardDone(card.id, done: true, as: world.bob) },
      { _ = try await world.backend.addCard(CardDraft(title: ""), to: home, as: world.bob) },
      {
        _ = try await world.backend.addCard(
          CardDraft(kind: .task, title: "x", assignee: world.carol), to: home, as: world.bob)
      },
      {
        _ = try await world.backend.updateHousehold(
          home, name: nil, timeZone: "Moon/Base", as: world.bob)
      },
      {
        _ = try await world.backend.createHousehold(
          name: "Again", timeZone: "UTC", displayName: "A", as: world.alice)
      },
    ]
    for refusal in refusals {
      await #expect(throws: TeammateError.self) { try await refusal() }
    }
    #expect(try await world.snapshot(home) == before)
  }
}

extension FeedContract {
  /// AC-SYNC-17: Adding several cards at once is all or nothing: when one draft is refused, none of
  /// them is added and the feed is unchanged.
  public static let batchOfCardsIsAllOrNothing = ContractCheck(
    id: "AC-SYNC-17", name: "batchOfCardsIsAllOrNothing"
  ) { world in
    let home = try await world.couple()
    let drafts = (0..<5).map { CardDraft(title: "Item \($0)") }
    let added = try await world.backend.addCards(drafts, to: home, as: world.alice)
    #expect(added.map(\.title) == drafts.map(\.title))
    #expect(Set(added.map(\.id)).count == 5)
    let before = try await world.snapshot(home)
    await #expect(throws: TeammateError.emptyTitle) {
      try await world.backend.addCards(drafts + [CardDraft(title: "  ")], to: home, as: world.alice)
    }
    #expect(try await world.snapshot(home) == before)
  }
}

extension FeedContract {
  /// AC-SYNC-18: Acknowledging several cards at once is all or nothing: when one is refused (stale,
  /// own change, deleted), none is acknowledged.
  public static let acknowledgingSeveralIsAllOrNothing = ContractCheck(
    id: "AC-SYNC-18", name: "acknowledgingSeveralIsAllOrNothing"
  ) { world in
    let home = try await world.couple()
    let cards = try await world.backend.addCards(
      [CardDraft(title: "One"), CardDraft(title: "Two")], to: home, as: world.alice)
    let mine = try await world.backend.addCard(CardDraft(title: "Mine"), to: home, as: world.bob)
    let seen = cards.map { CardRevision($0.id, revision: 1) }
    let before = try await world.snapshot(home)
    await #expect(throws: TeammateError.lastEditorCannotAcknowledge(mine.id)) {
      try await world.backend.acknowledgeCards(
        seen + [CardRevision(mine.id, revision: 1)], as: world.bob)
    }
    await #expect(throws: TeammateError.staleAcknowledgement(cards[1].id, seen: 0, current: 1)) {
      try await world.backend.acknowledgeCards(
        [seen[0], CardRevision(cards[1].id, revision: 0)], as: world.bob)
    }
    #expect(try await world.snapshot(home) == before)
    let acknowledged = try await world.backend.acknowledgeCards(seen + seen, as: world.bob)
    #expect(acknowledged.allSatisfy { $0.ackBy == world.bob })
    let feed = try await world.backend.changes(in: home, after: 0, limit: 100, as: world.bob)
    #expect(feed.filter { $0.kind == .cardAcknowledged }.count == 2)
  }

  /// AC-SYNC-22: A household update or a card edit that changes nothing adds nothing to the feed
  /// and changes nothing stored.
  public static let anUpdateThatChangesNothingAddsNothingToTheFeed = ContractCheck(
    id: "AC-SYNC-22", name: "anUpdateThatChangesNothingAddsNothingToTheFeed"
  ) { world in
    let home = try await world.couple()
    let card = try await world.backend.addCard(
      CardDraft(title: "Nap"), to: home, as: world.alice)
    let before = try await world.snapshot(home)
    world.clock.advance(by: 60)
    let same = try await world.backend.updateHousehold(
      home, name: "Home", timeZone: "Asia/Taipei", as: world.alice)
    #expect(same == before.household)
    _ = try await world.backend.editCard(card.id, CardEdit(title: .set("Nap")), as: world.alice)
    #expect(try await world.snapshot(home) == before)
    _ = try await world.backend.updateHousehold(home, name: "Nest", timeZone: nil, as: world.bob)
    #expect(try await world.snapshot(home).feed.count == before.feed.count + 1)
  }

  /// AC-SYNC-23: Acknowledging, completing and deleting are not activity: their feed entries do not
  /// need knowing, and the partner's device plans no activity notification for them.
  public static let acknowledgingCompletingAndDeletingAreNotActivity = ContractCheck(
    id: "AC-SYNC-23", name: "acknowledgingCompletingAndDeletingAreNotActivity"
  ) { world in
    let home = try await world.couple()
    let alice = world.device(world.alice)
    let note = try await world.backend.addCard(
      CardDraft(title: "Bottles"), to: home, as: world.alice)
    let task = try await world.backend.addCard(
      CardDraft(kind: .task, title: "Trash"), to: home, as: world.alice)
    let doomed = try await world.backend.addCard(
      CardDraft(title: "Old"), to: home, as: world.alice)
    _ = try await alice.device.sync()
    world.clock.advance(by: 60)
    _ = try await world.backend.acknowledgeCard(note.id, revision: 1, as: world.bob)
    _ = try await world.backend.setCardDone(task.id, done: true, as: world.bob)
    _ = try await world.backend.deleteCard(doomed.id, as: world.bob)
    let feed = try await world.backend.changes(in: home, after: 0, limit: 100, as: world.alice)
    #expect(feed.suffix(3).allSatisfy { !$0.needsKnowing })
    #expect(feed.filter { $0.kind == .cardAdded }.allSatisfy { $0.needsKnowing })
    _ = try await alice.device.sync()
    #expect(await alice.device.state.waitingActivity.isEmpty)
    #expect(await alice.centre.pending().allSatisfy { $0.kind != .activity })
  }

  /// AC-SYNC-32: A device pulls the feed page by page until a page comes back short, however the
  /// changes divide into pages (an exact multiple of the page size included).
  public static let aDevicePullsEveryPageEvenAnExactMultiple = ContractCheck(
    id: "AC-SYNC-32", name: "aDevicePullsEveryPageEvenAnExactMultiple"
  ) { world in
    let home = try await world.couple()
    let scheduler = InMemoryNotificationScheduler()
    let phone = Device(
      account: world.bob, backend: world.backend, clock: world.clock, scheduler: scheduler,
      pageSize: 3)
    _ = try await phone.sync()
    for round in 1...2 {
      for index in 0..<(round == 1 ? 6 : 7) {
        _ = try await world.backend.addCard(
          CardDraft(title: "r\(round)c\(index)"), to: home, as: world.alice)
      }
      #expect(try await phone.sync().pulled == (round == 1 ? 6 : 7))
      #expect(await phone.state.cards.count == (round == 1 ? 6 : 13))
    }
  }

  /// AC-SYNC-35: A backend's pending cards for an account are exactly the rules' pending cards
  /// among all the household's, in the rules' order: unacknowledged, last edited by the partner,
  /// not deleted.
  public static let pendingCardsAreExactlyTheRules = ContractCheck(
    id: "AC-SYNC-35", name: "pendingCardsAreExactlyTheRules"
  ) { world in
    let home = try await world.couple()
    var cards: [Card] = []
    for index in 0..<8 {
      world.clock.advance(by: 60)
      let author = index % 3 == 0 ? world.bob : world.alice
      cards.append(
        try await world.backend.addCard(CardDraft(title: "c\(index)"), to: home, as: author))
    }
    _ = try await world.backend.acknowledgeCard(cards[1].id, revision: 1, as: world.bob)
    _ = try await world.backend.deleteCard(cards[2].id, as: world.alice)
    world.clock.advance(by: 60)
    _ = try await world.backend.editCard(
      cards[4].id, CardEdit(title: .set("moved up")), as: world.alice)
    _ = try await world.backend.editCard(cards[5].id, CardEdit(note: .set("n")), as: world.bob)
    for viewer in [world.alice, world.bob] {
      let all = try await world.backend.cards(in: home, as: viewer)
      #expect(
        try await world.backend.pendingCards(in: home, as: viewer)
          == AcknowledgementRules.pending(cards: all, viewer: viewer))
    }
    await #expect(throws: TeammateError.accessDenied(.notAMember(home))) {
      try await world.backend.pendingCards(in: home, as: world.carol)
    }
  }
}

extension FeedContract {
  static let texts = [
    "O'Brien said \"hi\" \\ ; DROP TABLE cards; --", "nul\u{0}inside", "\u{1B}[2J\u{7}bell",
    "買尿布 👶🏽 é", "$1 $2 %s %n", "line\nbreak\ttab",
  ]

  /// AC-SYNC-36: Text comes back from every backend exactly as it went in: quotes, backslashes,
  /// SQL, NUL and other control characters, emoji and CJK in titles, notes, names and the feed.
  public static let textRoundTripsExactly = ContractCheck(
    id: "AC-SYNC-36", name: "textRoundTripsExactly"
  ) { world in
    let home = try await world.couple()
    for text in Self.texts {
      let card = try await world.backend.addCard(
        CardDraft(title: text, note: text), to: home, as: world.alice)
      let read = try await world.backend.card(card.id, as: world.bob)
      #expect(read.title == text && read.note == text, "\(text.debugDescription)")
    }
    let renamed = try await world.backend.updateHousehold(
      home, name: Self.texts[0], timeZone: nil, as: world.alice)
    #expect(try await world.backend.household(home, as: world.bob).name == renamed.name)
    let feed = try await world.backend.changes(in: home, after: 0, limit: 100, as: world.bob)
    #expect(Set(feed.compactMap { $0.card?.title }) == Set(Self.texts))
  }
}
