import Foundation

/// Where a thing is found in a shop: the aisle a list is grouped by (AC-LIST-17). The ten
/// built in, in the household's default order; a household may name its own.
public struct ItemCategory: Sendable, Hashable, Codable, RawRepresentable,
  CustomStringConvertible
{
  public let rawValue: String

  /// A category by its name: one of the built-in ones, or the household's own.
  public init(rawValue: String) { self.rawValue = rawValue }

  public var description: String { rawValue }

  /// Fruit and vegetables: most shops put them by the door.
  public static let produce = ItemCategory(rawValue: "produce")
  /// Milk, cheese, butter, yoghurt and eggs.
  public static let dairy = ItemCategory(rawValue: "dairy")
  /// Bread, toast and cakes.
  public static let bakery = ItemCategory(rawValue: "bakery")
  /// Meat and fish, fresh.
  public static let meatAndFish = ItemCategory(rawValue: "meat and fish")
  /// The freezers: ice cream, dumplings.
  public static let frozen = ItemCategory(rawValue: "frozen")
  /// Rice, pasta, flour, oil: the long aisles.
  public static let dryGoods = ItemCategory(rawValue: "dry goods")
  /// Coffee, tea, juice, water, beer and wine.
  public static let drinks = ItemCategory(rawValue: "drinks")
  /// Paper, soap and cleaning.
  public static let household = ItemCategory(rawValue: "household")
  /// Diapers, wipes and formula.
  public static let baby = ItemCategory(rawValue: "baby")
  /// Anything the table does not know.
  public static let other = ItemCategory(rawValue: "other")

  /// The category a person names: trimmed and folded as names fold (`Dairy` is `dairy`), one
  /// of the built-in ones or the household's own; an empty or overlong name is refused.
  public static func named(_ name: String) throws(TeammateError) -> ItemCategory {
    ItemCategory(rawValue: Folding.key(try Validation.name(name, field: .category)))
  }

  /// The built-in categories in the household's default order: a shop no trip has taught
  /// yet is walked so.
  public static let standardOrder: [ItemCategory] = [
    .produce, .dairy, .bakery, .meatAndFish, .frozen, .dryGoods, .drinks, .household, .baby,
    .other,
  ]

  /// The category a thing's text names, by the kit's table in English and zh-Hant: the whole
  /// text as texts fold, else its words from the last (the thing itself in English: "oat
  /// milk" is milk), a plural's `s` aside, else the longest thing of the table a Chinese text
  /// holds; `other` when nothing matches.
  public static func guess(for text: ItemText) -> ItemCategory {
    let key = text.key
    if let known = GuessTable.things[key] { return known }
    for word in key.split(whereSeparator: \.isWhitespace).reversed().map(String.init) {
      for form in [word, singular(word)] {
        if let known = GuessTable.things[form] { return known }
      }
    }
    if key.unicodeScalars.contains(where: { $0.properties.isIdeographic }) {
      for (thing, category) in GuessTable.hanByLength where key.contains(thing) {
        return category
      }
    }
    return .other
  }

  /// An English word without its plural ending: `onions` → `onion`, `tomatoes` → `tomato`,
  /// `berries` → `berry`.
  private static func singular(_ word: String) -> String {
    if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
    if word.hasSuffix("oes") { return String(word.dropLast(2)) }
    if word.hasSuffix("s") { return String(word.dropLast()) }
    return word
  }
}

extension ItemCategory {
  /// The product's aisles in Traditional Chinese, by category.
  public static let traditionalChineseNames: [ItemCategory: String] = [
    .produce: "蔬果", .dairy: "乳製品", .bakery: "麵包", .meatAndFish: "肉類海鮮",
    .frozen: "冷凍食品", .dryGoods: "乾貨", .drinks: "飲料", .household: "居家用品",
    .baby: "嬰兒用品", .other: "其他",
  ]

  /// The aisle's name in Traditional Chinese: 「飲料」; a household's own as it named it.
  public var traditionalChineseName: String { Self.traditionalChineseNames[self] ?? rawValue }
}
