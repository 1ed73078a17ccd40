import Foundation

/// The `VTIMEZONE` of a zone, from its rules as this system knows them: one `STANDARD` or
/// `DAYLIGHT` onset per change between a year before the first exported occurrence and ten
/// years after the last, so that repeats far ahead still find their offset.
enum ICalendarTimeZone {
  static func lines(for zone: TimeZone, from first: Date, to last: Date) -> [String] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let begin = calendar.date(byAdding: .year, value: -1, to: first) ?? first
    let end = calendar.date(byAdding: .year, value: 10, to: last) ?? last
    var lines = ["BEGIN:VTIMEZONE", "TZID:\(zone.identifier)"]
    var onsets: [Date] = []
    var cursor = begin
    while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next <= end,
      onsets.count < 1_000
    {
      onsets.append(next)
      cursor = next
    }
    if onsets.isEmpty {
      // NB: a zone without changes: one standard onset long ago, at its one offset.
      let offset = self.offset(zone.secondsFromGMT(for: first))
      lines += [
        "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(offset)",
        "TZOFFSETTO:\(offset)", "TZNAME:\(name(zone, at: first))", "END:STANDARD",
      ]
    }
    for onset in onsets {
      let before = zone.secondsFromGMT(for: onset - 1)
      let after = zone.secondsFromGMT(for: onset)
      let kind = zone.isDaylightSavingTime(for: onset) ? "DAYLIGHT" : "STANDARD"
      // NB: an onset is written in the local time it had before the change (RFC 5545 3.6.5).
      let prior = TimeZone(secondsFromGMT: before) ?? zone
      lines += [
        "BEGIN:\(kind)", "DTSTART:\(ICalendar.local(onset, in: prior))",
        "TZOFFSETFROM:\(offset(before))", "TZOFFSETTO:\(offset(after))",
        "TZNAME:\(name(zone, at: onset))", "END:\(kind)",
      ]
    }
    lines.append("END:VTIMEZONE")
    return lines
  }

  /// `+0800`, `-0500`.
  static func offset(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let minutes = abs(seconds) / 60
    return String(format: "%@%02d%02d", sign, minutes / 60, minutes % 60)
  }

  private static func name(_ zone: TimeZone, at date: Date) -> String {
    ICalendar.text(zone.abbreviation(for: date) ?? offset(zone.secondsFromGMT(for: date)))
  }
}
