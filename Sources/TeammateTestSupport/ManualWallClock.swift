import Foundation
import TeammateKit

/// A clock a test moves by hand; it never moves by itself.
///
/// ```swift
/// let clock = ManualWallClock(Fixtures.start)
/// clock.advance(by: 24 * 60 * 60)  // a day later, without sleeping
/// ```
public final class ManualWallClock: WallClock, @unchecked Sendable {
  private let lock = NSLock()
  private var current: Date

  /// A clock standing at `start`.
  public init(_ start: Date) { current = start }

  public func now() -> Date { lock.withLock { current } }

  /// Moves the clock on by `interval` seconds.
  public func advance(by interval: TimeInterval) { lock.withLock { current += interval } }

  /// Puts the clock at `date`.
  public func set(_ date: Date) { lock.withLock { current = date } }
}
