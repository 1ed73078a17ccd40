import Foundation
import TeammateKit
import TeammateSQLite
import TeammateSystem

/// The clock of one run: the system's, or the time `--now` names. A `--now` without an
/// offset is read in the household's zone once the household is known (until then, in this
/// machine's, which only the first lookups see).
final class SessionClock: WallClock, @unchecked Sendable {
  private let lock = NSLock()
  private var fixed: Date?
  private let text: String?

  init(now text: String?) throws(TeammateError) {
    self.text = text.flatMap { $0.isEmpty ? nil : $0 }
    if let text = self.text {
      fixed = try TimeExpression.parse(text, now: SystemWallClock().now(), timeZone: .current)
    }
  }

  func now() -> Date { lock.withLock { fixed } ?? SystemWallClock().now() }

  /// Reads `--now` again in the household's zone, when it names a local time.
  func settle(in zone: TimeZone) {
    guard let text else { return }
    let base = SystemWallClock().now()
    let utc = TimeZone(identifier: "UTC") ?? .gmt
    let far = TimeZone(identifier: "Pacific/Kiritimati") ?? .gmt
    // NB: a text that names the same instant in any zone carries its own offset.
    guard let inUTC = try? TimeExpression.parse(text, now: base, timeZone: utc),
      let inFar = try? TimeExpression.parse(text, now: base, timeZone: far), inUTC != inFar,
      let local = try? TimeExpression.parse(text, now: base, timeZone: zone)
    else { return }
    lock.withLock { fixed = local }
  }
}
