import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// Repeating cards through every backend: stored and synced like any field.
/// The contract's checks of this area, for any backend.
public enum RepeatContract {
  /// AC-REP-13: Every backend stores and syncs the rule like any other field: logged, edited,
  /// completed and skipped through the feed, online and from the outbox, the partner's phone sees
  /// the same rule, start and occurrence, and the partner's news says "completed" and "skipped".
  public static let theRuleIsStoredAndSyncedLikeAnyField = ContractCheck(
    id: "AC-REP-13", name: "theRuleIsStoredAndSyncedLikeAnyField"
  ) { world in
    let home = try await world.couple()
    let network = FaultyBackend(world.backend)
    let alice = world.device(world.alice).device
    let bob = world.device(world.bob, network: network).device
    _ = try await alice.sync()
    let weekly = RepeatRule(frequency: .weekly, weekdays: [.tuesday, .friday])
    let first = world.clock.now() + 3_600
    let trash = try await alice.addCard(
      CardDraft(kind: .task, title: "Trash", time: first, repeatRule: weekly))
    let swim = try await alice.addCard(
      CardDraft(
        kind: .event, title: "Swimming", time: first,
        repeatRule: RepeatRule(frequency: .daily, interval: 2)))
    _ = try await bob.sync()
    #expect(await bob.cards[trash.id]?.repeatRule == weekly)
    #expect(await bob.cards[trash.id]?.repeatStart == first)

    _ = try await bob.acknowledge([CardRevision(trash.id, revision: 1)])
    let moved = try await bob.setDone(trash.id, done: true)
    #expect(moved.time ?? first > first && !moved.isDone && moved.ackBy == world.bob)
    let skipped = try await alice.skip(swim.id)
    #expect(skipped.time == first + 2 * 86_400)
    let heard = try await alice.sync()
    // NB: Bob knew the card, then completed it: two acts, each told (issue 44).
    #expect(heard.news.map(\.kind) == [.acknowledged, .completed], "\(heard.news)")
    #expect(try await bob.sync().news.map(\.kind) == [.skipped])

    await bob.setOnline(false)
    _ = try await bob.skip(trash.id)
    let daily = RepeatRule(frequency: .daily, end: .count(3))
    _ = try await bob.editCard(swim.id, CardEdit(repeatRule: .set(daily)))
    await bob.setOnline(true)
    _ = try await bob.sync()
    _ = try await alice.sync()
    let stored = Dictionary(
      uniqueKeysWithValues: try await world.backend.cards(in: home, as: world.alice).map {
        ($0.id, $0)
      })
    #expect(stored[swim.id]?.repeatRule == daily && stored[swim.id]?.ackBy == nil)
    #expect(stored[swim.id]?.repeatStart == stored[swim.id]?.time)
    #expect(stored[trash.id]?.ackBy == world.bob)
    #expect((stored[trash.id]?.time ?? first) > (moved.time ?? first))
    #expect(await alice.cards == stored)
    #expect(await bob.cards == stored)
    let feed = try await world.backend.changes(in: home, after: 0, limit: 100, as: world.alice)
    #expect(feed.map(\.kind).filter { $0 == .cardSkipped }.count == 2)
  }
}
