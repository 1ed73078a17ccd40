import Foundation

/// The household's events and tasks as an RFC 5545 iCalendar document, repeats included, for
/// calendar programs: `VEVENT` and `VTODO` with `DTSTART` in the household's zone, a
/// `VTIMEZONE` describing it, folded lines and CRLF endings.
///
/// The same cards give the same bytes: `UID` is the card's id and `DTSTAMP` its last change,
/// so that a calendar that imports a second export updates what it has instead of doubling it.
public enum ICalendar {
  /// The `PRODID` every exported calendar names.
  public static let productID = "-//Teammate//Household calendar//EN"

  /// The cards a document holds: every event and task with a time that is not deleted, in
  /// order of first occurrence, then title, so that the file reads as a calendar and does not
  /// depend on the cards' random ids.
  public static func exported(_ cards: [Card], household: Household? = nil) -> [Card] {
    let timed = CardRules.listed(cards).filter { card in
      // NB: a meal is in the calendar once decided, at its slot's time (a household's).
      if case .decided? = card.meal?.state { return household != nil }
      return (card.kind == .event || card.kind == .task) && card.time != nil
    }
    return timed.sorted { lhs, rhs in
      (start(of: lhs, household), lhs.title, lhs.id) < (
        start(of: rhs, household), rhs.title, rhs.id
      )
    }
  }

  /// The document for `household`, of the cards `exported` keeps.
  public static func document(household: Household, cards: [Card]) -> String {
    let zone = household.zone
    let exported = exported(cards, household: household)
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "CALSCALE:GREGORIAN",
      "X-WR-CALNAME:\(text(household.name))", "X-WR-TIMEZONE:\(zone.identifier)",
    ]
    // NB: sorted by start, so the first and last cards bound the zone's onsets.
    lines += ICalendarTimeZone.lines(
      for: zone, from: exported.first.map { start(of: $0, household) } ?? household.createdAt,
      to: exported.last.map { start(of: $0, household) } ?? household.createdAt)
    for card in exported { lines += component(card, household: household) }
    lines.append("END:VCALENDAR")
    return lines.map(fold).joined()
  }

  private static func component(_ card: Card, household: Household) -> [String] {
    let zone = household.zone
    let name = card.kind == .task ? "VTODO" : "VEVENT"
    let start = local(start(of: card, household), in: zone)
    var lines = [
      "BEGIN:\(name)", "UID:\(card.id.rawValue)@teammate",
      "DTSTAMP:\(utc(card.lastEditedAt))", "CREATED:\(utc(card.createdAt))",
      "LAST-MODIFIED:\(utc(card.lastEditedAt))",
    ]
    // NB: a task that does not repeat is due at its time; a repeating one needs DTSTART,
    // which its RRULE counts from.
    let timing = card.kind == .task && card.repeatRule == nil ? "DUE" : "DTSTART"
    lines.append("\(timing);TZID=\(zone.identifier):\(start)")
    lines.append("SUMMARY:\(text(card.meal.map { summary(of: $0, household) } ?? card.title))")
    if let note = card.note { lines.append("DESCRIPTION:\(text(note))") }
    if let rule = card.repeatRule { lines.append("RRULE:\(rule.text)") }
    if card.kind == .task {
      // NB: a done task was done by its last change.
      lines +=
        card.isDone
        ? ["STATUS:COMPLETED", "COMPLETED:\(utc(card.lastEditedAt))"] : ["STATUS:NEEDS-ACTION"]
    }
    lines += ["SEQUENCE:\(card.revision - 1)", "END:\(name)"]
    return lines
  }

  /// Where a card's calendar entry starts: its series' first occurrence, or its time; a
  /// meal's, its slot's time on its day's walls.
  private static func start(of card: Card, _ household: Household?) -> Date {
    if let meal = card.meal, let household {
      return meal.day.instant(at: household.meals.times.time(of: meal.slot), in: household.zone)
    }
    return card.repeatStart ?? card.time ?? card.createdAt
  }

  /// "Dinner: Curry".
  private static func summary(of meal: Meal, _ household: Household) -> String {
    // NB: only decided meals are exported (`exported`): the one content is the choice.
    let eaten = meal.contents.first.map { content in
      EnglishWording.name(of: content) { household.dish($0)?.name.text ?? $0.rawValue }
    }
    return "\(meal.slot.rawValue.capitalized): \(eaten ?? "")"
  }

  /// `20261201T100000Z`.
  static func utc(_ date: Date) -> String {
    local(date, in: TimeZone(secondsFromGMT: 0) ?? .gmt) + "Z"
  }

  /// `20261201T190000`, the wall-clock time in `zone`.
  static func local(_ date: Date, in zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "%04d%02d%02dT%02d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  }

  /// A TEXT value: backslash, semicolon, comma and newline escaped; other control characters,
  /// which TEXT may not hold, shown as U+FFFD.
  static func text(_ value: String) -> String {
    var escaped = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case ";": escaped += "\\;"
      case ",": escaped += "\\,"
      case "\n": escaped += "\\n"
      case "\r": continue
      case "\t": escaped.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          escaped += "\u{FFFD}"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }

  /// One content line with its CRLF, folded so that no line is longer than 75 octets; a fold
  /// never splits a character.
  static func fold(_ line: String) -> String {
    var folded = ""
    var width = 0
    for character in line {
      let octets = String(character).utf8.count
      if width + octets > 75 {
        folded += "\r\n "
        width = 1
      }
      folded.append(character)
      width += octets
    }
    return folded + "\r\n"
  }
}
