import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// What a person types or a clock gives, bounded before anything is written: times every
/// store reads back, quantities the list's arithmetic holds.
@Suite struct InputBoundsTests {
  let household = Fixtures.household()
  let now = Fixtures.start
  let refusedTime = TeammateError.timeOutOfRange(earliestYear: 1970, latestYear: 9999)

  func add(_ draft: CardDraft, at now: Date? = nil) throws(TeammateError) -> Card {
    try CardRules.add(
      draft, id: "c1", household: household, by: Fixtures.alice, now: now ?? self.now)
  }

  @Test func test_AC_INPUT_01_aTimeIsKeptOnlyWhereEveryStoreReadsItBack() throws {
    let before1970 = Fixtures.date("1969-12-31T23:59:00Z")
    let after9999 = Date(timeIntervalSince1970: 253_402_300_800)
    #expect(StoredTime.holds(Fixtures.date("1970-01-01T00:00:00Z")))
    #expect(StoredTime.holds(Date(timeIntervalSince1970: 253_402_300_799)))
    #expect(!StoredTime.holds(before1970) && !StoredTime.holds(after9999))
    for time in [before1970, after9999, Fixtures.date("1900-01-01T00:00:00Z")] {
      #expect(throws: refusedTime) { _ = try add(CardDraft(kind: .event, title: "x", time: time)) }
      #expect(throws: refusedTime) {
        _ = try add(CardDraft(kind: .topic, title: "x", replyBy: time))
      }
    }
    let daily = RepeatRule(frequency: .daily, end: .until(after9999))
    #expect(throws: refusedTime) {
      _ = try add(CardDraft(kind: .task, title: "x", time: now, repeatRule: daily))
    }
    // NB: an edit is held to the same bound.
    let card = try add(CardDraft(kind: .event, title: "x", time: now))
    #expect(throws: refusedTime) {
      _ = try CardRules.edit(
        card, with: CardEdit(time: .set(before1970)), household: household, by: Fixtures.bob,
        now: now)
    }
  }

  @Test func test_AC_INPUT_01_aWriteLandingAtAClockNoStoreReadsIsRefused() throws {
    let view = DeviceView(cards: [:], household: household)
    for clock in [Fixtures.date("1900-01-01T00:00:00Z"), Date(timeIntervalSince1970: 3e11)] {
      #expect(throws: refusedTime) {
        _ = try Outbox.apply(
          .addCard(CardDraft(title: "x", id: "c2aaaaaa")), to: view, viewer: Fixtures.alice,
          now: clock)
      }
    }
    let landed = try Outbox.apply(
      .addCard(CardDraft(title: "x", id: "c2aaaaaa")), to: view, viewer: Fixtures.alice, now: now)
    #expect(landed.cards.count == 1)
  }

  @Test func test_AC_INPUT_01_aRepeatWhoseNextTimeNoStoreKeepsEnds() throws {
    let last = Fixtures.date("9999-12-31T15:00:00Z")
    let card = try add(
      CardDraft(kind: .task, title: "x", time: last, repeatRule: RepeatRule(frequency: .daily)))
    let taipei = try #require(TimeZone(identifier: "Asia/Taipei"))
    #expect(RepeatRules.nextTime(of: card, now: now, in: taipei) == nil)
    let done = try CardRules.setDone(card, done: true, by: Fixtures.bob, now: now, in: taipei)
    #expect(done.isDone && done.time == last)
  }

  @Test func test_AC_INPUT_01_aDocumentsTimeOutsideTheBoundIsNotOfTheFormat() {
    #expect(HouseholdDocument.date("1970-01-01T00:00:00.000Z") != nil)
    #expect(HouseholdDocument.date("1969-12-31T23:59:59.999Z") == nil)
    #expect(HouseholdDocument.date("0001-01-01T00:00:00.000Z") == nil)
  }

  @Test func test_AC_INPUT_02_aQuantityPastTheBoundIsRefusedTypedOrSummed() throws {
    let refused = TeammateError.quantityTooLarge(limit: 1_000_000)
    #expect(refused.description == "a quantity on the list is at most 1,000,000")
    for text in ["999999999999999999999 eggs", "1e400 kg rice", "rice 1000001 g", "eggs x2000000"] {
      #expect(throws: refused, "\(text)") { _ = try ItemText(text) }
    }
    #expect(try ItemText("1000000 eggs").text == "1000000 eggs")
    // NB: a sum past the bound is refused too: onto the partner's item, and onto an offline
    // one from a huge typed amount.
    for (first, then) in [("999999 eggs", "2 eggs"), ("flour", "1e308 kg flour")] {
      let needed = try item(first, id: "needaaa2", by: Fixtures.alice)
      #expect(throws: refused, "\(then) onto \(first)") {
        _ = try item(then, id: "needaaa3", onto: [needed], by: Fixtures.bob)
      }
    }
  }

  /// The item an add of `text` makes, or the needed one of `items` it merges into.
  func item(
    _ text: String, id: ItemID, onto items: [ShoppingItem] = [], by author: AccountID
  ) throws -> ShoppingItem {
    try ShoppingRules.add(
      ItemDraft(id: id, text: text), to: items, household: household.id, by: author, now: now
    ).item
  }

  @Test func test_AC_INPUT_02_anyAmountIsWrittenWithoutTrapping() throws {
    for amount in [1e21, 0x1p63, .infinity, -.infinity, .nan, 1e308, 0.5] {
      #expect(!ItemQuantity(amount: amount, unit: .count).words.isEmpty)
    }
    #expect(ItemQuantity(amount: 3, unit: .count).words == "3")
    // NB: an item kept before the bound is read and shown; an add onto it is refused in words.
    let stored = try JSONDecoder().decode(
      ItemText.self, from: Data("\"999999999999999999999 eggs\"".utf8))
    let old = ShoppingItem(
      id: "oldxxxx1", householdID: household.id, text: stored, addedBy: Fixtures.bob, addedAt: now)
    #expect(throws: TeammateError.quantityTooLarge(limit: 1_000_000)) {
      _ = try item("eggs", id: "eggsaaa4", onto: [old], by: Fixtures.alice)
    }
  }

  @Test func test_AC_INPUT_06_everyRefusalReadsInChineseButForWhatWasTyped() throws {
    let chinese = TraditionalChineseWording()
    for error in ErrorCodeTests.everyCase {
      let sentence = chinese.refusal(error)
      // NB: the values the refusal carries (names, ids, codes, typed text) may be Latin.
      let values = Set(Self.latinWords(in: try ErrorCodeTests.encoded(error)))
      let foreign = Self.latinWords(in: sentence).filter {
        !values.contains($0) && !Self.typedForms.contains($0)
      }
      #expect(foreign.isEmpty, "\(error): \(sentence)")
    }
    #expect(
      chinese.refusal(.nameTooLong(.itemText, length: 5_000, limit: 120))
        == "清單項目有 5000 個字，最多只能 120 個")
    #expect(throws: TeammateError.nameTooLong(.itemText, length: 5_000, limit: 120)) {
      _ = try ItemText(String(repeating: "蛋", count: 5_000))
    }
    #expect(throws: TeammateError.titleTooLong(length: 2_000, limit: 200)) {
      _ = try add(CardDraft(title: String(repeating: "蛋", count: 2_000)))
    }
  }

  /// What a person types in Latin letters whatever their language, as a refusal shows it: a
  /// zone's IANA name, a credential's and a time's forms, `off`, the words a time is read in.
  static let typedForms: Set<String> = [
    "IANA", "Asia", "Taipei", "PROVIDER", "ID", "HH", "MM", "off", "T", "today", "tomorrow", "pm",
    "mon", "next", "tue", "in", "h", "m",
  ]

  /// The runs of Latin letters in `text`.
  static func latinWords(in text: String) -> [String] {
    text.split { !($0.isASCII && $0.isLetter) }.map(String.init)
  }
}
