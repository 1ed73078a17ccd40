import Foundation

extension RepeatRule {
  /// At most `limit` occurrences, in order, the first of them `first` itself (RFC 5545's
  /// DTSTART: it counts whether or not it falls on the rule's days).
  public func occurrences(from first: Date, in zone: TimeZone, limit: Int) -> [Date] {
    var found: [Date] = []
    walk(from: first, in: zone) { date in
      found.append(date)
      return found.count < limit
    }
    return found
  }

  /// Whether `date`'s day, in `zone`, is one the rule falls on by its days (any day for a
  /// daily rule; a weekly or monthly rule without days falls on any, as its first sets them).
  public func falls(on date: Date, in zone: TimeZone) -> Bool {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    switch frequency {
    case .daily: return true
    case .weekly:
      guard !weekdays.isEmpty else { return true }
      return weekdays.contains(Weekday.allCases[Self.daysAfterMonday(date, calendar)])
    case .monthly:
      guard !monthDays.isEmpty else { return true }
      let day = calendar.component(.day, from: date)
      let length = calendar.range(of: .day, in: .month, for: date)?.count ?? 31
      return monthDays.contains(day) || (monthDays.contains(-1) && day == length)
    }
  }

  /// `start` when the rule falls on its day, else the first day after it that the rule falls
  /// on, at `start`'s time: a series begun on the rule's own days (RFC 5545 counts a start
  /// off them as an occurrence of its own, which a person asking for "every Tue and Fri"
  /// does not mean).
  public func firstOccurrence(atOrAfter start: Date, in zone: TimeZone) -> Date {
    guard !falls(on: start, in: zone) else { return start }
    return occurrences(from: start, in: zone, limit: 2).dropFirst().first ?? start
  }

  /// The first occurrence strictly after `instant`, or nil when the rule ended before it.
  public func next(after instant: Date, from first: Date, in zone: TimeZone) -> Date? {
    var next: Date?
    walk(from: first, in: zone, near: instant) { date in
      guard date > instant else { return true }
      next = date
      return false
    }
    return next
  }

  /// Hands each occurrence to `visit` in order until it answers false or the rule ends.
  ///
  /// NB: every occurrence is the first one's wall-clock time on its day, in `zone`: a time
  /// the day skips moves forward by the gap, a time it has twice is the first of the two.
  ///
  /// A rule that does not count its occurrences starts the walk a period before `near`, so
  /// that finding the next occurrence of a long series costs what a short one does.
  private func walk(
    from first: Date, in zone: TimeZone, near: Date? = nil, _ visit: (Date) -> Bool
  ) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let start = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: first)
    guard
      let firstDay = calendar.date(
        from: DateComponents(year: start.year, month: start.month, day: start.day))
    else { return }
    var seen = 0
    func offer(_ date: Date) -> Bool {
      if case .until(let until) = end, date > until { return false }
      seen += 1
      if case .count(let count) = end, seen > count { return false }
      return visit(date)
    }
    guard offer(first) else { return }
    var skipped = 0
    if let near, near > first {
      if case .count = end {} else { skipped = periods(from: firstDay, to: near, calendar) }
    }
    // NB: a rule that can never fall again (the 31st every twelve months from April) stops.
    for period in skipped..<(skipped + 10_000) {
      for day in days(of: period, from: firstDay, start, calendar) where day > firstDay {
        var moment = calendar.dateComponents([.year, .month, .day], from: day)
        moment.hour = start.hour
        moment.minute = start.minute
        moment.second = start.second
        guard let date = calendar.date(from: moment), offer(date) else { return }
      }
    }
  }

  /// Whole periods of the rule from the first occurrence's day to `date`, less one, so that
  /// the period holding `date` and the one before it are still walked.
  private func periods(from firstDay: Date, to date: Date, _ calendar: Calendar) -> Int {
    let unit: Calendar.Component = frequency == .monthly ? .month : .day
    let elapsed = calendar.dateComponents([unit], from: firstDay, to: date).value(for: unit) ?? 0
    let length = frequency == .weekly ? 7 * interval : interval
    return max(0, elapsed / length - 1)
  }

  /// The days, at midnight, that period `period` of the rule falls on, in order.
  private func days(
    of period: Int, from firstDay: Date, _ start: DateComponents, _ calendar: Calendar
  ) -> [Date] {
    switch frequency {
    case .daily:
      return [calendar.date(byAdding: .day, value: period * interval, to: firstDay)].compactMap {
        $0
      }
    case .weekly:
      // NB: weeks begin on Monday (RFC 5545's WKST default).
      let weekday = Self.daysAfterMonday(firstDay, calendar)
      guard
        let monday = calendar.date(
          byAdding: .day, value: period * interval * 7 - weekday, to: firstDay)
      else { return [] }
      let chosen = weekdays.isEmpty ? [Weekday.allCases[weekday]] : weekdays
      return chosen.compactMap { calendar.date(byAdding: .day, value: $0.offset, to: monday) }
    case .monthly:
      guard
        let month = calendar.date(
          byAdding: .month, value: period * interval,
          to: calendar.date(from: DateComponents(year: start.year, month: start.month, day: 1))
            ?? firstDay),
        let length = calendar.range(of: .day, in: .month, for: month)?.count
      else { return [] }
      let chosen = monthDays.isEmpty ? [start.day ?? 1] : monthDays
      return chosen.compactMap { day in
        let date = day == -1 ? length : day
        guard date <= length else { return nil }
        return calendar.date(byAdding: .day, value: date - 1, to: month)
      }.sorted()
    }
  }

  /// Days from Monday to `date`'s weekday (Foundation counts from Sunday, at 1).
  private static func daysAfterMonday(_ date: Date, _ calendar: Calendar) -> Int {
    (calendar.component(.weekday, from: date) + 5) % 7
  }
}
