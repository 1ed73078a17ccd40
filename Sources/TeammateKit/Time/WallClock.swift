import Foundation

/// Where "now" comes from at the edges (backends, devices); rules take `now: Date` instead.
///
/// Named `WallClock` so that it does not shadow Swift's own `Clock`, which measures
/// monotonic instants rather than calendar dates.
///
/// ```swift
/// let backend = InMemoryBackend(clock: FixedWallClock(date))   // a test
/// let store = try SQLiteBackend(path: path, clock: SystemWallClock())  // production
/// ```
public protocol WallClock: Sendable {
  /// The current calendar instant as this clock sees it.
  func now() -> Date
}

/// A clock that always says the same instant: for tests, scripts and `--now`.
public struct FixedWallClock: WallClock {
  /// The instant it always gives.
  public let date: Date
  /// A clock stopped at `date`.
  public init(_ date: Date) { self.date = date }
  public func now() -> Date { date }
}

/// A clock that runs `offset` seconds apart from another: a phone whose time is wrong.
public struct SkewedWallClock: WallClock {
  /// The clock it is off from.
  public let base: any WallClock
  /// How many seconds it is ahead (or, negative, behind).
  public let offset: TimeInterval
  /// A clock `offset` seconds off `base`: a phone whose clock is wrong.
  public init(_ base: any WallClock, offset: TimeInterval) {
    self.base = base
    self.offset = offset
  }
  public func now() -> Date { base.now().addingTimeInterval(offset) }
}
