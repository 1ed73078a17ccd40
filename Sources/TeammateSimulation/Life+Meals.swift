import Foundation
import TeammateKit
import TeammateTestSupport

/// What the checks know of meals: the latest version of each meal card in the feed, and the
/// day each planned meal was asked for.
struct MealLedger {
  private var latest: [CardID: Card] = [:]
  /// The day (by the backend's clock) each meal the partners planned was asked for.
  var asked: [CardID: MealDay] = [:]

  /// Its meals with `account` named the former member's, as an erasure rewrote them.
  mutating func erasing(_ account: AccountID) {
    latest = latest.mapValues { (try? Erasure.erasing(account, in: $0)) ?? $0 }
  }

  /// Takes in fresh changes; the first invariant they break, with how.
  mutating func follow(_ changes: [Change]) -> (Invariant, String)? {
    var touched = false
    for change in changes {
      guard let card = change.card, card.kind == .meal, let meal = card.meal else { continue }
      if change.kind == .cardAdded, let day = asked[card.id], day != meal.day {
        return (.mealDay, "\(card.id) was planned for \(day) and landed on \(meal.day)")
      }
      latest[card.id] = card
      touched = true
    }
    guard touched else { return nil }
    var holders: [String: [CardID]] = [:]
    for card in MealRules.planned(Array(latest.values)) {
      guard let meal = card.meal else { continue }
      holders["\(meal.day) \(meal.slot.rawValue)", default: []].append(card.id)
    }
    if let (slot, cards) = holders.first(where: { $0.value.count > 1 }) {
      return (.oneMealPerSlot, "\(slot) holds \(cards.sorted())")
    }
    return nil
  }
}

extension Life {
  /// The household's today, by the backend's clock (by `phone`'s own only when sabotaged;
  /// nil: the backend's whatever the sabotage).
  func mealToday(for phone: Phone?) -> MealDay {
    let zone = TimeZone(identifier: Self.zone) ?? .gmt
    let phoneNow = config.sabotage == .phoneDay ? phone?.clock.now() : nil
    return MealDay(containing: phoneNow ?? clock.now(), in: zone)
  }

  /// One step of meals or dishes, through the partner's phone.
  func actOnMeals(_ action: SimAction, step: Int) async throws -> String {
    switch action {
    case .dish(let who, let op, let pick, let value):
      let device = phone(who).device
      let pool = await device.household?.dishes ?? []
      justActed = who
      if op % 4 == 0 || pool.isEmpty {
        return
          "ok \(try await device.addDish(name: "d\(value % 12)", ingredients: ["i\(value % 5)"]).id)"
      }
      let dish = pool[pick % pool.count]
      switch op % 4 {
      case 1:
        let edit =
          value % 2 == 0
          ? DishEdit(note: .set("n\(value)")) : DishEdit(name: .set("d\(value % 12)"))
        _ = try await device.editDish(dish.id, edit)
      case 2: _ = try await device.removeDish(dish.id)
      default: _ = try await device.restoreDish(dish.id)
      }
      return "ok \(dish.id)"
    case .planMeal(let who, let days, let slot, let plan, let value):
      let phone = phone(who)
      let asked = mealToday(for: nil).adding(days: days)
      let day = mealToday(for: phone).adding(days: days)
      let options = await contents(phone, value: value)
      let state: MealState =
        switch plan % 3 {
        case 0: .proposed(Array(options.prefix(1 + value % 3)))
        case 1: .decided(options[0])
        default: .skipped
        }
      justActed = who
      let card = try await phone.device.planMeal(
        Meal(day: day, slot: MealSlot.allCases[slot % 3], state: state))
      meals.asked[card.id] = asked
      return "ok \(card.id)"
    case .changeMeal(let who, let pick, let change, let value):
      let phone = phone(who)
      let shown = await phone.device.cards.values.filter { $0.kind == .meal }
        .sorted { $0.id < $1.id }
      let deleted = change % 8 == 7
      let candidates = shown.filter { MealRules.planned([$0]).isEmpty == deleted }
      guard !candidates.isEmpty else { return "no meal" }
      let card = candidates[pick % candidates.count]
      justActed = who
      let options = await contents(phone, value: value)
      let device = phone.device
      switch change % 8 {
      case 0:
        _ = try await device.changeMeal(card.id, .propose(Array(options.prefix(1 + value % 3))))
      case 1:
        let offered = card.meal?.options ?? []
        let choice = offered.isEmpty ? options[0] : offered[value % offered.count]
        _ = try await device.changeMeal(card.id, .pick(choice))
      case 2: _ = try await device.changeMeal(card.id, .decide(options[0]))
      case 3: _ = try await device.changeMeal(card.id, .skip)
      case 4:
        let day = mealToday(for: phone).adding(days: value % 4 - 1)
        _ = try await device.changeMeal(card.id, .move(day, MealSlot.allCases[value % 3]))
      case 5:
        let cooks: [MealCook?] = [
          .member(who.account), partner(of: who).map { .member($0) } ?? .both, .both, nil,
        ]
        _ = try await device.changeMeal(card.id, .cook(cooks[value % 4]))
      case 6: _ = try await device.deleteCard(card.id)
      default: _ = try await device.restoreCard(card.id)
      }
      return "ok \(card.id)"
    case .suggest(let who, let days, let seed):
      return await suggest(who, days: days, seed: seed, step: step)
    default:
      return "not a meal"
    }
  }

  /// Options a phone can offer: its live dishes, then a text and the usual ways out.
  private func contents(_ phone: Phone, value: Int) async -> [MealContent] {
    let live = (await phone.device.household?.dishes ?? []).filter { !$0.isRemoved }
    let dishes = live.isEmpty ? [] : [MealContent.dish(live[value % live.count].id)]
    let others: [MealContent] = [.text("m\(value % 7)"), .leftovers, .eatingOut, .takeaway]
    return dishes + others.shuffledBy(value)
  }

  /// A suggestion from what the phone shows, held to the household's cooldown by a plain
  /// count of the days since each dish was eaten.
  private func suggest(_ who: Partner, days: Int, seed: Int, step: Int) async -> String {
    let device = phone(who).device
    guard let household = await device.household else { return "no household" }
    let day = mealToday(for: phone(who)).adding(days: days)
    let eaten = MealRules.planned(Array(await device.cards.values)).compactMap(\.meal)
    let cooldown = household.meals.cooldownDays
    var random = SeededRandomNumberGenerator(seed: UInt64(seed))
    let suggestion = MealRules.suggest(
      from: household.dishes, meals: eaten, for: day,
      cooldownDays: config.sabotage == .restlessSuggestion ? 0 : cooldown, random: &random)
    // NB: resting: decided on the day or in the cooldown's days before it.
    var resting: Set<DishID> = []
    for meal in eaten {
      guard let dish = meal.decidedDish, meal.day <= day, meal.day.days(to: day) <= cooldown
      else { continue }
      resting.insert(dish)
    }
    let live = Set(household.dishes.filter { !$0.isRemoved }.map(\.id))
    let offered = Set(suggestion.dishes)
    let problem: String? =
      if !offered.isSubset(of: live) {
        "it offered a dish not in the pool"
      } else if !suggestion.relaxed, let tired = offered.intersection(resting).sorted().first {
        "it offered \(tired), eaten within \(cooldown) days, and did not say it relaxed"
      } else if suggestion.relaxed, !live.isSubset(of: resting) {
        "it said it relaxed while \(live.subtracting(resting).sorted()) rested enough"
      } else { nil }
    if let problem { broken = Violation(step: step, invariant: .suggestionRests, detail: problem) }
    return "offered \(suggestion.dishes.count)\(suggestion.relaxed ? ", relaxed" : "")"
  }

  /// A meal reminder the phone holds whose time is not its slot's decide-by time on the
  /// household's day, in the household's zone.
  func mealReminderOffItsDay(_ phone: Phone) async throws -> String? {
    guard let household = await phone.device.household else { return nil }
    for reminder in try await phone.scheduler.pending() where reminder.kind == .mealUndecided {
      let parts = reminder.id.split(separator: ":").map(String.init)
      guard parts.count == 3, let day = MealDay(text: parts[1]),
        let slot = MealSlot(rawValue: parts[2])
      else { return "\(phone.partner) holds a meal reminder '\(reminder.id)'" }
      let times = household.meals.times
      let due = day.instant(at: times.time(of: slot), in: household.zone)
        .addingTimeInterval(-Double(times.decideByMinutes) * 60)
      if reminder.occurrenceAt != due {
        return "\(phone.partner)'s \(reminder.id) is about \(reminder.occurrenceAt), not \(due)"
      }
    }
    return nil
  }
}

extension Array {
  /// The elements in an order `value` fixes: rotated by it.
  fileprivate func shuffledBy(_ value: Int) -> [Element] {
    guard !isEmpty else { return self }
    let shift = value % count
    return Array(self[shift...] + self[..<shift])
  }
}
