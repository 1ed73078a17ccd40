import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The partner's news through every backend (issue 44): each act told as the partner made
/// it, with the values it carried, word for word. A backend that keeps a change without what
/// its news needs (the act a meal's change was, the note a merged add brought) fails here.
public enum NewsContract {
  /// AC-NEWS-08: The couple's week of AC-NEWS-01…04 and 07, told word for word in English on
  /// every backend and an adopter's.
  public static let thePartnersActsAreToldAsMade = ContractCheck(
    id: "AC-NEWS-08", name: "thePartnersActsAreToldAsMade"
  ) { world in
    let (_, alice, bob) = try await world.coupleWithPhones()
    let today = MealDay(containing: world.clock.now(), in: .taipei)
    let tomorrow = today.adding(days: 1)
    func told(_ device: Device, by partner: String) async throws -> [String] {
      try await device.sync().news.map { EnglishWording().news($0, by: partner) }
    }
    func offered(_ slot: MealSlot, _ options: [MealContent]) -> Meal {
      Meal(day: tomorrow, slot: slot, state: .proposed(options))
    }

    // NB: AC-NEWS-01: a dish of Bob's own before he syncs hides nothing of Alice's.
    _ = try await alice.addDish(name: "Curry")
    _ = try await alice.addCard(CardDraft(title: "Bought diapers"))
    _ = try await bob.addDish(name: "Soup")
    #expect(
      try await told(bob, by: "Alice") == [
        "Alice added Curry to the dishes", #"Alice logged "Bought diapers""#,
      ])
    _ = try await alice.sync()

    // NB: AC-NEWS-03: a decision of something not offered is told as decided, a pick as picked.
    let breakfast = try await bob.planMeal(
      offered(.breakfast, [.text("toast"), .text("porridge")]))
    _ = try await alice.sync()
    _ = try await alice.changeMeal(breakfast.id, .decide(.text("pancakes")))
    let dinner = try await bob.planMeal(offered(.dinner, [.takeaway, .eatingOut]))
    _ = try await alice.sync()
    // NB: AC-NEWS-04: a decision and the cook named right after it, in one line.
    _ = try await alice.changeMeal(dinner.id, .decide(.text("fried rice")))
    _ = try await alice.changeMeal(dinner.id, .cook(.member(world.alice)))
    let tonight = try await bob.planMeal(
      Meal(day: today, slot: .dinner, state: .proposed([.text("Curry"), .text("Pasta")])))
    _ = try await alice.sync()
    _ = try await alice.changeMeal(tonight.id, .pick(.text("curry")))
    let week = try await bob.sync().news
    #expect(
      week.map { EnglishWording().news($0, by: "Alice") } == [
        "Alice decided pancakes for breakfast tomorrow",
        "Alice decided fried rice for dinner tomorrow; Alice cooks",
        "Alice picked Curry for dinner today",
      ], "\(week)")

    // NB: AC-NEWS-02: Bob's answer told as he made it, though Alice decided since, offline.
    let lunch = try await alice.planMeal(offered(.lunch, [.text("Pasta"), .text("fried rice")]))
    _ = try await bob.sync()
    _ = try await alice.sync()
    _ = try await bob.changeMeal(lunch.id, .propose([.takeaway, .eatingOut]))
    await alice.setOnline(false)
    _ = try await alice.changeMeal(lunch.id, .decide(.leftovers))
    await alice.setOnline(true)
    #expect(
      try await told(alice, by: "Bob") == [
        "Bob proposed takeaway or eating out for lunch tomorrow"
      ])

    // NB: AC-NEWS-07: an add merged into the thing is news only of the note it brought.
    _ = try await alice.addItem("milk")
    _ = try await bob.addItem(" MILK", note: "oat")
    #expect(try await told(alice, by: "Bob") == ["Bob added a note to milk: oat"])
    _ = try await bob.addItem("milk")
    #expect(try await told(alice, by: "Bob") == [])
  }
}
