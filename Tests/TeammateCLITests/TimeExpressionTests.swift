import Foundation
import TeammateCLI
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct TimeExpressionTests {
  let taipei = TimeZone(identifier: "Asia/Taipei") ?? .gmt
  /// 18:00 in Taipei on 1 December.
  let now = Fixtures.start

  func parse(_ text: String, zone: TimeZone? = nil) throws -> Date {
    try TimeExpression.parse(text, now: now, timeZone: zone ?? taipei)
  }

  @Test func test_AC_TIME_01_isoAndLocalFormsReadInTheHouseholdZone() throws {
    #expect(try parse("2026-12-02T20:00:00+08:00") == Fixtures.date("2026-12-02T12:00:00Z"))
    #expect(try parse("2026-12-02T12:00:00Z") == Fixtures.date("2026-12-02T12:00:00Z"))
    #expect(try parse("2026-12-24 19:30") == Fixtures.date("2026-12-24T19:30:00+08:00"))
    #expect(try parse("today 20:00") == Fixtures.date("2026-12-01T20:00:00+08:00"))
    #expect(try parse("Tomorrow 7:05") == Fixtures.date("2026-12-02T07:05:00+08:00"))
    #expect(try parse(" tomorrow   7:05 ") == Fixtures.date("2026-12-02T07:05:00+08:00"))
    let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
    #expect(
      try parse("2027-03-14 20:00", zone: newYork) == Fixtures.date("2027-03-14T20:00:00-04:00"))
  }

  @Test(arguments: [
    "", "soon", "tomorrow 25", "today 25:00", "2026-02-31 10:00", "2026-13-01 10:00",
    "26-12-01 10:00",
    "yesterday 10:00", "2026-12-01T99:00:00Z",
  ])
  func test_AC_TIME_02_anythingElseIsRefused(text: String) {
    #expect(throws: TeammateError.invalidTime(text, offset: "+08:00")) { try parse(text) }
  }

  @Test func test_AC_TIME_01_aMissingLocalTimeMovesForwardARepeatedOneTakesTheFirst() throws {
    let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
    // 02:30 does not exist on 14 March 2027: clocks jump from 02:00 to 03:00.
    #expect(
      try parse("2027-03-14 02:30", zone: newYork) == Fixtures.date("2027-03-14T03:30:00-04:00"))
    // 01:30 happens twice on 7 November 2027: the first, still on daylight time.
    #expect(
      try parse("2027-11-07 01:30", zone: newYork) == Fixtures.date("2027-11-07T01:30:00-04:00"))
  }

  @Test(arguments: [
    ("UTC", "2026-12-01T10:00:00Z"), ("Europe/London", "2026-12-01T10:00:00+00:00"),
    ("America/St_Johns", "2026-12-01T06:30:00-03:30"),
    ("Asia/Kolkata", "2026-12-01T15:30:00+05:30"),
    ("America/New_York", "2026-12-01T05:00:00-05:00"), ("Asia/Taipei", "2026-12-01T18:00:00+08:00"),
  ])
  func test_AC_TIME_03_instantsAreWrittenInTheHouseholdsOffset(zone: String, text: String) {
    let instant = Fixtures.date("2026-12-01T10:00:00Z")
    #expect(ISOTimestamp.text(instant, in: TimeZone(identifier: zone) ?? .gmt) == text)
  }

  /// Leap days, January, the turn of a year and of a century: every calendar case of the
  /// day-count arithmetic.
  @Test(arguments: [
    "1999-12-31T23:59:59Z", "2000-01-01T00:00:00Z", "2000-02-29T12:00:00Z", "2000-03-01T00:00:00Z",
    "2027-01-31T10:10:10Z", "2028-02-29T09:09:09Z", "2099-12-31T23:00:00Z", "2100-02-28T01:02:03Z",
    "2100-03-01T04:05:06Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z",
  ])
  func test_AC_TIME_03_everyCalendarDayIsWrittenAsItIs(text: String) {
    #expect(ISOTimestamp.text(Fixtures.date(text), in: .gmt) == text)
  }

  /// 18:00 on Tuesday 1 December 2026 in Taipei.
  @Test(arguments: [
    ("2026-12-03T15:30", "2026-12-03T15:30:00+08:00"),
    ("2026-12-05 09:30:00", "2026-12-05T09:30:00+08:00"),
    ("19:00", "2026-12-01T19:00:00+08:00"), ("17:00", "2026-12-02T17:00:00+08:00"),
    ("7pm", "2026-12-01T19:00:00+08:00"), ("7:30am", "2026-12-02T07:30:00+08:00"),
    ("12am", "2026-12-02T00:00:00+08:00"), ("12pm", "2026-12-02T12:00:00+08:00"),
    ("tue 19:00", "2026-12-01T19:00:00+08:00"), ("tue 17:00", "2026-12-08T17:00:00+08:00"),
    ("next tue 19:00", "2026-12-08T19:00:00+08:00"), ("mon 09:30", "2026-12-07T09:30:00+08:00"),
    ("Friday 8pm", "2026-12-04T20:00:00+08:00"),
    ("in 2h", "2026-12-01T20:00:00+08:00"), ("in 30m", "2026-12-01T18:30:00+08:00"),
    ("in 1h30m", "2026-12-01T19:30:00+08:00"), ("in 2d", "2026-12-03T18:00:00+08:00"),
    ("in 90 min", "2026-12-01T19:30:00+08:00"),
  ])
  func test_AC_TIME_04_theFormsPeopleTypeAreRead(text: String, expected: String) throws {
    #expect(try parse(text) == Fixtures.date(expected), "\(text)")
  }

  @Test(arguments: ["13pm", "0am", "in", "in 2", "in 2x", "next 19:00", "tue 9:7", "in 0m", "7p"])
  func test_AC_TIME_05_anythingElseListsTheFormsInTheHouseholdsOffset(text: String) {
    #expect(throws: TeammateError.invalidTime(text, offset: "+08:00")) { try parse(text) }
    let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
    #expect(throws: TeammateError.invalidTime(text, offset: "-05:00")) {
      try parse(text, zone: newYork)
    }
    #expect(
      TeammateError.invalidTime(text, offset: "-05:00").description.contains(
        "2026-12-01T20:00-05:00"))
    #expect(!TimeExpression.isWellFormed(text))
    #expect(TimeExpression.isWellFormed("next tue 18:00"))
    #expect(TimeExpression.isWellFormed("2026-02-28 09:00"))
    #expect(!TimeExpression.isWellFormed("2026-02-31 09:00"))
  }
}
