import Foundation
import TeammateKit

/// The households whose changes someone follows on this store, and how far each was told.
struct SQLiteWatchers {
  struct Watcher {
    let household: HouseholdID
    let continuation: AsyncStream<Int64>.Continuation
    var told: Int64
  }

  var watchers: [Int: Watcher] = [:]
  var nextID = 0
  /// `PRAGMA data_version` when last looked: it moves only when another connection commits.
  var dataVersion: Int64?
  var poller: Task<Void, Never>?
}

extension SQLiteBackend: PushingBackend {
  /// How often a followed store looks whether another process wrote to it.
  static let pollInterval: Duration = .milliseconds(100)

  /// The household's new feed sequences: at once after this connection's own writes, and
  /// within a tenth of a second after another process's, found by `PRAGMA data_version` (one
  /// cheap look, not a re-read) and then one query per followed household.
  public func pushes(for household: HouseholdID, as actor: AccountID) throws -> AsyncStream<Int64> {
    _ = try self.household(household, as: actor)
    let (stream, continuation) = AsyncStream.makeStream(of: Int64.self)
    let id = watching.nextID
    watching.nextID += 1
    watching.watchers[id] = SQLiteWatchers.Watcher(
      household: household, continuation: continuation, told: try lastSequence(of: household))
    continuation.onTermination = { [weak self] _ in
      Task { await self?.stopWatching(id) }
    }
    if watching.poller == nil {
      watching.dataVersion = try dataVersion()
      watching.poller = Task { [weak self] in
        while !Task.isCancelled {
          try? await Task.sleep(for: Self.pollInterval)
          guard let self else { return }
          await self.lookForOtherWriters()
        }
      }
    }
    return stream
  }

  private func stopWatching(_ id: Int) {
    watching.watchers[id] = nil
    guard watching.watchers.isEmpty else { return }
    watching.poller?.cancel()
    watching.poller = nil
  }

  /// After another connection committed, tells each follower what its household gained.
  private func lookForOtherWriters() {
    guard let version = try? dataVersion(), version != watching.dataVersion else { return }
    watching.dataVersion = version
    announce()
  }

  /// Tells each follower the household's last sequence when it moved on: one query per
  /// household followed, however many follow it.
  func announce() {
    guard !watching.watchers.isEmpty else { return }
    var last: [HouseholdID: Int64] = [:]
    for (id, watcher) in watching.watchers {
      if last[watcher.household] == nil {
        last[watcher.household] = (try? lastSequence(of: watcher.household)) ?? 0
      }
      guard let sequence = last[watcher.household], sequence > watcher.told else { continue }
      watching.watchers[id]?.told = sequence
      watcher.continuation.yield(sequence)
    }
  }

  private func dataVersion() throws -> Int64 {
    try connection.first("PRAGMA data_version") { $0.int64(0) } ?? 0
  }

  private func lastSequence(of household: HouseholdID) throws -> Int64 {
    try connection.first(
      "SELECT coalesce(max(sequence), 0) FROM changes WHERE household_id = ?", [.id(household)]
    ) { $0.int64(0) } ?? 0
  }
}
