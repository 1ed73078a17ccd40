import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// An undecided meal reminds both partners, once; decided meals are in the calendar.
@Suite struct MealReminderTests {
  let home: Household

  init() throws {
    home = try DishRules.add(
      DishDraft(id: "currydsh", name: "Curry"), to: Fixtures.household(timeZone: "Asia/Taipei"))
  }
  let today =
    MealDay(year: 2026, month: 12, day: 1) ?? MealDay(containing: Fixtures.start, in: .gmt)

  func meal(_ id: CardID, _ slot: MealSlot, _ state: MealState, on day: MealDay? = nil) throws
    -> Card
  {
    try CardRules.add(
      .meal(Meal(day: day ?? today, slot: slot, state: state)), id: id, household: home,
      by: Fixtures.alice, now: Fixtures.start)
  }

  func plan(
    _ cards: [Card], at now: Date, viewer: AccountID = Fixtures.bob, household: Household? = nil,
    shown: Set<NotificationOccurrence> = [], settings: NotificationSettings? = nil
  ) -> [PlannedNotification] {
    let household = household ?? home
    return NotificationPlanner.plan(
      PlanInput(
        cards: cards, viewer: viewer, members: household.members, settings: settings,
        timeZone: household.zone, now: now, shown: shown,
        meals: household.mealsToRemind(among: cards))
    ).filter { $0.kind == .mealUndecided }
  }

  @Test func test_AC_MEAL_17_anUndecidedMealRemindsBothPartnersOnce() throws {
    // 15:00 in Taipei: lunch has passed; dinner (19:00) is decided by 18:00.
    let afternoon = Fixtures.date("2026-12-01T07:00:00Z")
    let proposed = try meal("m1", .dinner, .proposed([.dish("currydsh"), .leftovers]))
    let reminders = plan([proposed], at: afternoon)
    #expect(
      reminders.map(\.id) == [
        "meal:2026-12-01:dinner", "meal:2026-12-02:breakfast", "meal:2026-12-02:lunch",
        "meal:2026-12-02:dinner",
      ])
    #expect(reminders.first?.fireAt == Fixtures.date("2026-12-01T10:00:00Z"))
    #expect(reminders.first?.title == "Dinner isn't decided yet")
    #expect(reminders.first?.body == "Propose something, or pick from what was offered.")
    #expect(reminders.dropFirst().first?.title == "Breakfast isn't decided yet")
    #expect(
      plan([proposed], at: afternoon, viewer: Fixtures.alice).map(\.id) == reminders.map(\.id))
    let chinese = NotificationPlanner.plan(
      PlanInput(
        cards: [proposed], viewer: Fixtures.bob, members: home.members, timeZone: home.zone,
        now: afternoon, wording: .traditionalChinese, meals: home.meals))
    #expect(chinese.first { $0.kind == .mealUndecided }?.title == "今天晚餐還沒決定")

    // Past its decide-by time, still ahead: at once. Quiet hours do not hold it back.
    let late = Fixtures.date("2026-12-01T10:30:00Z")
    var quiet = NotificationSettings.default
    quiet.quietHours = QuietHours(start: .constant(18, 0), end: .constant(20, 0))
    #expect(plan([proposed], at: late, settings: quiet).first?.fireAt == late)
    // Once shown, never again; a decision or a skip removes it.
    let shown = NotificationOccurrence(
      kind: .mealUndecided, cardID: nil, at: Fixtures.date("2026-12-01T10:00:00Z"))
    #expect(
      !plan([proposed], at: late, shown: [shown]).map(\.id).contains("meal:2026-12-01:dinner"))
    let decided = try meal("m1", .dinner, .decided(.dish("currydsh")))
    #expect(!plan([decided], at: afternoon).map(\.id).contains("meal:2026-12-01:dinner"))
    let skipped = try meal("m1", .dinner, .skipped)
    #expect(!plan([skipped], at: afternoon).map(\.id).contains("meal:2026-12-01:dinner"))
    // After dinner's time nothing of today is left.
    #expect(
      plan([proposed], at: Fixtures.date("2026-12-01T11:30:00Z")).first?.id
        == "meal:2026-12-02:breakfast")
    // Switched off like every kind; a household that plans no meals is never reminded.
    #expect(
      plan(
        [proposed], at: afternoon, settings: NotificationSettings(disabledKinds: [.mealUndecided])
      )
      .isEmpty)
    #expect(plan([], at: afternoon, household: Fixtures.household()).isEmpty)
    #expect(plan([Fixtures.card()], at: afternoon, household: Fixtures.household()).isEmpty)
  }

  @Test func test_AC_MEAL_18_decidedMealsAreEventsAtTheirSlotsTime() throws {
    let cards = [
      try meal("m1", .dinner, .decided(.dish("currydsh"))),
      try meal("m2", .lunch, .decided(.text("Hot pot")), on: today.adding(days: 1)),
      try meal("m3", .breakfast, .proposed([.leftovers])),
      try meal("m4", .lunch, .skipped),
    ]
    let text = ICalendar.document(household: home, cards: cards)
    let calendar = try ICalendarReader.read(text)
    let events = calendar.components("VEVENT")
    #expect(
      events.compactMap { $0.first("SUMMARY")?.value } == ["Dinner: Curry", "Lunch: Hot pot"])
    let starts = try events.map { event in
      try ICalendarReader.instant(try #require(event.first("DTSTART")), in: calendar)
    }
    // 19:00 and 12:30 in Taipei.
    #expect(
      starts == [Fixtures.date("2026-12-01T11:00:00Z"), Fixtures.date("2026-12-02T04:30:00Z")])
    #expect(ICalendar.exported(cards, household: home).map(\.id) == ["m1", "m2"])
    #expect(ICalendar.exported(cards).isEmpty)
  }
}
