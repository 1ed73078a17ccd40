import Foundation

/// The streams a device hands its snapshots to, and the last value it handed out.
struct SnapshotObservers {
  var continuations: [Int: AsyncStream<DeviceSnapshot>.Continuation] = [:]
  var last: DeviceSnapshot?
  var nextID = 0
}

extension Device {
  /// The device as a screen shows it now: one consistent value.
  public func snapshot() async -> DeviceSnapshot {
    await inTurn { currentSnapshot() }
  }

  /// A snapshot now, and another after every change the device makes or learns of (a write,
  /// an answer, a sync, a push, a replan, a dismissed conflict, going on- or offline); none
  /// when nothing changed. A slow reader skips values in between but always gets the latest;
  /// ending the iteration releases the stream.
  public func snapshots() async -> AsyncStream<DeviceSnapshot> {
    await inTurn {
      let (stream, continuation) = AsyncStream.makeStream(
        of: DeviceSnapshot.self, bufferingPolicy: .bufferingNewest(1))
      let id = observers.nextID
      observers.nextID += 1
      let now = observers.last ?? currentSnapshot()
      observers.last = now
      continuation.yield(now)
      continuation.onTermination = { [weak self] _ in
        Task { await self?.stopObserving(id) }
      }
      observers.continuations[id] = continuation
      return stream
    }
  }

  /// How many snapshot streams are open: a cancelled one is released.
  public var observerCount: Int { observers.continuations.count }

  private func stopObserving(_ id: Int) {
    observers.continuations[id] = nil
    if observers.continuations.isEmpty { observers.last = nil }
  }

  /// Hands a fresh snapshot to every stream when it differs from the last; nothing is
  /// computed while nobody observes.
  func publish() {
    guard !observers.continuations.isEmpty else { return }
    let now = currentSnapshot()
    guard now != observers.last else { return }
    observers.last = now
    for continuation in observers.continuations.values { continuation.yield(now) }
  }

  func currentSnapshot() -> DeviceSnapshot {
    let shown = viewNow()
    return DeviceSnapshot(
      household: shown.household, cards: shown.cards,
      pending: AcknowledgementRules.pending(cards: Array(shown.cards.values), viewer: account),
      news: news, notifications: state.planned, conflicts: state.conflicts,
      waitingWrites: state.outbox.count, isOnline: isOnline)
  }
}
