import Foundation

/// One member's notification preferences.
public struct NotificationSettings: Sendable, Codable, Hashable {
  /// When the pending digest fires, in household time.
  public var digestTime: TimeOfDay
  /// When activity and digest notifications wait; nil for none.
  public var quietHours: QuietHours?
  /// How many minutes before an event its reminder fires (0…1440).
  public var eventLeadMinutes: Int
  /// Kinds this member switched off.
  public var disabledKinds: Set<NotificationKind>

  /// Settings with every field given.
  public init(
    digestTime: TimeOfDay = .constant(20, 0),
    quietHours: QuietHours? = QuietHours(start: .constant(22, 0), end: .constant(7, 0)),
    eventLeadMinutes: Int = 30, disabledKinds: Set<NotificationKind> = []
  ) {
    self.digestTime = digestTime
    self.quietHours = quietHours
    self.eventLeadMinutes = eventLeadMinutes
    self.disabledKinds = disabledKinds
  }

  /// 20:00 digest, quiet 22:00–07:00, events 30 minutes ahead, everything on.
  public static let `default` = NotificationSettings()

  /// How many minutes before an event its reminder may come: zero to a day.
  public static let leadMinutesRange = 0...(24 * 60)

  /// The settings, refused when the lead time is out of range.
  public func validated() throws(TeammateError) -> NotificationSettings {
    guard Self.leadMinutesRange.contains(eventLeadMinutes) else {
      throw .invalidLeadTime(minutes: eventLeadMinutes)
    }
    return self
  }

  /// Whether the member wants notifications of this kind.
  public func isEnabled(_ kind: NotificationKind) -> Bool { !disabledKinds.contains(kind) }

  /// The kinds switched on, in their declared order.
  public var enabledKinds: [NotificationKind] { NotificationKind.allCases.filter(isEnabled) }

  /// The kinds switched off, in their declared order.
  public var disabledKindsInOrder: [NotificationKind] {
    NotificationKind.allCases.filter { !isEnabled($0) }
  }

  private enum CodingKeys: String, CodingKey {
    case digestTime, quietHours, eventLeadMinutes, disabledKinds
  }

  /// NB: the kinds switched off in their declared order, never a set's: the same settings
  /// always write the same bytes (a household document's round trip, AC-PORT-03).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(digestTime, forKey: .digestTime)
    try container.encodeIfPresent(quietHours, forKey: .quietHours)
    try container.encode(eventLeadMinutes, forKey: .eventLeadMinutes)
    try container.encode(disabledKindsInOrder, forKey: .disabledKinds)
  }
}
