import Foundation

/// The instants every store can hold and read back (AC-INPUT-01): from the start of 1970 to
/// the end of 9999, in UTC. SQLite keeps a time as seconds and reads back only this range, the
/// household document writes a year in four digits, and a device's saved state is read as a
/// store's: a time outside it, once written, would leave the store unreadable for both
/// partners. So a time a person or a clock gives is checked against it before anything is
/// written, and a repeat's next occurrence past it ends the series.
public enum StoredTime {
  /// 1970-01-01T00:00:00Z through 9999-12-31T23:59:59Z.
  public static let range: ClosedRange<Date> =
    Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799)

  /// The first and the last year a time may fall in, as a refusal names them.
  public static let years: ClosedRange<Int> = 1970...9999

  /// Whether `date` can be stored and read back.
  public static func holds(_ date: Date) -> Bool { range.contains(date) }

  /// Refuses a time no store can read back (`timeOutOfRange`); nil passes.
  public static func check(_ date: Date?) throws(TeammateError) {
    guard let date, !holds(date) else { return }
    throw .timeOutOfRange(earliestYear: years.lowerBound, latestYear: years.upperBound)
  }
}
