import Foundation

/// Collects what a stream delivers, so a test can wait for the next element with a time
/// limit: a lost push then fails the test instead of hanging it.
///
/// ```swift
/// let pushes = PushInbox(await backend.subscribe(as: "bob"))
/// let change = try await pushes.next()   // throws `PushInbox.TimedOut` after 5 s
/// ```
public actor PushInbox<Element: Sendable> {
  /// Nothing arrived within the time limit.
  public struct TimedOut: Error, CustomStringConvertible {
    /// How long it waited.
    public let seconds: Double
    public var description: String { "no element arrived within \(seconds) s" }
  }

  private var buffer: [Element] = []
  private var finished = false
  private var waiter: (id: UUID, continuation: CheckedContinuation<Element?, Never>)?
  private var feeder: Task<Void, Never>?

  /// An inbox reading `stream` from now on.
  public init(_ stream: AsyncStream<Element>) {
    feeder = nil
    Task { await self.start(stream) }
  }

  private func start(_ stream: AsyncStream<Element>) {
    feeder = Task { [weak self] in
      for await element in stream { await self?.put(element) }
      await self?.finish()
    }
  }

  private func put(_ element: Element) {
    if let waiter {
      self.waiter = nil
      waiter.continuation.resume(returning: element)
    } else {
      buffer.append(element)
    }
  }

  private func finish() {
    finished = true
    waiter?.continuation.resume(returning: nil)
    waiter = nil
  }

  private func expire(_ id: UUID) {
    guard let waiter, waiter.id == id else { return }
    self.waiter = nil
    waiter.continuation.resume(returning: nil)
  }

  /// The next element; `nil` when the stream ended; throws `TimedOut` after `seconds`.
  public func next(within seconds: Double = 5) async throws -> Element? {
    if !buffer.isEmpty { return buffer.removeFirst() }
    if finished { return nil }
    let id = UUID()
    let timer = Task { [weak self] in
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      await self?.expire(id)
    }
    let element = await withCheckedContinuation { continuation in
      waiter = (id, continuation)
    }
    timer.cancel()
    if element == nil && !finished { throw TimedOut(seconds: seconds) }
    return element
  }

  deinit { feeder?.cancel() }
}
