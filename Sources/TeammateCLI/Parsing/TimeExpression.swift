import Foundation
import TeammateKit

/// Reading a time a person typed. Every form without an offset is read in the household's
/// time zone, and a local time that does not exist that day moves forward by the gap:
///
/// - ISO 8601 with an offset (`2026-12-01T20:00:00+08:00`, seconds optional) or without one
///   (`2026-12-01T20:00`);
/// - `YYYY-MM-DD HH:MM[:SS]`, `today HH:MM`, `tomorrow HH:MM`; after a day an hour alone
///   (`tomorrow 9`), and a day alone is its morning, 09:00 (`tomorrow`, `fri`, `2026-12-24`);
/// - a time of day alone (`19:00`, `7pm`, `7:30am`): the next such time after now;
/// - a weekday (`mon 09:30`, `next tue 18:00`): the next such day after today, or today
///   when the time is still ahead (never today after `next`);
/// - a span from now (`in 2h`, `in 30m`, `in 1h30m`, `in 2d`).
public enum TimeExpression {
  /// The instant `text` names, with "today" and "now" taken from `now` in `timeZone`.
  public static func parse(
    _ text: String, now: Date, timeZone: TimeZone
  ) throws(TeammateError) -> Date {
    try read(text, now: now, timeZone: timeZone).date
  }

  /// The instant `text` names, and whether it named a day alone, read as `assumedMorning`:
  /// a reading the person should be told of.
  public static func read(
    _ text: String, now: Date, timeZone: TimeZone
  ) throws(TeammateError) -> (date: Date, assumedMorning: Bool) {
    let reading = try reading(text, now: now, timeZone: timeZone)
    // NB: a time no store reads back is refused here, whatever option typed it (AC-INPUT-03).
    try StoredTime.check(reading.date)
    return reading
  }

  private static func reading(
    _ text: String, now: Date, timeZone: TimeZone
  ) throws(TeammateError) -> (date: Date, assumedMorning: Bool) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let refused = TeammateError.invalidTime(text, offset: offset(of: timeZone, at: now))
    if let date = iso8601(trimmed) { return (date, false) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let words = trimmed.lowercased().split(separator: " ", omittingEmptySubsequences: true)
      .map(String.init)
    guard let first = words.first else { throw refused }
    if first == "in" {
      return (try span(words.dropFirst().joined(), from: now, or: refused), false)
    }
    if words.count == 1 {
      if let time = clock(first) {
        return (try next(time, after: now, calendar, or: refused), false)
      }
      if let (day, time) = dateAndTime(first, separator: "t") {
        return (try local(day, time, calendar, or: refused), false)
      }
    }
    let time: TimeOfDay
    var assumed = false
    switch words.count {
    case 1:
      (time, assumed) = (assumedMorning, true)
    case 2 where first == "next" && weekdays[words[1]] != nil:
      (time, assumed) = (assumedMorning, true)
    case 2:
      guard let parsed = clock(words[1]) ?? hour(words[1]) else { throw refused }
      time = parsed
    case 3 where first == "next":
      guard let parsed = clock(words[2]) ?? hour(words[2]) else { throw refused }
      time = parsed
    default:
      throw refused
    }
    let next = first == "next"
    let dayWord = next ? words.dropFirst().first ?? "" : first
    return (
      try on(dayWord, at: time, skipToday: next, now: now, calendar, or: refused), assumed
    )
  }

  /// `time` on the day `dayWord` names: today, tomorrow, the next such weekday, or a date.
  private static func on(
    _ dayWord: String, at time: TimeOfDay, skipToday: Bool, now: Date, _ calendar: Calendar,
    or refused: TeammateError
  ) throws(TeammateError) -> Date {
    switch dayWord {
    case "today":
      return try local(
        calendar.dateComponents([.year, .month, .day], from: now), time, calendar, or: refused)
    case "tomorrow":
      guard let tomorrow = calendar.date(byAdding: .day, value: 1, to: now) else { throw refused }
      return try local(
        calendar.dateComponents([.year, .month, .day], from: tomorrow), time, calendar, or: refused)
    default:
      if let weekday = weekdays[dayWord] {
        return try next(weekday, time, after: now, skipToday: skipToday, calendar, or: refused)
      }
      guard !skipToday, let day = date(dayWord) else { throw refused }
      return try local(day, time, calendar, or: refused)
    }
  }

  /// The time of day a day given alone is read at.
  static let assumedMorning = TimeOfDay.constant(9, 0)

  /// "did you mean 'tomorrow 9'?": the hint for a time refused as `text`, when its day word is
  /// a near miss of one the forms know; nil when nothing is near.
  public static func hint(for text: String) -> String? {
    suggestion(for: text).map { "did you mean '\($0)'?" }
  }

  /// The text as it was likely meant, when its day word is a near miss of one the forms know
  /// (`tomorow 9` → `tomorrow 9`); nil when nothing is near or the text already reads.
  private static func suggestion(for text: String) -> String? {
    guard !isWellFormed(text) else { return nil }
    var words = text.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
    guard !words.isEmpty else { return nil }
    let index = words[0].lowercased() == "next" && words.count > 1 ? 1 : 0
    let word = words[index].lowercased()
    guard !dayWords.contains(word), clock(word) == nil, date(word) == nil,
      let near = Suggestion.nearest(to: word, among: dayWords.sorted())
    else { return nil }
    words[index] = near
    let mended = words.joined(separator: " ")
    return isWellFormed(mended) ? mended : nil
  }

  /// Every word that names a day.
  private static let dayWords: Set<String> = Set(weekdays.keys).union(["today", "tomorrow"])

  /// An hour alone, `0` to `23`, after a day: `tomorrow 9`.
  private static func hour(_ word: String) -> TimeOfDay? {
    guard (1...2).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(word), (0...23).contains(value)
    else { return nil }
    return .constant(value, 0)
  }

  /// Whether `text` is one of the forms: the check a command line makes before it knows the
  /// household, so that a mistyped time is refused before anything runs.
  public static func isWellFormed(_ text: String) -> Bool {
    // NB: whether a text parses depends on neither the zone nor the day (a skipped local
    // time moves forward; 31 February fails in every zone), so any reference will do.
    let utc = TimeZone(identifier: "UTC") ?? .gmt
    // NB: whether the instant can be stored is a rule's refusal later, not a usage error.
    return (try? reading(text, now: Date(timeIntervalSince1970: 1_796_083_200), timeZone: utc))
      != nil
  }

  /// `+08:00` (or `Z` in UTC): the zone's offset at `now`, for examples a person can copy.
  public static func offset(of zone: TimeZone, at now: Date) -> String {
    // NB: the offset as every written time shows it: the text after the seconds.
    String(ISOTimestamp.text(now, in: zone).dropFirst("2026-12-01T20:00:00".count))
  }

  private static let weekdays: [String: Int] = [
    "sun": 1, "sunday": 1, "mon": 2, "monday": 2, "tue": 3, "tues": 3, "tuesday": 3, "wed": 4,
    "wednesday": 4, "thu": 5, "thur": 5, "thurs": 5, "thursday": 5, "fri": 6, "friday": 6,
    "sat": 7, "saturday": 7,
  ]

  /// `19:00`, `7:05`, `19:00:00`, `7pm`, `7:30am`, `12am`.
  private static func clock(_ word: String) -> TimeOfDay? {
    var text = word
    var meridiem: String?
    for suffix in ["am", "pm"] where text.hasSuffix(suffix) {
      meridiem = suffix
      text.removeLast(2)
    }
    var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    if parts.count == 3 {
      guard parts[2] == "00" else { return nil }
      parts.removeLast()
    }
    if meridiem != nil && parts.count == 1 { parts.append("00") }
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      var hour = Int(parts[0]), let minute = Int(parts[1]),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
    else { return nil }
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
    }
    return try? TimeOfDay(parsing: "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)")
  }

  /// `2026-12-24`.
  private static func date(_ word: String) -> DateComponents? {
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    return DateComponents(year: year, month: month, day: day)
  }

  /// `2026-12-24t19:30` (lowercased), read without an offset.
  private static func dateAndTime(_ word: String, separator: Character) -> (
    DateComponents, TimeOfDay
  )? {
    let halves = word.split(separator: separator, omittingEmptySubsequences: false)
    guard halves.count == 2, let day = date(String(halves[0])),
      !halves[1].contains(where: { $0 == "+" || $0 == "-" || $0 == "z" }),
      let time = clock(String(halves[1]))
    else { return nil }
    return (day, time)
  }

  /// A day's local time; a date that does not exist (31 February) is refused, a local time
  /// skipped by a daylight-saving jump moves forward by the gap.
  private static func local(
    _ day: DateComponents, _ time: TimeOfDay, _ calendar: Calendar, or refused: TeammateError
  ) throws(TeammateError) -> Date {
    var components = day
    components.hour = time.hour
    components.minute = time.minute
    // NB: the calendar rolls 31 February over into March; a date that moved was not a date.
    guard let date = calendar.date(from: components),
      calendar.dateComponents([.year, .month, .day], from: date)
        == DateComponents(year: day.year, month: day.month, day: day.day)
    else { throw refused }
    return date
  }

  /// The first instant after `now` whose local time is `time`.
  private static func next(
    _ time: TimeOfDay, after now: Date, _ calendar: Calendar, or refused: TeammateError
  ) throws(TeammateError) -> Date {
    let today = calendar.dateComponents([.year, .month, .day], from: now)
    let candidate = try local(today, time, calendar, or: refused)
    if candidate > now { return candidate }
    guard let tomorrow = calendar.date(byAdding: .day, value: 1, to: now) else { throw refused }
    return try local(
      calendar.dateComponents([.year, .month, .day], from: tomorrow), time, calendar, or: refused)
  }

  /// The next `weekday` (1 is Sunday) at `time`: today when it is that day and the time is
  /// still ahead, unless `skipToday`.
  private static func next(
    _ weekday: Int, _ time: TimeOfDay, after now: Date, skipToday: Bool, _ calendar: Calendar,
    or refused: TeammateError
  ) throws(TeammateError) -> Date {
    for offset in 0...7 {
      guard let day = calendar.date(byAdding: .day, value: offset, to: now) else { continue }
      guard calendar.component(.weekday, from: day) == weekday else { continue }
      if offset == 0 && skipToday { continue }
      let candidate = try local(
        calendar.dateComponents([.year, .month, .day], from: day), time, calendar, or: refused)
      if candidate > now { return candidate }
    }
    throw refused
  }

  /// `2h`, `30m`, `1h30m`, `2d`, `90min`, `2hours`: a span added to `now`.
  private static func span(
    _ text: String, from now: Date, or refused: TeammateError
  ) throws(TeammateError) -> Date {
    let units: [(String, Double)] = [
      ("days", 86_400), ("day", 86_400), ("d", 86_400), ("hours", 3_600), ("hour", 3_600),
      ("h", 3_600), ("minutes", 60), ("minute", 60), ("mins", 60), ("min", 60), ("m", 60),
    ]
    var rest = Substring(text)
    var total: Double = 0
    guard !rest.isEmpty else { throw refused }
    while !rest.isEmpty {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard let amount = Double(digits), !digits.isEmpty else { throw refused }
      rest = rest.dropFirst(digits.count)
      guard let (unit, seconds) = units.first(where: { rest.hasPrefix($0.0) }) else {
        throw refused
      }
      rest = rest.dropFirst(unit.count)
      total += amount * seconds
    }
    guard total > 0, total <= 366 * 86_400 else { throw refused }
    return now.addingTimeInterval(total)
  }

  private static func iso8601(_ text: String) -> Date? {
    guard text.contains("T") else { return nil }
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
  }
}
