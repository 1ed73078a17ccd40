import Foundation
import TeammateKit
import Testing

/// Quantities that add up: read from an item's text, added when their units agree.
@Suite struct ItemQuantityTests {
  @Test(arguments: [
    ("2 onions", "2", "onions"), ("onions x2", "2", "onions"), ("500 g rice", "500 g", "rice"),
    ("500g rice", "500 g", "rice"), ("rice 1 kg", "1 kg", "rice"), ("牛奶 2 瓶", "2 瓶", "牛奶"),
    ("雞蛋 一盒", "1 盒", "雞蛋"), ("1 onion", "1", "onion"), ("milk 1.5 l", "1.5 l", "milk"),
    ("2 cups flour", "2 cups", "flour"), ("3 雞蛋", "3", "雞蛋"), ("兩瓶 牛奶", "2 瓶", "牛奶"),
    ("7 up", "", "7 up"), ("3M tape", "", "3M tape"), ("iPhone 15", "", "iPhone 15"),
    ("onions", "", "onions"), ("2", "", "2"),
  ])
  func test_AC_LIST_20_aQuantityIsReadAndQuantitiesAddUp(
    text: String, quantity: String, name: String
  ) {
    let read = ItemQuantity.read(text)
    #expect(read.quantity.map(\.words) ?? "" == quantity, "\(text)")
    #expect(read.name == name, "\(text)")
  }

  @Test(arguments: [
    ("2 onions", "1 onion", "3"), ("500 g rice", "rice 1 kg", "1.5 kg"),
    ("200 g rice", "300 g rice", "500 g"), ("milk 500 ml", "milk 1 l", "1.5 l"),
    ("500 g flour", "2 cups flour", "500 g + 2 cups"), ("牛奶 2 瓶", "牛奶 一瓶", "3 瓶"),
    ("牛奶 2 瓶", "milk x2", "2 瓶 + 2"), ("0.25 kg butter", "250 g butter", "500 g"),
  ])
  func test_AC_LIST_20_quantitiesAddWhenTheirUnitsAgree(one: String, other: String, sum: String)
    throws
  {
    let first = try #require(ItemQuantity.read(one).quantity)
    let second = try #require(ItemQuantity.read(other).quantity)
    #expect(ItemQuantity.words(ItemQuantity.adding(first, second)) == sum)
  }
}
