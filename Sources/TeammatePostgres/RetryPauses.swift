/// The pauses between the tries of a call that lost a race: exponential backoff with full
/// jitter (each pause a random length up to a ceiling that doubles from `first` to
/// `longest`), and all of them together within `budget`, so that racing writers spread out
/// instead of colliding again at once, and no call waits without bound.
package struct RetryPauses: Sendable {
  /// One pause, in microseconds.
  package struct Pause: Equatable, Sendable {
    package var microseconds: Int64
  }

  package static let first: Int64 = 2_000
  package static let longest: Int64 = 200_000
  package static let budget: Int64 = 3_000_000

  /// How many pauses were taken, and how long they were together.
  package private(set) var taken = 0
  package private(set) var waited: Int64 = 0

  package init() {}

  /// The next pause, or nil when it would take the call past its budget.
  package mutating func next(using random: inout some RandomNumberGenerator) -> Pause? {
    let ceiling = min(Self.longest, Self.first << min(taken, 16))
    let pause = Int64.random(in: 0...ceiling, using: &random)
    guard waited + pause <= Self.budget else { return nil }
    taken += 1
    waited += pause
    return Pause(microseconds: pause)
  }
}
