import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

@testable import TeammatePostgres

/// The stored documents' own writer and reader against Foundation's, on many made at random.
@Suite struct DocumentCodecTests {
  static let strings = [
    "Milk", "", "a/b", "quote \" and \\ back", "line\nbreak\ttab\r", "bell \u{7}\u{1f}",
    "咖哩 🍛", "é\u{301}", "\u{7f}", "😀 surrogate",
  ]

  func randomCard(_ random: inout SeededRandomNumberGenerator) -> Card {
    func pick<T>(_ values: [T]) -> T { values[Int(random.next(upperBound: UInt64(values.count)))] }
    func maybe<T>(_ value: T) -> T? { random.next(upperBound: UInt64(2)) == 0 ? nil : value }
    func date() -> Date {
      Date(timeIntervalSinceReferenceDate: pick([786_297_600, 786_297_600.5, 0.1, -3, 1e-7]))
    }
    return Card(
      id: CardID(pick(Self.strings)), householdID: HouseholdID(pick(Self.strings)),
      kind: pick(CardKind.allCases), title: pick(Self.strings), note: maybe(pick(Self.strings)),
      time: maybe(date()), assignee: maybe(AccountID(pick(Self.strings))),
      replyBy: maybe(date()), repeatStart: maybe(date()),
      createdBy: AccountID(pick(Self.strings)), lastEditedBy: AccountID(pick(Self.strings)),
      createdAt: date(), lastEditedAt: date(), revision: pick([1, 2, 40]),
      ackBy: maybe(AccountID(pick(Self.strings))), ackAt: maybe(date()),
      ackRevision: maybe(pick([1, 3])), isDone: pick([true, false]),
      isDeleted: pick([true, false]))
  }

  func randomChange(_ random: inout SeededRandomNumberGenerator) -> Change {
    func pick<T>(_ values: [T]) -> T { values[Int(random.next(upperBound: UInt64(values.count)))] }
    let card = random.next(upperBound: UInt64(3)) == 0 ? nil : randomCard(&random)
    return Change(
      sequence: Int64(pick([1, 7, 123_456])), householdID: HouseholdID(pick(Self.strings)),
      actor: AccountID(pick(Self.strings)),
      at: Date(timeIntervalSinceReferenceDate: pick([786_297_600, 786_297_600.25])),
      kind: pick(ChangeKind.allCases), needsKnowing: pick([true, false]), card: card,
      fields: Array(CardRules.CardField.allCases.prefix(Int(random.next(upperBound: UInt64(3))))),
      writeID: random.next(upperBound: UInt64(2)) == 0 ? nil : WriteID(pick(Self.strings)),
      dish: random.next(upperBound: UInt64(4)) == 0 ? DishID(pick(Self.strings)) : nil)
  }

  @Test func test_AC_PG_45_storedDocumentsAreWrittenAndReadAsFoundationDoes() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let decoder = JSONDecoder()
    var random = SeededRandomNumberGenerator(seed: 45)
    for _ in 0..<500 {
      let card = randomCard(&random)
      let foundation = String(decoding: try encoder.encode(card), as: UTF8.self)
      #expect(DocumentWriter.text(of: card) == foundation)
      #expect(DocumentReader.card(foundation) == card)
      let change = randomChange(&random)
      let written = String(decoding: try encoder.encode(change), as: UTF8.self)
      #expect(DocumentWriter.text(of: change) == written)
      let read = try #require(DocumentReader.change(written))
      #expect(read == (try decoder.decode(Change.self, from: Data(written.utf8))))
    }
    // NB: a landed write's answer, as a receipt keeps it.
    var cards: [Card] = []
    var changes: [Change] = []
    for _ in 0..<3 {
      cards.append(randomCard(&random))
      changes.append(randomChange(&random))
      let outcome = WriteOutcome.applied(cards: cards, household: nil, changes: changes)
      let kept = String(decoding: try encoder.encode(outcome), as: UTF8.self)
      #expect(DocumentReader.outcome(kept) == outcome)
    }
    let refused = String(
      decoding: try encoder.encode(WriteOutcome.refused(.emptyTitle)), as: UTF8.self)
    #expect(DocumentReader.outcome(refused) == nil)
    // NB: what Foundation would read, written otherwise: spaces, nulls, `\u` escapes.
    let spaced = #"""
      { "ackBy" : null, "createdAt" : 1, "createdBy" : "a\u00e9\ud83d\ude00", "householdID":"h",
        "id":"c", "isDeleted":false, "isDone":true, "kind":"task", "lastEditedAt":2.5e1,
        "lastEditedBy":"b", "revision":2, "title":"T\/t" }
      """#
    let expected = try decoder.decode(Card.self, from: Data(spaced.utf8))
    #expect(DocumentReader.card(spaced) == expected)
    #expect(expected.createdBy == "aé😀" && expected.ackBy == nil)
    // NB: other shapes, and what is not well made, are Foundation's.
    var meal = randomCard(&random)
    meal.meal = Meal(
      day: MealDay(containing: Fixtures.start, in: .gmt), slot: .dinner, state: .skipped)
    #expect(DocumentWriter.text(of: meal) == nil)
    let mealText = String(decoding: try encoder.encode(meal), as: UTF8.self)
    #expect(DocumentReader.card(mealText) == nil)
    for broken in [
      "", "{", #"{"id":"c"}"#, spaced + "x", spaced.replacingOccurrences(of: "task", with: "chore"),
      #"{"id":"c","id":"d"}"#,
      spaced.replacingOccurrences(of: "\"revision\":2", with: "\"revision\":2.5"),
    ] {
      #expect(DocumentReader.card(broken) == nil, "\(broken)")
    }
    let unknownField =
      #"{"actor":"a","at":1,"fields":["colour"],"householdID":"h","kind":"cardAdded","needsKnowing":true,"overwritten":[],"sequence":1}"#
    #expect(DocumentReader.change(unknownField) == nil)
  }
}
