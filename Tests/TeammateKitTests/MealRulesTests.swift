import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The meal rules that need no storage: dish names, the household's days, suggestions and
/// what was eaten.
@Suite struct MealRulesTests {
  let newYork = TimeZone(identifier: "America/New_York") ?? .gmt

  func day(_ text: String) throws -> MealDay { try #require(MealDay(text: text)) }

  func at(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

  @Test func test_AC_MEAL_01_namesThatDifferInCaseWidthOrSpacesAreOneDish() throws {
    #expect(try DishName("咖哩") == DishName("咖哩 "))
    #expect(try DishName("Curry") == DishName("curry"))
    #expect(try DishName("ｃｕｒｒｙ") == DishName("  Curry\u{3000}"))
    #expect(try DishName("Curry") != DishName("Curry rice"))
    #expect(try Set([DishName("Curry"), DishName("CURRY"), DishName("Pasta")]).count == 2)
    #expect(try DishName("  Curry ").text == "Curry")
    // NB: plain ASCII's short road folds as the long one does, every space and case.
    let ascii = [
      "", " ", "\t\n", "Curry", " \tCURRY rice\r\n", "a\u{0B}", "\u{0C}b", "x\u{1F}", "\u{7F}",
      "2 Onions x3", "~former", "\r\nMilk 1L  ", String(UnicodeScalar(0x1C)),
    ]
    for text in ascii + (0..<128).map({ String(UnicodeScalar(UInt8($0))) }) {
      #expect(Folding.key(text) == Folding.wholeKey(text), "\(Array(text.utf8))")
    }
    #expect(throws: TeammateError.emptyName(.dishName)) { try DishName("  ") }
    let long = String(repeating: "飯", count: 81)
    #expect(throws: TeammateError.nameTooLong(.dishName, length: 81, limit: 80)) {
      try DishName(long)
    }
    #expect(try DishName(String(long.dropFirst())).text.count == 80)
    #expect(TeammateError.emptyName(.dishName).description == "the dish name cannot be empty")
  }

  @Test func test_AC_MEAL_02_theDayIsTheHouseholdsWhateverThePhone() throws {
    // NB: one instant, read by phones in UTC+8 and UTC−8: the day comes from the household.
    let taipei = try #require(TimeZone(identifier: "Asia/Taipei"))
    let instant = try at("2026-12-01T15:30:00Z")
    #expect(MealDay(containing: instant, in: taipei).description == "2026-12-01")
    #expect(MealDay(containing: instant, in: newYork).description == "2026-12-01")
    #expect(
      MealDay(containing: try at("2026-12-01T16:30:00Z"), in: taipei).description == "2026-12-02")
    // NB: 23:30 on the day daylight saving ends (EST by then: UTC−5) is still that day.
    #expect(
      MealDay(containing: try at("2026-11-02T04:30:00Z"), in: newYork) == (try day("2026-11-01")))
    #expect(try day("2026-12-03").description == "2026-12-03")
    #expect(MealDay(text: "2026-02-30") == nil && MealDay(text: "2026-2-3") == nil)
    #expect(MealDay(year: 2026, month: 4, day: 31) == nil)
    #expect(try day("2026-12-31").adding(days: 1) == (try day("2027-01-01")))
    #expect(try day("2026-03-07").days(to: try day("2026-03-09")) == 2)
  }

  @Test func test_AC_MEAL_03_aSlotsTimeIsOnTheDaysWalls() throws {
    let times = MealTimes()
    #expect(times.time(of: .breakfast) == .constant(8, 0))
    #expect(times.time(of: .lunch) == .constant(12, 30))
    #expect(times.time(of: .dinner) == .constant(19, 0) && times.decideByMinutes == 60)
    let dinner = times.time(of: .dinner)
    #expect(
      try day("2026-03-07").instant(at: dinner, in: newYork) == (try at("2026-03-08T00:00:00Z")))
    #expect(
      try day("2026-03-08").instant(at: dinner, in: newYork) == (try at("2026-03-08T23:00:00Z")))
    // NB: 02:30 does not happen on 8 March in New York: it is 03:30 EDT.
    #expect(
      try day("2026-03-08").instant(at: .constant(2, 30), in: newYork)
        == (try at("2026-03-08T07:30:00Z")))
  }

  @Test func test_AC_MEAL_04_suggestionsOfferWhatWasNotEatenLately() throws {
    let today = try day("2026-12-10")
    let dishes = try ["curry", "pasta", "soup", "dumplings", "rice", "gone"].map { name in
      Dish(id: DishID(name), name: try DishName(name), isRemoved: name == "gone")
    }
    func decided(_ dish: String, _ daysAgo: Int, _ slot: MealSlot = .dinner) -> Meal {
      Meal(day: today.adding(days: -daysAgo), slot: slot, state: .decided(.dish(DishID(dish))))
    }
    let meals = [
      decided("curry", 1), decided("pasta", 0, .lunch), decided("soup", 7), decided("rice", 8),
      decided("dumplings", 30), decided("gone", 40),
      Meal(day: today.adding(days: -2), slot: .dinner, state: .proposed([.dish("rice")])),
      Meal(day: today.adding(days: -3), slot: .dinner, state: .skipped),
      Meal(day: today.adding(days: 1), slot: .dinner, state: .decided(.dish("dumplings"))),
    ]
    var random = SeededRandomNumberGenerator(seed: 4)
    let offered = MealRules.suggest(from: dishes, meals: meals, for: today, random: &random)
    // NB: curry (yesterday), pasta (today's lunch) and soup (seven days ago) are resting.
    #expect(offered == MealSuggestion(dishes: ["dumplings", "rice"], relaxed: false))

    let fresh = dishes + [Dish(id: "noodles", name: try DishName("noodles"))]
    var again = SeededRandomNumberGenerator(seed: 4)
    let first = MealRules.suggest(from: fresh, meals: meals, for: today, random: &again)
    #expect(first.dishes == ["noodles", "dumplings", "rice"] && !first.relaxed)

    // NB: everything eaten lately: the longest ago anyway, and said.
    let all = try ["curry", "pasta", "soup"].map { Dish(id: DishID($0), name: try DishName($0)) }
    var relaxing = SeededRandomNumberGenerator(seed: 9)
    let relaxed = MealRules.suggest(from: all, meals: meals, for: today, random: &relaxing)
    #expect(relaxed == MealSuggestion(dishes: ["soup", "curry", "pasta"], relaxed: true))

    // NB: ties are broken by the seed, the same way every time.
    let never = try (1...6).map { Dish(id: DishID("d\($0)"), name: try DishName("Dish \($0)")) }
    var seeds = Set<[DishID]>()
    for seed in [UInt64(1), 2, 3, 4, 5] {
      var one = SeededRandomNumberGenerator(seed: seed)
      var two = SeededRandomNumberGenerator(seed: seed)
      let a = MealRules.suggest(from: never, meals: [], for: today, random: &one)
      #expect(a == MealRules.suggest(from: never, meals: [], for: today, random: &two))
      #expect(a.dishes.count == 3 && Set(a.dishes).count == 3)
      seeds.insert(a.dishes)
    }
    #expect(seeds.count > 1)
    var empty = SeededRandomNumberGenerator(seed: 1)
    #expect(
      MealRules.suggest(from: [], meals: meals, for: today, random: &empty)
        == MealSuggestion(dishes: [], relaxed: false))
  }

  @Test func test_AC_MEAL_05_whatWeAteIsDecidedMealsWhoseTimeHasPassed() throws {
    let today = try day("2026-12-10")
    let meals = [
      Meal(day: today.adding(days: -1), slot: .dinner, state: .decided(.dish("curry"))),
      Meal(day: today, slot: .lunch, state: .decided(.takeaway)),
      Meal(day: today, slot: .breakfast, state: .skipped),
      Meal(day: today.adding(days: -1), slot: .lunch, state: .proposed([.leftovers, .eatingOut])),
      Meal(day: today, slot: .dinner, state: .decided(.text("Hotpot"))),
      Meal(day: today.adding(days: -2), slot: .breakfast, state: .decided(.leftovers)),
    ]
    // NB: 14:00 in New York: lunch has passed, dinner has not.
    let eaten = MealRules.history(
      of: meals, at: try at("2026-12-10T19:00:00Z"), times: MealTimes(), in: newYork)
    #expect(eaten == [meals[1], meals[0], meals[5]])
  }

  @Test func test_AC_MEAL_06_aSlotNotYetDecidedIsDueByItsDecideByTime() throws {
    let saturday = try day("2026-03-07")
    let meals = [
      Meal(day: saturday, slot: .breakfast, state: .skipped),
      Meal(day: saturday, slot: .lunch, state: .decided(.leftovers)),
      Meal(day: saturday, slot: .dinner, state: .proposed([.dish("curry"), .takeaway])),
      Meal(day: saturday.adding(days: 1), slot: .dinner, state: .decided(.eatingOut)),
    ]
    let due = MealRules.undecided(meals, on: saturday, times: MealTimes(), in: newYork)
    #expect(due.map(\.slot) == [.dinner])
    #expect(due.first?.decideBy == (try at("2026-03-07T23:00:00Z")))
    // NB: the next day, with its dinner decided, owes nothing but breakfast and lunch; its
    // walls moved an hour on in the night.
    let sunday = MealRules.undecided(
      meals, on: saturday.adding(days: 1), times: MealTimes(), in: newYork)
    #expect(sunday.map(\.slot) == [.breakfast, .lunch])
    let late = MealTimes(dinner: .constant(19, 0), decideByMinutes: 60)
    let empty = MealRules.undecided([], on: saturday.adding(days: 1), times: late, in: newYork)
    #expect(empty.map(\.slot) == MealSlot.allCases)
    #expect(empty.last?.decideBy == (try at("2026-03-08T22:00:00Z")))
    #expect(empty.first?.decideBy == (try at("2026-03-08T11:00:00Z")))
  }

  @Test func test_AC_MEAL_07_aDayIsReadAsPeopleSayIt() throws {
    // NB: Tuesday 1 December 2026.
    let today = try day("2026-12-01")
    #expect(today.weekday == 2)
    let read = { (text: String) in MealDay.read(text, today: today)?.description }
    #expect(read("today") == "2026-12-01" && read(" Tomorrow ") == "2026-12-02")
    #expect(read("yesterday") == "2026-11-30" && read("明天") == "2026-12-02")
    #expect(read("今天") == "2026-12-01" && read("昨天") == "2026-11-30")
    #expect(read("tue") == "2026-12-01" && read("Tuesday") == "2026-12-01")
    #expect(read("next tue") == "2026-12-08" && read("wed") == "2026-12-02")
    #expect(read("mon") == "2026-12-07" && read("next sun") == "2026-12-06")
    #expect(read("2026-12-25") == "2026-12-25")
    for text in ["someday", "next", "2026-13-01", "tue wed", "", "next 2026-12-03"] {
      #expect(read(text) == nil, "\(text)")
    }
  }
}
