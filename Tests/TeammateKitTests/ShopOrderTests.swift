import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// A list in the order of the shop: categories guessed from the text, and the order learned
/// from the gets made there.
@Suite struct ShopOrderTests {
  @Test(arguments: [
    ("milk", ItemCategory.dairy), ("Milk", .dairy), ("oat milk", .dairy), ("牛奶", .dairy),
    ("diapers", .baby), ("尿布", .baby), ("eggs", .dairy), ("雞蛋", .dairy),
    ("onions", .produce), ("2 onions", .produce), ("香蕉", .produce), ("bread", .bakery),
    ("吐司", .bakery), ("chicken", .meatAndFish), ("雞肉", .meatAndFish), ("ice cream", .frozen),
    ("rice", .dryGoods), ("米", .dryGoods), ("coffee", .drinks), ("啤酒", .drinks),
    ("toilet paper", .household), ("衛生紙", .household), ("wipes", .baby),
    ("batteries", .other), ("3M tape", .other),
  ])
  func test_AC_LIST_17_aCategoryIsGuessedFromTheText(text: String, expected: ItemCategory) throws {
    #expect(ItemCategory.guess(for: try ItemText(text)) == expected, "\(text)")
  }

  /// A got in a shop, `minutes` after the first trip began.
  func got(_ category: ItemCategory, _ minutes: Double, in shop: String = "costco") -> ShopGet {
    ShopGet(category: category, shop: shop, at: Fixtures.start + minutes * 60)
  }

  @Test func test_AC_LIST_18_aShopsOrderIsLearnedFromTheWalkOfItsGets() {
    let standard = ItemCategory.standardOrder
    #expect(ShopOrder.learn(from: [], shop: "costco") == standard)
    #expect(standard.first == .produce && standard.last == .other && standard.count == 10)

    // NB: a walk of twenty gets over two trips, the household's default order turned round.
    let walk: [ShopGet] =
      [
        got(.baby, 0), got(.baby, 1), got(.household, 3), got(.drinks, 5), got(.drinks, 6),
        got(.frozen, 9), got(.dairy, 11), got(.dairy, 12), got(.produce, 15), got(.produce, 16),
      ]
      + [
        got(.household, 1_440), got(.baby, 1_441), got(.drinks, 1_443), got(.frozen, 1_445),
        got(.frozen, 1_446), got(.dairy, 1_448), got(.bakery, 1_450), got(.produce, 1_452),
        got(.produce, 1_453), got(.produce, 1_454),
      ]
    let learned = ShopOrder.learn(from: walk, shop: "costco")
    #expect(
      learned == [
        .baby, .household, .drinks, .frozen, .dairy, .bakery, .produce, .meatAndFish, .dryGoods,
        .other,
      ])
    // NB: another shop's walk, and a got ticked off at home hours later, teach nothing here.
    let noise = walk + [got(.meatAndFish, 30, in: "market"), got(.dryGoods, 200)]
    #expect(ShopOrder.learn(from: noise, shop: "costco") == learned)
    #expect(ShopOrder.learn(from: noise, shop: "market") == standard)
    // NB: the order of the history given does not matter, only the times.
    #expect(ShopOrder.learn(from: walk.reversed(), shop: "costco") == learned)
  }
}

extension ShopOrderTests {
  @Test func test_AC_LIST_32_getsOfOneInstantTeachTheOrderTheyWereMadeIn() throws {
    // NB: an offline trip sent in one sync: one instant, the feed's order the walk's.
    let trip = [ItemCategory.produce, .dairy, .baby].enumerated().map { place, category in
      ShopGet(category: category, shop: "costco", at: Fixtures.start, sequence: 40 + Int64(place))
    }
    let order = ShopOrder.learn(from: trip, shop: "costco")
    #expect(Array(order.prefix(3)) == [.produce, .dairy, .baby], "\(order)")
    // NB: kept before its place was kept: read as 0, and the order kept is the order made.
    let old = try JSONDecoder().decode(
      ShopGet.self,
      from: Data(#"{"category":"baby","shop":"costco","at":0}"#.utf8))
    #expect(old.sequence == 0 && old.category == .baby)
    let kept = trip.map { ShopGet(category: $0.category, shop: $0.shop, at: $0.at) }
    #expect(
      Array(ShopOrder.learn(from: kept, shop: "costco").prefix(3)) == [.produce, .dairy, .baby])
  }
}
