import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct ICalendarTests {
  let home = Fixtures.household(timeZone: "America/New_York")

  /// Cards of every kind and state: what is exported and what is not.
  func cards() throws -> [Card] {
    func add(_ id: CardID, _ draft: CardDraft) throws -> Card {
      try CardRules.add(draft, id: id, household: home, by: Fixtures.alice, now: Fixtures.start)
    }
    let summer = Fixtures.date("2026-10-27T22:00:00Z")  // 18:00 EDT
    var done = try add("t2", CardDraft(kind: .task, title: "Pay rent", time: Fixtures.start))
    done.isDone = true
    var deleted = try add("e3", CardDraft(kind: .event, title: "Gone", time: Fixtures.start))
    deleted.isDeleted = true
    return [
      try add(
        "e1",
        CardDraft(
          kind: .event, title: "Swimming, with \"Mia\"; the big pool",
          note: "towels\\goggles\nsnacks, water\u{7}", time: summer,
          repeatRule: RepeatRule(frequency: .weekly, interval: 2, weekdays: [.tuesday]))),
      try add(
        "t1",
        CardDraft(
          kind: .task, title: "Trash", time: Fixtures.date("2026-12-02T00:00:00Z"),
          repeatRule: RepeatRule(
            frequency: .monthly, monthDays: [-1], end: .until(Fixtures.date("2030-01-01T00:00:00Z"))
          ))),
      done, deleted,
      try add(
        "e2",
        CardDraft(kind: .event, title: String(repeating: "家", count: 40), time: Fixtures.start)),
      try add("n1", CardDraft(kind: .note, title: "Bought diapers")),
      try add("q1", CardDraft(kind: .topic, title: "Holidays?")),
      try add("t3", CardDraft(kind: .task, title: "Someday")),
    ]
  }

  func exported() throws -> (String, ICalendarReader.Component) {
    let text = ICalendar.document(household: home, cards: try cards())
    return (text, try ICalendarReader.read(text))
  }

  func component(_ calendar: ICalendarReader.Component, uid: String) throws
    -> ICalendarReader.Component
  {
    try #require(
      (calendar.components("VEVENT") + calendar.components("VTODO")).first {
        $0.first("UID")?.value == "\(uid)@teammate"
      })
  }

  @Test func test_AC_ICS_01_everyEventAndTimedTaskWithEveryField() throws {
    let (_, calendar) = try exported()
    #expect(calendar.first("VERSION")?.value == "2.0")
    #expect(calendar.first("PRODID")?.value == ICalendar.productID)
    #expect(
      calendar.components("VTIMEZONE").map { $0.first("TZID")?.value } == ["America/New_York"])
    #expect(
      Set(calendar.components("VEVENT").compactMap { $0.first("UID")?.value }) == [
        "e1@teammate", "e2@teammate",
      ])
    #expect(
      Set(calendar.components("VTODO").compactMap { $0.first("UID")?.value }) == [
        "t1@teammate", "t2@teammate",
      ])
    let cards = try cards()
    let swim = try component(calendar, uid: "e1")
    #expect(try ICalendarReader.text(try #require(swim.first("SUMMARY")).value) == cards[0].title)
    #expect(
      try ICalendarReader.text(try #require(swim.first("DESCRIPTION")).value)
        == "towels\\goggles\nsnacks, water\u{FFFD}")
    #expect(swim.first("RRULE")?.value == "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")
    #expect(swim.first("DTSTART")?.parameters["TZID"] == "America/New_York")
    #expect(swim.first("DTSTART")?.value == "20261027T180000")
    let trash = try component(calendar, uid: "t1")
    #expect(trash.first("RRULE")?.value == "FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20300101T000000Z")
    #expect(trash.first("DTSTART") != nil && trash.first("DUE") == nil)
    #expect(trash.first("STATUS")?.value == "NEEDS-ACTION")
    let rent = try component(calendar, uid: "t2")
    #expect(rent.first("DUE") != nil && rent.first("DTSTART") == nil)
    #expect(rent.first("STATUS")?.value == "COMPLETED")
    #expect(rent.first("COMPLETED")?.value == "20261201T100000Z")
    #expect(trash.first("COMPLETED") == nil)
    for event in calendar.components("VEVENT") + calendar.components("VTODO") {
      for required in ["UID", "DTSTAMP", "SUMMARY"] {
        #expect(event.all(required).count == 1, "\(event.name) has \(required) once")
      }
    }
  }

  @Test func test_AC_ICS_02_linesAreFoldedCRLFAndTextIsEscaped() throws {
    let (text, calendar) = try exported()
    let lines = text.components(separatedBy: "\r\n").dropLast()
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    #expect(lines.contains { $0.hasPrefix(" ") }, "the long title is folded")
    let long = try component(calendar, uid: "e2")
    #expect(
      try ICalendarReader.text(try #require(long.first("SUMMARY")).value)
        == String(repeating: "家", count: 40))
    #expect(text.contains("SUMMARY:Swimming\\, with \"Mia\"\\; the big pool"))
    #expect(text.contains("DESCRIPTION:towels\\\\goggles\\nsnacks\\, water\u{FFFD}"))
  }

  @Test func test_AC_ICS_03_localTimesResolveThroughTheFilesOwnZone() throws {
    let (_, calendar) = try exported()
    let cards = try cards()
    for card in cards where card.id == "e1" || card.id == "e2" || card.id == "t2" {
      let component = try component(calendar, uid: card.id.rawValue)
      let time = try #require(component.first("DTSTART") ?? component.first("DUE"))
      #expect(try ICalendarReader.instant(time, in: calendar) == card.time, "\(card.id)")
    }
    // NB: an occurrence years ahead, in summer and in winter, finds its offset too.
    let ahead = ICalendarReader.Property(
      name: "DTSTART", parameters: ["TZID": "America/New_York"], value: "20300709T180000")
    #expect(
      try ICalendarReader.instant(ahead, in: calendar) == Fixtures.date("2030-07-09T22:00:00Z"))
    let winter = ICalendarReader.Property(
      name: "DTSTART", parameters: ["TZID": "America/New_York"], value: "20300115T180000")
    #expect(
      try ICalendarReader.instant(winter, in: calendar) == Fixtures.date("2030-01-15T23:00:00Z"))
    let taipei = Fixtures.household(timeZone: "Asia/Taipei")
    let card = try CardRules.add(
      CardDraft(kind: .event, title: "Checkup", time: Fixtures.start), id: "e9", household: taipei,
      by: Fixtures.alice, now: Fixtures.start)
    let plain = try ICalendarReader.read(ICalendar.document(household: taipei, cards: [card]))
    #expect(plain.components("VTIMEZONE").first?.children.map(\.name) == ["STANDARD"])
    // NB: RFC 5545 forbids -0000: an offset of none is +0000.
    let utc = Fixtures.household(timeZone: "UTC")
    let onset = try #require(
      try ICalendarReader.read(ICalendar.document(household: utc, cards: [])).components(
        "VTIMEZONE"
      ).first?.children.first)
    #expect(onset.first("TZOFFSETFROM")?.value == "+0000")
    #expect(onset.first("TZOFFSETTO")?.value == "+0000")
    let start = try #require(plain.components("VEVENT").first?.first("DTSTART"))
    #expect(start.value == "20261201T180000")
    #expect(try ICalendarReader.instant(start, in: plain) == Fixtures.start)
  }

  @Test func test_AC_ICS_04_exportsAreStableAndEditsRaiseTheSequence() throws {
    var cards = try cards()
    let first = ICalendar.document(household: home, cards: cards)
    #expect(ICalendar.document(household: home, cards: cards) == first)
    let later = Fixtures.start + 3_600
    cards[0] = try CardRules.edit(
      cards[0], with: CardEdit(title: .set("Swimming")), household: home, by: Fixtures.bob,
      now: later
    ).card
    let second = try ICalendarReader.read(ICalendar.document(household: home, cards: cards))
    let before = try component(try ICalendarReader.read(first), uid: "e1")
    let after = try component(second, uid: "e1")
    #expect(before.first("SEQUENCE")?.value == "0" && after.first("SEQUENCE")?.value == "1")
    #expect(after.first("LAST-MODIFIED")?.value == "20261201T110000Z")
    #expect(before.first("LAST-MODIFIED")?.value == "20261201T100000Z")
  }
}
