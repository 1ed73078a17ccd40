import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// Every kind of write is one type whose requirements name each seam (AC-WRITE-01…03).
@Suite struct WriteKindTests {
  static let card: CardID = "c1"
  static let item: ItemID = "22222222"
  static let dish: DishID = "d1"
  /// A zone as typed: a Chinese line shows it as it is.
  static let zone = "Asia/Taipei"

  /// A write of each kind, in the order `index` numbers them.
  static let samples: [DeviceWrite] = [
    .addCard(CardDraft(kind: .task, title: "買尿布", id: card)),
    .editCard(card, CardEdit(title: .set("買奶粉"), time: .set(nil)), baseRevision: 1),
    .acknowledge([CardRevision(card, revision: 2)]),
    .acknowledgePending,
    .setDone(card, done: true),
    .skipOccurrence(card),
    .deleteCard(card),
    .restoreCard(card),
    .updateSettings(.default),
    .changeMeal(card, .pick(.text("咖哩")), baseRevision: 1),
    .addDish(DishDraft(id: dish, name: "咖哩飯")),
    .editDish(dish, DishEdit(name: .set("牛肉咖哩"))),
    .removeDish(dish),
    .restoreDish(dish),
    .updateMealSettings(MealSettings()),
    .addItems([ItemDraft(id: item, text: "兩盒 雞蛋")]),
    .getItems([item], shop: "好市多"),
    .undoItem(item),
    .moveItem(item, to: .drinks),
    .clearItems([item]),
    .clearGotItems,
    .addItemsFromMeal(card, ids: [item]),
    .createHousehold(name: "我們家", timeZone: "Asia/Taipei", displayName: "阿美"),
    .renameItem(item, to: "土雞蛋"),
    .updateHousehold(name: "我們的家", timeZone: zone),
    .updateMember(displayName: "阿美", settings: .default),
  ]

  /// The sample's place: the switch names every case of `DeviceWrite`, so a new kind does not
  /// compile here until it has a number, and the test below until it has a sample.
  static func index(_ write: DeviceWrite) -> Int {
    switch write {
    case .addCard: 0
    case .editCard: 1
    case .acknowledge: 2
    case .acknowledgePending: 3
    case .setDone: 4
    case .skipOccurrence: 5
    case .deleteCard: 6
    case .restoreCard: 7
    case .updateSettings: 8
    case .changeMeal: 9
    case .addDish: 10
    case .editDish: 11
    case .removeDish: 12
    case .restoreDish: 13
    case .updateMealSettings: 14
    case .addItems: 15
    case .getItems: 16
    case .undoItem: 17
    case .moveItem: 18
    case .clearItems: 19
    case .clearGotItems: 20
    case .addItemsFromMeal: 21
    case .createHousehold: 22
    case .renameItem: 23
    case .updateHousehold: 24
    case .updateMember: 25
    }
  }

  static var names: WriteNames { WriteNames(title: { _ in "產檢" }, text: { _ in "雞蛋" }) }

  @Test func test_AC_WRITE_01_everyKindHasItsWordsInBothLanguagesAndATagOfItsOwn() {
    #expect(Self.samples.map(Self.index) == Array(0..<Self.samples.count))
    let ids = [Self.card.rawValue, Self.item.rawValue, Self.dish.rawValue, Self.zone]
    for write in Self.samples {
      let words = write.kind.words(Self.names)
      for phrase in [words.english, words.traditionalChinese] {
        #expect(!phrase.noun.isEmpty && !phrase.line.isEmpty, "\(write)")
      }
      var chinese = words.traditionalChinese.noun + " " + words.traditionalChinese.line
      for id in ids { chinese = chinese.replacingOccurrences(of: id, with: "") }
      #expect(!chinese.contains { $0.isASCII && $0.isLetter }, "\(write): \(chinese)")
      #expect(words.english.line.contains { $0.isASCII && $0.isLetter }, "\(write)")
    }
    let tags = Self.samples.map(\.kind.tag)
    #expect(Set(tags).count == tags.count, "\(tags)")
    // NB: the check can fail: an English word in a Chinese line is found.
    let planted = DeviceWrite.moveItem(Self.item, to: ItemCategory(rawValue: "snacks"))
    #expect(planted.kind.words(Self.names).traditionalChinese.line.contains("snacks"))
  }

  @Test func test_AC_WRITE_02_whatAWriteReadsNamesTheCardItIsAbout() {
    for write in Self.samples {
      // NB: a new card is read by nobody: it is not there yet.
      let about = write.kind is Writes.AddCard ? nil : write.cardID
      switch write.kind.reads {
      case .none: #expect(about == nil, "\(write)")
      case .named(let cards):
        #expect(about.map { cards.contains($0) } ?? !cards.isEmpty, "\(write)")
      case .every: #expect(write == .acknowledgePending, "\(write)")
      }
    }
  }
}
