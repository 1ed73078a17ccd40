import Foundation

/// An instant as ISO 8601 text to the second, in a zone's offset at that instant:
/// `2026-12-01T20:00:00+08:00`, or `…Z` in UTC.
///
/// NB: plain arithmetic instead of a date formatter: `pending --json` writes thousands of
/// these, and the formatter was most of its time. A formatter would also read the locale.
public enum ISOTimestamp {
  private static let secondsPerDay = 86_400
  private static let secondsPerHour = 3_600

  /// The instant in ISO 8601 with the zone's offset at that instant, to the second.
  public static func text(_ date: Date, in zone: TimeZone) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(25)
    append(date, in: zone, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes the text's UTF-8 bytes straight into `bytes`, for writers of long documents.
  public static func append(_ date: Date, in zone: TimeZone, to bytes: inout [UInt8]) {
    let offset = zone.secondsFromGMT(for: date)
    let local = Int((date.timeIntervalSince1970).rounded(.down)) + offset
    appendCivil(local, to: &bytes)
    if offset == 0 && ["UTC", "GMT"].contains(zone.identifier) {
      bytes.append(UInt8(ascii: "Z"))
      return
    }
    bytes.append(UInt8(ascii: offset < 0 ? "-" : "+"))
    digits(abs(offset) / secondsPerHour, 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    digits(abs(offset) % secondsPerHour / 60, 2, to: &bytes)
  }

  /// `2026-12-01T20:00:00` for `local` seconds since 1970-01-01T00:00:00 on a zone's clock.
  static func appendCivil(_ local: Int, to bytes: inout [UInt8]) {
    let days = Int((Double(local) / Double(secondsPerDay)).rounded(.down))
    let seconds = local - days * secondsPerDay
    let (year, month, day) = civil(fromDays: days)
    digits(year, 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    digits(month, 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    digits(day, 2, to: &bytes)
    bytes.append(UInt8(ascii: "T"))
    digits(seconds / secondsPerHour, 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    digits(seconds % secondsPerHour / 60, 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    digits(seconds % 60, 2, to: &bytes)
  }

  /// The last `count` decimal digits of `value` (0 for a negative one), zeros in front.
  static func digits(_ value: Int, _ count: Int, to bytes: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    var rest = max(0, value)
    for _ in 0..<count {
      bytes.append(UInt8(48 + (rest / divisor) % 10))
      rest %= divisor
      divisor /= 10
    }
  }

  /// Year, month and day of a count of days since 1970-01-01 (proleptic Gregorian).
  static func civil(fromDays days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
