import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@Suite struct NotificationSettingsTests {
  @Test(arguments: [
    "24:00", "7", "07:5", "ab:cd", "-1:00", "12:60", "", "１２:００", "12:00:00", "12::30", ":30",
  ])
  func test_AC_SET_01_timesOfDayAreHHMM(text: String) throws {
    #expect(throws: TeammateError.invalidTimeOfDay(text)) { try TimeOfDay(parsing: text) }
    #expect(try TimeOfDay(parsing: "7:05") == TimeOfDay(hour: 7, minute: 5))
    #expect(try TimeOfDay(parsing: "7:05").minutes == 425)
    #expect(try TimeOfDay(parsing: "23:59").minutes == 1_439)
    let quiet = try QuietHours(parsing: "22:30-06:45")
    #expect(quiet.description == "22:30-06:45")
    #expect(throws: TeammateError.invalidTimeOfDay("22:00")) { try QuietHours(parsing: "22:00") }
    #expect(throws: TeammateError.invalidTimeOfDay("22:00--07:00")) {
      try QuietHours(parsing: "22:00--07:00")
    }
  }

  @Test func test_AC_SET_01_everyTimeOfDayReadsBackFromItsText() throws {
    for minutes in 0..<(24 * 60) {
      let time = try TimeOfDay(hour: minutes / 60, minute: minutes % 60)
      #expect(time.description.count == 5)
      #expect(try TimeOfDay(parsing: time.description) == time)
      #expect(try TimeOfDay(parsing: "\(time.hour):" + time.description.suffix(2)) == time)
      #expect(try TimeOfDay(parsing: " \(time.description) ") == time)
    }
    for text in ["24:00", "7:60", "123:45", "07:5", "07:", ":07", "0a:00", "07:00:00", "٠٧:٠٠"] {
      #expect(throws: TeammateError.invalidTimeOfDay(text)) { try TimeOfDay(parsing: text) }
    }
  }

  @Test(arguments: ["23:00-23:00", "00:00-00:00", "7:05-07:05"])
  func test_AC_NOTIF_17_quietHoursOfNoLengthAreRefused(text: String) throws {
    #expect(throws: TeammateError.invalidQuietHours(text)) { try QuietHours(parsing: text) }
    #expect(try QuietHours(parsing: "23:00-23:01").description == "23:00-23:01")
  }

  @Test(arguments: [-1, 1_441, 10_000])
  func test_AC_SET_02_leadTimeIsWithinADay(minutes: Int) throws {
    #expect(throws: TeammateError.invalidLeadTime(minutes: minutes)) {
      try NotificationSettings(eventLeadMinutes: minutes).validated()
    }
    #expect(try NotificationSettings(eventLeadMinutes: 0).validated().eventLeadMinutes == 0)
    #expect(try NotificationSettings(eventLeadMinutes: 1_440).validated().eventLeadMinutes == 1_440)
  }

  @Test func test_AC_SET_03_digestInsideQuietHoursFiresWhenQuietEnds() throws {
    let settings = NotificationSettings(digestTime: try TimeOfDay(parsing: "23:00"))
    let zone = TimeZone(identifier: "Asia/Taipei") ?? .gmt
    let planned = NotificationPlanner.plan(
      PlanInput(
        cards: [Fixtures.card()], viewer: Fixtures.bob, members: Fixtures.household().members,
        settings: settings, timeZone: zone, now: Fixtures.start))
    #expect(
      planned.first { $0.kind == .digest }?.fireAt == Fixtures.date("2026-12-02T07:00:00+08:00"))
  }

  @Test func quietHoursWrapMidnight() throws {
    let quiet = try QuietHours(parsing: "22:00-07:00")
    #expect(quiet.contains(try TimeOfDay(parsing: "23:59")))
    #expect(quiet.contains(try TimeOfDay(parsing: "00:00")))
    #expect(quiet.contains(try TimeOfDay(parsing: "06:59")))
    #expect(!quiet.contains(try TimeOfDay(parsing: "07:00")))
    #expect(!quiet.contains(try TimeOfDay(parsing: "21:59")))
  }
}
