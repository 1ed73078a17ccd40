import Foundation
import TeammateKit

/// A connection of its own that `LISTEN`s for the households followed on this store, on a
/// thread of its own, and hands each notification's sequence to the streams of its channel.
///
/// Writers `NOTIFY` the household's channel in the transaction that appends a change, so a
/// notification is sent when, and only if, the change commits. Its payload is the sequence,
/// never a card's content. While it listens on a channel the listener holds the channel's
/// `presence` lock, shared: a writer announces a change only when it cannot take that lock
/// (ADR 0017).
final class PostgresListener: @unchecked Sendable {
  private let url: String
  private let waits: PostgresWaits
  private let lock = NSLock()
  private var streams: [Int: (channel: String, continuation: AsyncStream<Int64>.Continuation)] =
    [:]
  private var nextID = 0
  /// Channels to start or stop listening to, for the listening thread to do.
  private var listening: Set<String> = []
  private var wanted: Set<String> = []
  private var stopped = false
  private var thread: Thread?
  /// Channels the server has confirmed listening to, for callers waiting on them.
  private var confirmed: Set<String> = []
  private let confirmation = NSCondition()

  init(url: String, waits: PostgresWaits) {
    self.url = url
    self.waits = waits
  }

  /// A stream of `channel`'s sequences, until the stream is dropped or the listener stops.
  func stream(on channel: String) throws(PostgresError) -> AsyncStream<Int64> {
    let (stream, continuation) = AsyncStream.makeStream(of: Int64.self)
    let id = lock.withLock {
      defer { nextID += 1 }
      streams[nextID] = (channel, continuation)
      wanted.insert(channel)
      return nextID
    }
    continuation.onTermination = { [weak self] _ in self?.drop(id) }
    try startIfNeeded()
    // NB: only once the server listens is a change certain to be announced: a device pulls
    // right after, so nothing falls between its pull and the first notification.
    confirmation.lock()
    defer { confirmation.unlock() }
    let deadline = Date(timeIntervalSinceNow: 10)
    while !confirmed.contains(channel) {
      guard lock.withLock({ thread != nil }),
        confirmation.wait(until: deadline) || confirmed.contains(channel)
      else { throw PostgresError.client("the server did not start listening") }
    }
    return stream
  }

  private func confirm(_ channels: Set<String>) {
    confirmation.lock()
    confirmed = channels
    confirmation.broadcast()
    confirmation.unlock()
  }

  private func drop(_ id: Int) {
    lock.withLock {
      streams[id] = nil
      wanted = Set(streams.values.map(\.channel))
    }
  }

  /// Ends the thread and every stream.
  func stop() {
    let ending = lock.withLock {
      stopped = true
      defer { streams = [:] }
      return streams.values.map(\.continuation)
    }
    for continuation in ending { continuation.finish() }
  }

  private func startIfNeeded() throws(PostgresError) {
    let start = lock.withLock { () -> Bool in
      guard thread == nil, !stopped else { return false }
      return true
    }
    guard start else { return }
    // NB: connecting here, not on the thread, so that a server that is not there is the
    // caller's error.
    let handoff = Handoff(connection: try PostgresConnection(url: url, waits: waits))
    let runner = Thread { [weak self] in self?.run(handoff.connection) }
    runner.name = "teammate.postgres.listen"
    lock.withLock { thread = runner }
    runner.start()
  }

  private func run(_ connection: PostgresConnection) {
    // NB: a new connection listens to nothing yet.
    listening = []
    while true {
      let (quit, wantedNow) = lock.withLock { (stopped, wanted) }
      if quit { return }
      do {
        // NB: the presence lock is taken before listening and let go after: a writer that
        // found no one there holds it until its commit, and the device pulls once it listens.
        for channel in wantedNow.subtracting(listening) {
          try connection.query("SELECT teammate_presence(\(channel), true)")
          try connection.execute("LISTEN \(try Self.identifier(channel))")
          listening.insert(channel)
        }
        for channel in listening.subtracting(wantedNow) {
          try connection.execute("UNLISTEN \(try Self.identifier(channel))")
          try connection.query("SELECT teammate_presence(\(channel), false)")
          listening.remove(channel)
        }
        confirm(listening)
        for (channel, payload) in try connection.notifications(waiting: .milliseconds(50)) {
          guard let sequence = Int64(payload) else { continue }
          let targets = lock.withLock { streams.values.filter { $0.channel == channel } }
          for target in targets { target.continuation.yield(sequence) }
        }
      } catch {
        // NB: the server went away: every stream ends, and its device pulls on its next sync.
        let ending = lock.withLock {
          thread = nil
          defer {
            streams = [:]
            wanted = []
          }
          return streams.values.map(\.continuation)
        }
        confirm([])
        for continuation in ending { continuation.finish() }
        return
      }
    }
  }

  /// A channel name as SQL text, once it is checked to be letters, digits and `_`.
  static func identifier(_ name: String) throws(PostgresError) -> String {
    guard !name.isEmpty, name.utf8.count < 64,
      name.unicodeScalars.allSatisfy({
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_")
      })
    else { throw PostgresError.client("not a channel name: \(name)") }
    return name
  }
}

/// A connection handed to the listening thread, which alone uses it from then on.
private struct Handoff: @unchecked Sendable {
  let connection: PostgresConnection
}
