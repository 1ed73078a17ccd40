import Foundation

/// A daily quiet period; `start > end` wraps midnight (22:00–07:00).
public struct QuietHours: Sendable, Codable, Hashable, CustomStringConvertible {
  /// When the quiet begins, in the household's zone.
  public var start: TimeOfDay
  /// When it ends; before the start, it wraps midnight.
  public var end: TimeOfDay

  /// Quiet hours from `start` to `end`.
  public init(start: TimeOfDay, end: TimeOfDay) {
    self.start = start
    self.end = end
  }

  /// Parses `HH:MM-HH:MM`; a range of no length is refused, since a person who types one
  /// means either no quiet hours or all day, and should say which.
  public init(parsing text: String) throws(TeammateError) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2 else { throw .invalidTimeOfDay(text) }
    let start = try TimeOfDay(parsing: String(parts[0]))
    let end = try TimeOfDay(parsing: String(parts[1]))
    guard start != end else { throw .invalidQuietHours(text) }
    self.init(start: start, end: end)
  }

  /// Whether a time of day falls inside the period (start inclusive, end exclusive).
  public func contains(_ time: TimeOfDay) -> Bool {
    if start == end { return false }
    if start < end { return start <= time && time < end }
    return time >= start || time < end
  }

  public var description: String { "\(start)-\(end)" }
}
