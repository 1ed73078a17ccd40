import Foundation

/// Calendar arithmetic in the household's time zone, so that "20:00" means 20:00 local on
/// both sides of a daylight-saving change.
package struct HouseholdCalendar: Sendable {
  package let calendar: Calendar

  package init(timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
  }

  /// The first instant strictly after `date` whose local time is `time`.
  ///
  /// A local time skipped by a daylight-saving jump resolves to the first instant after it.
  package func next(_ time: TimeOfDay, after date: Date) -> Date {
    let components = DateComponents(hour: time.hour, minute: time.minute, second: 0)
    return calendar.nextDate(
      after: date, matching: components, matchingPolicy: .nextTime, direction: .forward)
      ?? date.addingTimeInterval(24 * 60 * 60)
  }

  /// The local time of day of an instant.
  package func timeOfDay(of date: Date) -> TimeOfDay {
    .constant(calendar.component(.hour, from: date), calendar.component(.minute, from: date))
  }

  /// `date` itself, or the end of the quiet period it falls in.
  package func deferred(_ date: Date, past quietHours: QuietHours?) -> Date {
    guard let quietHours, quietHours.contains(timeOfDay(of: date)) else { return date }
    return next(quietHours.end, after: date)
  }
}
