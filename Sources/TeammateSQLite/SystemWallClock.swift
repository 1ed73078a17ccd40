import Foundation
import TeammateKit

/// The machine's own clock: production only. Rules never see it; they get `now` from here
/// through a backend or a device. It lives outside TeammateKit on purpose.
public struct SystemWallClock: WallClock {
  public init() {}
  public func now() -> Date { Date() }
}
