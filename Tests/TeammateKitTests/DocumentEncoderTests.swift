import Foundation
import TeammateTestSupport
import Testing

@testable import TeammateKit

/// The household document's own writer against Foundation's encoder, which wrote it before:
/// the same bytes for every shape the document holds.
@Suite struct DocumentEncoderTests {
  /// The document as Foundation's encoder writes it, with the format's settings.
  static func foundation(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(HouseholdDocument.text(date))
    }
    return try encoder.encode(value)
  }

  /// Alice and Bob's household with a card of every shape: meals proposed and decided (and
  /// their ingredients on the list), a repeating event, an edit over the partner's, dishes,
  /// settings, text of every kind; exported.
  static func everyShape() async throws -> HouseholdDocument {
    let clock = ManualWallClock(Fixtures.date("2026-06-06T10:00:00+08:00"))
    let (cloud, _) = try await Fixtures.couple(clock: clock, seed: 48)
    func phone(_ account: AccountID, _ seed: UInt64) -> Device {
      Device(
        account: account, backend: cloud, clock: clock,
        scheduler: PhoneShapedNotificationCentre(), random: SeededRandomNumberGenerator(seed: seed))
    }
    let (alice, bob) = (phone(Fixtures.alice, 1), phone(Fixtures.bob, 2))
    _ = try await alice.sync()
    _ = try await bob.sync()
    let tomorrow =
      MealDay(year: 2026, month: 6, day: 7) ?? MealDay(containing: clock.now(), in: .gmt)
    let curry = try await alice.addDish(name: "Curry", ingredients: ["2 onions", "rice/白米"])
    let strange = "\"quoted\" back\\slash a/b \t tab\nline \u{1} \u{1f} 牛奶 👶🏽 \u{2028}"
    let card = try await alice.addCard(
      CardDraft(
        kind: .event, title: strange, note: "note", time: clock.now() + 86_400,
        repeatRule: RepeatRule(frequency: .weekly, interval: 2, weekdays: [.tuesday])))
    let task = try await alice.addCard(
      CardDraft(kind: .task, title: "Diapers", assignee: Fixtures.bob))
    let topic = try await alice.addCard(
      CardDraft(kind: .topic, title: "Daycare?", replyBy: clock.now() + 3 * 86_400))
    let nap = try await alice.addCard(CardDraft(title: "Nap at two"))
    _ = try await bob.sync()
    _ = try await bob.acknowledge([
      CardRevision(task.id, revision: task.revision), CardRevision(topic.id, revision: 1),
    ])
    _ = try await bob.setDone(task.id, done: true)
    _ = try await alice.deleteCard(nap.id)
    _ = try await bob.sync()
    await bob.setOnline(false)
    _ = try await bob.editCard(card.id, CardEdit(title: .set("Bob's title")))
    _ = try await alice.editCard(card.id, CardEdit(title: .set("Alice's title")))
    await bob.setOnline(true)
    _ = try await bob.sync()
    let lunch = try await alice.planMeal(
      Meal(day: tomorrow, slot: .lunch, state: .proposed([.text("Pasta"), .takeaway])))
    let dinner = try await bob.planMeal(
      Meal(day: tomorrow, slot: .dinner, state: .proposed([.dish(curry.id), .eatingOut])))
    _ = try await alice.sync()
    _ = try await alice.changeMeal(dinner.id, .decide(.dish(curry.id)))
    _ = try await alice.changeMeal(lunch.id, .decide(.leftovers))
    _ = try await alice.addItemsFromMeal(dinner.id)
    let items = try await bob.addItems(["onions", "milk", strange])
    _ = try await bob.getItems([items[1].id])
    _ = try await bob.clearGotItems()
    var settings = NotificationSettings.default
    settings.disabledKinds = [.digest]
    _ = try await bob.updateSettings(settings)
    _ = try await alice.sync()
    return try await alice.exportHousehold()
  }

  @Test func test_AC_PORT_18_theDocumentsWriterWritesWhatFoundationWrites() async throws {
    for format in 1...HouseholdDocument.currentFormat {
      let bytes = try Data(
        contentsOf: HouseholdDocumentTests.fixtures.appendingPathComponent(
          "household-format-\(format).json"))
      let document = try HouseholdDocument(decoding: bytes)
      #expect(try document.encoded() == Self.foundation(document), "format \(format)")
    }
    let document = try await Self.everyShape()
    let mine = try document.encoded()
    #expect(mine == (try Self.foundation(document)), "\(String(decoding: mine, as: UTF8.self))")
    // NB: the household holds every shape the test means it to.
    #expect(document.cards.contains { $0.repeatRule != nil })
    #expect(document.cards.contains { $0.meal != nil })
    #expect(document.items.contains { !$0.parts.isEmpty })
    #expect(document.feed.contains { !$0.overwritten.isEmpty })
    #expect(document.feed.contains { $0.mealAct != nil })

    // NB: a card is written field by field: every field a card has is one the writer knows.
    let card = try #require(document.cards.first)
    #expect(
      Mirror(reflecting: card).children.compactMap(\.label) == DocumentBytes.cardFields,
      "a field of Card the document's writer does not write: add it to DocumentBytes.write(_:meal:depth:) and cardFields"
    )
    let change = try #require(document.feed.first)
    #expect(
      Mirror(reflecting: change).children.compactMap(\.label) == DocumentBytes.changeFields,
      "a field of Change the document's writer does not write: add it to DocumentBytes.write(_:_:depth:) and changeFields"
    )
    #expect(document.cards.contains { $0.ackBy != nil && $0.assignee != nil && $0.isDone })
    #expect(
      document.feed.contains { $0.household != nil } && document.feed.contains { $0.item != nil })
    #expect(
      document.feed.contains { $0.dish != nil } && document.feed.contains { $0.writeID != nil })
    #expect(
      document.cards.contains { $0.replyBy != nil } && document.cards.contains(where: \.isDeleted))

    // NB: written from fifty tasks at once, each writes the same bytes.
    let bytes = try await withThrowingTaskGroup(of: Data.self) { group in
      for _ in 0..<50 { group.addTask { try document.encoded() } }
      return try await group.reduce(into: Set<Data>()) { $0.insert($1) }
    }
    #expect(bytes == [mine])

    // NB: numbers and empty containers the document does not hold today, written as
    // Foundation writes them, and a number JSON cannot hold refused by both.
    struct Odd: Encodable {
      var numbers: [Double] = [1, 0.1, 1e20, 1e-7, -0.0, 123_456_789.125]
      var integers = [Int.min, -1, 0, 7, Int.max]
      var empty: [String] = []
      var nothing: [String: Int] = [:]
      var absent: Int? = nil
      var nested: [[String: [Int?]]] = [["a": [nil, 1]], [:]]
      var float: Float = 0.1
    }
    #expect(try DocumentEncoder().encode(Odd()) == Self.foundation(Odd()))
    let (supers, theirs) = (try DocumentEncoder().encode(Supers()), try Self.foundation(Supers()))
    #expect(
      supers == theirs,
      "\(String(decoding: supers, as: UTF8.self)) ≠ \(String(decoding: theirs, as: UTF8.self))")
    #expect(throws: EncodingError.self) { try DocumentEncoder().encode([Double.nan]) }
    #expect(throws: EncodingError.self) { try Self.foundation([Double.nan]) }
  }
}

/// A parent's fields written through super encoders, as a subclass and a hand-written
/// `encode(to:)` do: in an object, under `super` and a key of its own, and in an array.
private class Parent: Encodable {
  var inherited = 1
}

private final class Child: Parent {
  var own = "child"
  enum Keys: CodingKey { case own, named }

  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(own, forKey: .own)
    try super.encode(to: container.superEncoder())
    var named = container.superEncoder(forKey: .named).singleValueContainer()
    try named.encode("by its key")
  }
}

private struct Supers: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(Child())
    var single = container.superEncoder().singleValueContainer()
    try single.encode("in an array")
    try Parent().encode(to: container.superEncoder())
    _ = container.superEncoder()
  }
}
