import Foundation

/// Reading a time a person typed: ISO 8601, `YYYY-MM-DD HH:MM`, `today HH:MM` or
/// `tomorrow HH:MM`, the last three in the household's time zone.
public enum TimeExpression {
  /// The instant `text` names, with "today" taken from `now` in `timeZone`.
  public static func parse(
    _ text: String, now: Date, timeZone: TimeZone
  ) throws(TeammateError) -> Date {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let date = iso8601(trimmed) { return date }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard words.count == 2 else { throw .invalidTime(text) }
    let time: TimeOfDay
    do { time = try TimeOfDay(parsing: words[1]) } catch { throw .invalidTime(text) }
    let day: DateComponents
    switch words[0].lowercased() {
    case "today":
      day = calendar.dateComponents([.year, .month, .day], from: now)
    case "tomorrow":
      guard let tomorrow = calendar.date(byAdding: .day, value: 1, to: now) else {
        throw .invalidTime(text)
      }
      day = calendar.dateComponents([.year, .month, .day], from: tomorrow)
    default:
      let parts = words[0].split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
        let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2])
      else { throw .invalidTime(text) }
      day = DateComponents(year: year, month: month, day: dayOfMonth)
    }
    var components = day
    components.hour = time.hour
    components.minute = time.minute
    // NB: the calendar rolls 31 February over into March; a date that moved was not a date.
    guard let date = calendar.date(from: components),
      calendar.dateComponents([.year, .month, .day], from: date) == day
    else { throw .invalidTime(text) }
    return date
  }

  private static func iso8601(_ text: String) -> Date? {
    guard text.contains("T") else { return nil }
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
  }
}
