import Foundation
import TeammateInMemory
import TeammateKit
import TeammateTestSupport
import Testing

/// A device that keeps itself: what it made, saw and was told is in its `DeviceStore` when
/// it is dropped. The contract's checks of this area, for any backend.
public enum DeviceStoreContract {
  /// AC-DEV-10: A device makes an offline write and is dropped with no call to save anything;
  /// a new device over the same store has the write and the unseen news, and sends it once.
  public static let aDroppedDeviceLosesNothingAndSendsOnce = ContractCheck(
    id: "AC-DEV-10", name: "aDroppedDeviceLosesNothingAndSendsOnce"
  ) { world in
    let home = try await world.couple()
    let alice = world.device(world.alice).device
    let store = try await world.factory.makeDeviceStore(for: world.backend)
    var bob: Device? = try await world.device(world.bob, store: store)
    _ = try await alice.addCard(CardDraft(title: "Pick up the kids"))
    _ = try await bob?.sync()
    await bob?.setOnline(false)
    let made = try #require(try await bob?.addCard(CardDraft(kind: .task, title: "Diapers")))
    let news = try #require(await bob?.news)
    #expect(news.map(\.kind) == [.logged])
    // NB: dropped as an app that dies would drop it: nothing is asked to save.
    bob = nil

    let relaunched = try await world.device(world.bob, store: store, run: 1)
    #expect(await relaunched.state.outbox.map(\.write) == [.addCard(made.draft)])
    #expect(await relaunched.news == news)
    let report = try await relaunched.sync()
    #expect(report.outbox == 0 && report.conflicts.isEmpty)
    let third = try await world.device(world.bob, store: store, run: 2)
    #expect(await third.state.outbox.isEmpty)
    _ = try await third.sync()
    let feed = try await world.backend.changes(in: home, after: 0, limit: 10_000, as: world.bob)
    #expect(feed.filter { $0.card?.id == made.id }.count == 1)
  }
}

extension Card {
  /// The draft a device sends for this card made offline: its kind, title and id.
  fileprivate var draft: CardDraft { CardDraft(kind: kind, title: title, id: id) }
}
