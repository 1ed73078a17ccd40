/// Turns on one device, first come first served: a caller waits until every call made
/// before it has finished, so that an actor's reentrancy at each `await` never lets two
/// flushes, pulls or replans interleave.
///
/// NB: waiting ignores cancellation: a call once made runs in its turn, so that a cancelled
/// caller never leaves the outbox or the plan half-updated, and no later turn is skipped.
struct DeviceTurns {
  private var busy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Whether the caller may go at once; otherwise it must wait with `enqueue`.
  mutating func take() -> Bool {
    guard busy else {
      busy = true
      return true
    }
    return false
  }

  mutating func enqueue(_ continuation: CheckedContinuation<Void, Never>) {
    waiting.append(continuation)
  }

  /// Hands the turn to the next caller in line, or frees it.
  mutating func release() {
    if waiting.isEmpty {
      busy = false
    } else {
      waiting.removeFirst().resume()
    }
  }
}
