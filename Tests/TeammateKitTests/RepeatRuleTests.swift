import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct RepeatRuleTests {
  let newYork = TimeZone(identifier: "America/New_York") ?? .gmt

  func local(_ text: String, _ zone: TimeZone) -> String {
    ISOTimestamp.text(Fixtures.date(text), in: zone)
  }

  func texts(_ dates: [Date], _ zone: TimeZone) -> [String] {
    dates.map { ISOTimestamp.text($0, in: zone) }
  }

  @Test(arguments: [
    "FREQ=DAILY", "FREQ=DAILY;INTERVAL=2", "FREQ=WEEKLY;BYDAY=TU,FR",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA", "FREQ=MONTHLY;BYMONTHDAY=1",
    "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12", "FREQ=WEEKLY;UNTIL=20270101T000000Z",
    "FREQ=DAILY;COUNT=1",
  ])
  func test_AC_REP_01_rulesRoundTripInOneCanonicalForm(text: String) throws {
    let rule = try RepeatRule(parsing: text)
    #expect(rule.text == text)
    #expect(try RepeatRule(parsing: rule.text) == rule)
    #expect(try RepeatRule(parsing: "byday=fr,tu;freq=weekly").text == "FREQ=WEEKLY;BYDAY=TU,FR")
  }

  @Test func test_AC_REP_01_aMonthlyRulesDaysAreWrittenInTheMonthsOrderTheLastDayLast() throws {
    let rule = RepeatRule(frequency: .monthly, monthDays: [-1, 15, 1])
    #expect(rule.monthDays == [1, 15, -1])
    #expect(rule.text == "FREQ=MONTHLY;BYMONTHDAY=1,15,-1")
    #expect(
      try RepeatRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=-1,1").text == "FREQ=MONTHLY;BYMONTHDAY=1,-1"
    )
  }

  @Test(arguments: [
    ("FREQ=YEARLY", "FREQ"), ("FREQ=WEEKLY;BYSETPOS=1", "BYSETPOS"),
    ("FREQ=DAILY;BYDAY=MO", "BYDAY"), ("FREQ=WEEKLY;BYMONTHDAY=3", "BYMONTHDAY"),
    ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY"), ("FREQ=MONTHLY;BYMONTHDAY=-2", "BYMONTHDAY"),
    ("FREQ=DAILY;INTERVAL=0", "INTERVAL"), ("FREQ=DAILY;COUNT=0", "COUNT"),
    ("FREQ=DAILY;COUNT=2;UNTIL=20270101T000000Z", "UNTIL"), ("INTERVAL=2", "FREQ"),
    ("FREQ=WEEKLY;BYDAY=XX", "BYDAY"), ("FREQ=DAILY;;", "malformed"),
    ("FREQ=DAILY;UNTIL=tomorrow", "UNTIL"),
  ])
  func test_AC_REP_01_anythingOutsideTheSubsetIsRefused(text: String, part: String) {
    #expect {
      _ = try RepeatRule(parsing: text)
    } throws: { error in
      guard case .invalidRepeatRule(let given, let reason) = error as? TeammateError else {
        return false
      }
      return given == text && reason.contains(part)
    }
  }

  @Test func test_AC_REP_02_weeklyKeepsItsWallClockTimeAcrossBothChanges() throws {
    let rule = try RepeatRule(parsing: "FREQ=WEEKLY")
    let spring = rule.occurrences(
      from: Fixtures.date("2026-03-03T18:00:00-05:00"), in: newYork, limit: 3)
    #expect(
      texts(spring, newYork) == [
        "2026-03-03T18:00:00-05:00", "2026-03-10T18:00:00-04:00", "2026-03-17T18:00:00-04:00",
      ])
    let autumn = rule.occurrences(
      from: Fixtures.date("2026-10-27T18:00:00-04:00"), in: newYork, limit: 3)
    #expect(
      texts(autumn, newYork) == [
        "2026-10-27T18:00:00-04:00", "2026-11-03T18:00:00-05:00", "2026-11-10T18:00:00-05:00",
      ])
    let twice = try RepeatRule(parsing: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR")
    #expect(
      texts(
        twice.occurrences(from: Fixtures.date("2026-12-01T19:00:00-05:00"), in: newYork, limit: 4),
        newYork)
        == [
          "2026-12-01T19:00:00-05:00", "2026-12-04T19:00:00-05:00", "2026-12-15T19:00:00-05:00",
          "2026-12-18T19:00:00-05:00",
        ])
  }

  @Test func test_AC_REP_03_the31stSkipsShortMonthsAndLastIsTheLastDay() throws {
    let utc = TimeZone(identifier: "UTC") ?? .gmt
    let thirtyFirst = try RepeatRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=31")
    #expect(
      texts(
        thirtyFirst.occurrences(from: Fixtures.date("2028-01-31T09:00:00Z"), in: utc, limit: 4), utc
      )
        == [
          "2028-01-31T09:00:00Z", "2028-03-31T09:00:00Z", "2028-05-31T09:00:00Z",
          "2028-07-31T09:00:00Z",
        ])
    let last = try RepeatRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=-1")
    #expect(
      texts(last.occurrences(from: Fixtures.date("2028-01-31T09:00:00Z"), in: utc, limit: 4), utc)
        == [
          "2028-01-31T09:00:00Z", "2028-02-29T09:00:00Z", "2028-03-31T09:00:00Z",
          "2028-04-30T09:00:00Z",
        ])
  }

  @Test func test_AC_REP_04_aMissingTimeMovesForwardAndARepeatedOneTakesTheFirst() throws {
    let daily = try RepeatRule(parsing: "FREQ=DAILY")
    #expect(
      texts(
        daily.occurrences(from: Fixtures.date("2026-03-07T02:30:00-05:00"), in: newYork, limit: 3),
        newYork)
        == [
          "2026-03-07T02:30:00-05:00", "2026-03-08T03:30:00-04:00", "2026-03-09T02:30:00-04:00",
        ])
    #expect(
      texts(
        daily.occurrences(from: Fixtures.date("2026-10-31T01:30:00-04:00"), in: newYork, limit: 3),
        newYork)
        == [
          "2026-10-31T01:30:00-04:00", "2026-11-01T01:30:00-04:00", "2026-11-02T01:30:00-05:00",
        ])
  }

  @Test func test_AC_REP_05_untilIsInclusiveAndCountCountsTheFirst() throws {
    let first = Fixtures.date("2026-12-01T19:00:00-05:00")
    let until = try RepeatRule(parsing: "FREQ=DAILY;UNTIL=20261203T000000Z")
    #expect(until.occurrences(from: first, in: newYork, limit: 10).count == 2)
    let exact = try RepeatRule(parsing: "FREQ=DAILY;UNTIL=20261203T000000Z")
    let onTheInstant = exact.occurrences(
      from: Fixtures.date("2026-12-01T19:00:00-05:00"), in: newYork, limit: 10)
    #expect(onTheInstant.last == Fixtures.date("2026-12-02T19:00:00-05:00"))
    let inclusive = try RepeatRule(parsing: "FREQ=DAILY;UNTIL=20261204T000000Z")
    #expect(
      inclusive.occurrences(
        from: Fixtures.date("2026-12-01T19:00:00-05:00"), in: newYork, limit: 10
      )
      .last == Fixtures.date("2026-12-03T19:00:00-05:00"))
    let count = try RepeatRule(parsing: "FREQ=WEEKLY;BYDAY=TU;COUNT=3")
    // NB: the first falls on a Wednesday, not a Tuesday, and counts all the same.
    let wednesday = Fixtures.date("2026-12-02T08:00:00-05:00")
    #expect(
      texts(count.occurrences(from: wednesday, in: newYork, limit: 10), newYork) == [
        "2026-12-02T08:00:00-05:00", "2026-12-08T08:00:00-05:00", "2026-12-15T08:00:00-05:00",
      ])
  }

  @Test func test_AC_REP_06_theNextOccurrenceSkipsWhatWasMissed() throws {
    let weekly = try RepeatRule(parsing: "FREQ=WEEKLY;COUNT=5")
    let first = Fixtures.date("2026-12-01T19:00:00-05:00")
    #expect(
      weekly.next(after: Fixtures.date("2026-12-16T12:00:00-05:00"), from: first, in: newYork)
        == Fixtures.date("2026-12-22T19:00:00-05:00"))
    #expect(
      weekly.next(after: first, from: first, in: newYork)
        == Fixtures.date("2026-12-08T19:00:00-05:00"))
    #expect(
      weekly.next(after: Fixtures.date("2026-12-29T19:00:00-05:00"), from: first, in: newYork)
        == nil)
  }

  @Test func test_AC_REP_06_theNextOccurrenceOfALongSeriesIsTheWalksOwn() {
    // NB: `next` starts a long series near the instant; the full walk must agree with it.
    let rules = [
      RepeatRule(frequency: .daily), RepeatRule(frequency: .daily, interval: 3),
      RepeatRule(frequency: .weekly, weekdays: [.tuesday, .friday]),
      RepeatRule(frequency: .weekly, interval: 2), RepeatRule(frequency: .monthly, monthDays: [31]),
      RepeatRule(frequency: .monthly, interval: 2, monthDays: [-1, 15]),
      RepeatRule(frequency: .weekly, end: .until(Fixtures.date("2028-03-01T00:00:00Z"))),
    ]
    var random = SeededRandomNumberGenerator(seed: 16)
    let first = Fixtures.date("2026-01-30T23:30:00Z")
    for rule in rules {
      let all = rule.occurrences(from: first, in: newYork, limit: 2_000)
      for _ in 0..<40 {
        let instant = first + TimeInterval(random.next() % (3 * 365 * 86_400))
        #expect(
          rule.next(after: instant, from: first, in: newYork) == all.first { $0 > instant },
          "\(rule.text) after \(instant)")
      }
    }
  }

  @Test func test_AC_REP_16_aStartOffTheRulesDaysMovesToItsFirstDay() throws {
    let zone = try #require(TimeZone(identifier: "Asia/Taipei"))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    func at(_ day: Int, _ hour: Int, month: Int = 12, year: Int = 2026) -> Date {
      calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour))
        ?? .distantPast
    }
    let tueFri = try RepeatRule(parsing: "FREQ=WEEKLY;BYDAY=TU,FR")
    // NB: 2 Dec 2026 is a Wednesday; the 4th a Friday, the 1st a Tuesday.
    #expect(tueFri.firstOccurrence(atOrAfter: at(2, 19), in: zone) == at(4, 19))
    #expect(tueFri.firstOccurrence(atOrAfter: at(1, 19), in: zone) == at(1, 19))
    #expect(!tueFri.falls(on: at(2, 19), in: zone) && tueFri.falls(on: at(4, 8), in: zone))
    let lastDay = try RepeatRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=-1")
    #expect(lastDay.firstOccurrence(atOrAfter: at(2, 9), in: zone) == at(31, 9))
    let firsts = try RepeatRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=1")
    #expect(firsts.firstOccurrence(atOrAfter: at(2, 9), in: zone) == at(1, 9, month: 1, year: 2027))
    let daily = try RepeatRule(parsing: "FREQ=DAILY")
    #expect(daily.firstOccurrence(atOrAfter: at(2, 19), in: zone) == at(2, 19))
    #expect(try RepeatRule(parsing: "FREQ=WEEKLY").falls(on: at(2, 19), in: zone))
  }
}
