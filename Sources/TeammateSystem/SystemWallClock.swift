import Foundation
import TeammateKit

/// The machine's own clock, for an app's devices and backends: rules never see it; they get
/// `now` from it through a backend or a device. It lives outside TeammateKit on purpose, so
/// that the kit's scans keep every rule from reading the clock.
///
/// ```swift
/// let phone = Device(account: uid, backend: cloud, clock: SystemWallClock(), scheduler: centre)
/// ```
public struct SystemWallClock: WallClock {
  /// The system's clock.
  public init() {}
  public func now() -> Date { Date() }
}
