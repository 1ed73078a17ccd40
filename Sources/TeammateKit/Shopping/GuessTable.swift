import Foundation

/// The kit's small table of things and their categories, in English and zh-Hant, each as
/// texts fold (lower case, one form): what `ItemCategory.guess` reads.
enum GuessTable {
  static let things: [String: ItemCategory] = {
    var table: [String: ItemCategory] = [:]
    for (category, words) in entries {
      for word in words { table[word] = category }
    }
    return table
  }()

  /// The table's Chinese things, longest first, for a text that holds one among others.
  static let hanByLength: [(String, ItemCategory)] = things.filter { thing, _ in
    thing.unicodeScalars.contains { $0.properties.isIdeographic }
  }.sorted { ($0.key.count, $0.key) > ($1.key.count, $1.key) }.map { ($0.key, $0.value) }

  private static let entries: [(ItemCategory, [String])] = [
    (
      .produce,
      [
        "apple", "banana", "orange", "lemon", "grape", "strawberry", "berry", "tomato", "potato",
        "onion", "garlic", "ginger", "carrot", "cabbage", "lettuce", "spinach", "broccoli",
        "cucumber", "pepper", "mushroom", "avocado", "fruit", "vegetable", "scallion",
        "蘋果", "香蕉", "橘子", "柳橙", "檸檬", "葡萄", "草莓", "番茄", "馬鈴薯", "洋蔥", "大蒜",
        "蒜頭", "薑", "紅蘿蔔", "高麗菜", "青菜", "菠菜", "花椰菜", "小黃瓜", "青椒", "香菇",
        "酪梨", "水果", "蔬菜", "蔥",
      ]
    ),
    (
      .dairy,
      [
        "milk", "cheese", "butter", "yogurt", "yoghurt", "cream", "egg", "牛奶", "鮮奶", "起司",
        "乳酪", "奶油", "優格", "優酪乳", "雞蛋", "蛋",
      ]
    ),
    (
      .bakery,
      ["bread", "toast", "bagel", "bun", "croissant", "cake", "麵包", "吐司", "貝果", "蛋糕"]
    ),
    (
      .meatAndFish,
      [
        "chicken", "beef", "pork", "fish", "salmon", "shrimp", "bacon", "ham", "sausage",
        "meat", "雞肉", "雞腿", "雞翅", "牛肉", "豬肉", "排骨", "魚", "鮭魚", "蝦", "培根", "火腿",
        "香腸", "肉",
      ]
    ),
    (.frozen, ["ice cream", "frozen", "dumpling", "冰淇淋", "冷凍", "水餃"]),
    (
      .dryGoods,
      [
        "rice", "pasta", "noodle", "flour", "sugar", "salt", "oil", "cereal", "oat", "bean",
        "米", "白米", "義大利麵", "麵條", "麵粉", "糖", "鹽", "油", "麥片", "豆",
      ]
    ),
    (
      .drinks,
      [
        "coffee", "tea", "juice", "water", "beer", "wine", "soda", "咖啡", "茶", "果汁", "水",
        "啤酒", "酒", "汽水",
      ]
    ),
    (
      .household,
      [
        "toilet paper", "tissue", "soap", "detergent", "shampoo", "sponge", "trash bag",
        "衛生紙", "面紙", "肥皂", "洗衣精", "洗碗精", "洗髮精", "海綿", "垃圾袋",
      ]
    ),
    (
      .baby,
      [
        "diaper", "nappy", "nappies", "wipe", "formula", "baby food", "pacifier", "尿布",
        "濕紙巾", "奶粉", "副食品", "奶嘴",
      ]
    ),
  ]
}
