import Foundation

/// The streams a device hands its snapshots to, and the last value it made.
struct SnapshotObservers {
  var continuations: [Int: AsyncStream<DeviceSnapshot>.Continuation] = [:]
  /// The last snapshot made, and what it was made from.
  var last: (key: SnapshotKey, snapshot: DeviceSnapshot)?
  /// The last snapshot handed to the streams, and what it was made from.
  var published: (key: SnapshotKey, snapshot: DeviceSnapshot)?
  var nextID = 0
}

/// What a snapshot is made from, in a form cheap to compare: every change a device makes or
/// learns of moves one of these (a change applied raises its sequence; a write waits in the
/// outbox), so an equal key means an equal snapshot, without comparing every card.
struct SnapshotKey: Equatable {
  var householdID: HouseholdID?
  var cursor: Int64
  /// The sum of the sequences applied per document: every change applied raises it.
  var applied: Int64
  var outbox: [WriteID]
  var planned: [PlannedNotification]
  var conflicts: [SyncConflict]
  var news: [PartnerNews]
  var isOnline: Bool
  var listSeen: Int64
}

extension Device {
  /// The device as a screen shows it now: one consistent value, made again only when
  /// something changed since the last.
  public func snapshot() async -> DeviceSnapshot {
    await waitTurn { currentSnapshot() }
  }

  /// A snapshot now, and another after every change the device makes or learns of (a write,
  /// an answer, a sync, a push, a replan, a dismissed conflict, going on- or offline); none
  /// when nothing changed. A slow reader skips values in between but always gets the latest;
  /// ending the iteration releases the stream.
  public func snapshots() async -> AsyncStream<DeviceSnapshot> {
    await waitTurn {
      let (stream, continuation) = AsyncStream.makeStream(
        of: DeviceSnapshot.self, bufferingPolicy: .bufferingNewest(1))
      let id = observers.nextID
      observers.nextID += 1
      let now = currentSnapshot()
      observers.published = observers.last
      continuation.yield(now)
      continuation.onTermination = { [weak self] _ in
        Task { await self?.stopObserving(id) }
      }
      observers.continuations[id] = continuation
      return stream
    }
  }

  /// How many snapshot streams are open: a cancelled one is released.
  package var observerCount: Int { observers.continuations.count }

  private func stopObserving(_ id: Int) {
    observers.continuations[id] = nil
  }

  /// Hands a fresh snapshot to every stream when it differs from the last; nothing is
  /// computed while nobody observes.
  func publish() {
    guard !observers.continuations.isEmpty else { return }
    let now = currentSnapshot()
    // NB: cards are compared only when what they are made from moved.
    guard let made = observers.last, made.key != observers.published?.key else { return }
    let changed = now != observers.published?.snapshot
    observers.published = made
    guard changed else { return }
    for continuation in observers.continuations.values { continuation.yield(now) }
  }

  /// The snapshot of this moment: the last one again when nothing it is made from moved.
  func currentSnapshot() -> DeviceSnapshot {
    let key = SnapshotKey(
      householdID: state.householdID, cursor: state.cursor,
      applied: state.appliedSequence.values.reduce(0, &+) &+ state.cardApplied.values.reduce(0, &+),
      outbox: state.outbox.map(\.id),
      planned: state.planned, conflicts: state.conflicts, news: news, isOnline: isOnline,
      listSeen: state.listSeen)
    if let last = observers.last, last.key == key { return last.snapshot }
    let snapshot = makeSnapshot()
    observers.last = (key, snapshot)
    return snapshot
  }

  private func makeSnapshot() -> DeviceSnapshot {
    let shown = view
    return DeviceSnapshot(
      household: shown.household, cards: shown.cards, viewer: account,
      news: news, notifications: state.planned, conflicts: state.conflicts,
      waitingWrites: state.outbox.count, isOnline: isOnline, items: shown.items,
      listNews: state.listNews(for: account), itemOrder: state.itemOrder)
  }
}
