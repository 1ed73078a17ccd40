import TeammateKit

/// A random source that repeats itself on purpose: its first `repeats` values are all the
/// same, then it continues as a seeded generator. Ids drawn from it collide until the seeded
/// part begins, which proves that a caller draws again instead of reusing an id.
public struct CollidingRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var remaining: Int
  private var rest: SeededRandomNumberGenerator

  /// A generator that gives the same draw `repeats` times before it varies.
  public init(repeats: Int, seed: UInt64) {
    remaining = repeats
    rest = SeededRandomNumberGenerator(seed: seed)
  }

  public mutating func next() -> UInt64 {
    guard remaining > 0 else { return rest.next() }
    remaining -= 1
    // NB: not 0, which `next(upperBound:)` would reject and draw again forever.
    return 0x8000_0000_0000_0000
  }
}
