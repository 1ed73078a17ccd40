import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// An item edited in place is told by what changed (AC-LIST-36).
@Suite struct ItemEditNewsTests {
  static let home: HouseholdID = "hhhhhhhh"

  static func milk(
    _ text: String, note: String? = nil, aisle: ItemCategory = .dairy, revision: Int = 1
  ) throws -> ShoppingItem {
    ShoppingItem(
      id: "milkaaa1", householdID: home, text: try ItemText(text), note: note,
      addedBy: Fixtures.alice, addedAt: Fixtures.start, revision: revision, category: aisle)
  }

  /// The change an edit appends, the item one revision on, with what it changed.
  static func edited(
    _ item: ShoppingItem, at sequence: Int64, fields: [CardRules.CardField] = []
  ) -> Change {
    var next = item
    next.revision = Int(sequence)
    return Change(
      sequence: sequence, householdID: home, actor: Fixtures.bob, at: Fixtures.start,
      kind: .itemEdited, needsKnowing: false, fields: fields, item: next)
  }

  static func news(_ changes: [Change], before: ShoppingItem) -> [PartnerNews] {
    PartnerNews.collect(
      changes, viewer: Fixtures.alice, household: nil, after: [:],
      itemsBefore: [before.id: before])
  }

  @Test func test_AC_LIST_36_anItemEditedInPlaceIsToldByWhatChanged() throws {
    let before = try Self.milk("milk")
    // NB: renamed twice in one sync: one entry, from the first text to the last.
    let renamed = Self.news(
      [
        Self.edited(try Self.milk("oat milk"), at: 5),
        Self.edited(try Self.milk("soy milk"), at: 6),
      ],
      before: before)
    #expect(renamed.map(\.kind) == [.renamedItem], "\(renamed)")
    #expect(renamed.first?.title == "milk" && renamed.first?.items == ["soy milk"])
    #expect(EnglishWording().news(renamed[0], by: "Bob") == "Bob renamed milk to soy milk")
    #expect(TraditionalChineseWording().news(renamed[0], by: "Bob") == "Bob 把milk改名為soy milk")
    // NB: an aisle and a note changed at once: each told, neither as an add.
    let both = Self.news(
      [Self.edited(try Self.milk("milk", note: "oat", aisle: .drinks), at: 5)], before: before)
    #expect(Set(both.map(\.kind)) == [.movedItem, .notedItem], "\(both)")
    #expect(both.first { $0.kind == .movedItem }?.title == ItemCategory.drinks.rawValue)
    #expect(both.first { $0.kind == .notedItem }?.title == "oat")
    // NB: an edit that changed nothing told tells nothing.
    #expect(Self.news([Self.edited(before, at: 5)], before: before).isEmpty)
    #expect(!ListNews.tells(.itemEdited, try Self.milk("oat milk"), before: before))
    // NB: a device that holds the item only as a later change left it (its own clear's
    // answer) is told the rename the change records, without the text it had.
    let ahead = try Self.milk("oat milk", revision: 9)
    let unknown = Self.news([Self.edited(ahead, at: 5, fields: [.title])], before: ahead)
    #expect(unknown.map(\.kind) == [.renamedItem] && unknown.first?.title == nil, "\(unknown)")
    #expect(EnglishWording().news(unknown[0], by: "Bob") == "Bob renamed an item to oat milk")
    #expect(
      TraditionalChineseWording().news(unknown[0], by: "Bob") == "Bob 把一個項目改名為oat milk")
    #expect(PartnerNews.Kind.renamedItem.isOfTheList)
  }
}
