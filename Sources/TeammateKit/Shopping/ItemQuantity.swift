import Foundation

/// How much of a thing is wanted: an amount and its unit, read from an item's text
/// (AC-LIST-20), so that the same thing asked for twice adds up instead of standing twice.
public struct ItemQuantity: Sendable, Hashable, Codable {
  /// How many of the unit.
  public var amount: Double
  /// The unit: `QuantityUnit.count` for things counted one by one.
  public var unit: QuantityUnit

  /// A quantity with both given.
  public init(amount: Double, unit: QuantityUnit) {
    self.amount = amount
    self.unit = unit
  }

  /// The largest amount the list keeps, typed or summed (AC-INPUT-02): a text asking for
  /// more is refused in words (`quantityTooLarge`) rather than carried into arithmetic.
  public static let limit = 1_000_000

  /// Whether the list keeps this amount: finite and at most `limit`.
  public var isWithinLimit: Bool { amount.isFinite && amount <= Double(Self.limit) }

  /// `500 g`, `2 瓶`, `1.5 kg`, and a bare count as its number: `3`. Any amount can be
  /// written, one past `limit` included: an item stored before the limit is shown, never a
  /// trap.
  public var words: String {
    let number =
      if amount.rounded() == amount, let whole = Int(exactly: amount) {
        String(whole)
      } else {
        String(format: "%g", (amount * 1_000).rounded() / 1_000)
      }
    return unit == .count ? number : "\(number) \(unit.rawValue)"
  }

  /// The quantity at the start or the end of `text` and the thing's name, the rest; no
  /// quantity when the text merely holds a number (`7 up`, `3M tape`).
  public static func read(_ text: String) -> (quantity: ItemQuantity?, name: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let words = trimmed.split(separator: " ").map(String.init)
    guard words.count >= 2 else { return (nil, trimmed) }
    // NB: at the start: `2 onions`, `500 g rice`, `500g rice`, `兩瓶 牛奶`.
    if let (quantity, used) = leading(words), used < words.count {
      let name = words[used...].joined(separator: " ")
      if quantity.unit != .count || quantity.amount == 1 || looksCounted(name) {
        return (quantity, name)
      }
    }
    // NB: at the end: `onions x2`, `rice 1 kg`, `牛奶 2 瓶`, `雞蛋 一盒`.
    if let (quantity, used) = trailing(words), used < words.count {
      return (quantity, words.dropLast(used).joined(separator: " "))
    }
    return (nil, trimmed)
  }

  /// The two quantities as one when their units agree or convert, else both, side by side.
  public static func adding(_ one: ItemQuantity, _ other: ItemQuantity) -> [ItemQuantity] {
    if one.unit == other.unit {
      return [ItemQuantity(amount: one.amount + other.amount, unit: one.unit)]
    }
    guard let first = one.unit.base, let second = other.unit.base, first.of == second.of else {
      return [one, other]
    }
    let total = one.amount * first.factor + other.amount * second.factor
    // NB: in the larger unit of the two once there is one whole of it: 1.5 kg, not 1500 g.
    let (larger, smaller) =
      first.factor >= second.factor
      ? ((one.unit, first.factor), (other.unit, second.factor))
      : ((other.unit, second.factor), (one.unit, first.factor))
    let shown = total >= larger.1 ? larger : smaller
    return [ItemQuantity(amount: total / shown.1, unit: shown.0)]
  }

  /// Quantities side by side: `500 g + 2 cups`.
  public static func words(_ quantities: [ItemQuantity]) -> String {
    quantities.map(\.words).joined(separator: " + ")
  }

  /// A quantity made of the first words, and how many words it took.
  private static func leading(_ words: [String]) -> (ItemQuantity, Int)? {
    if let (amount, unit) = joined(words[0]) {
      return (ItemQuantity(amount: amount, unit: unit), 1)
    }
    guard let amount = number(words[0]) else { return nil }
    if words.count > 2, let unit = QuantityUnit.named(words[1]) {
      return (ItemQuantity(amount: amount, unit: unit), 2)
    }
    return (ItemQuantity(amount: amount, unit: .count), 1)
  }

  /// A quantity made of the last words, and how many words it took.
  private static func trailing(_ words: [String]) -> (ItemQuantity, Int)? {
    let last = words[words.count - 1]
    if last.lowercased().hasPrefix("x"), let amount = number(String(last.dropFirst())) {
      return (ItemQuantity(amount: amount, unit: .count), 1)
    }
    if let (amount, unit) = joined(last) { return (ItemQuantity(amount: amount, unit: unit), 1) }
    if words.count > 2, let unit = QuantityUnit.named(last),
      let amount = number(words[words.count - 2])
    {
      return (ItemQuantity(amount: amount, unit: unit), 2)
    }
    return nil
  }

  /// An amount and a unit written as one word: `500g`, `1.5kg`, `兩瓶`, `一盒`.
  private static func joined(_ word: String) -> (Double, QuantityUnit)? {
    let digits = word.prefix { $0.isNumber || $0 == "." || chineseNumbers[$0] != nil }
    guard !digits.isEmpty, digits.count < word.count, let amount = number(String(digits)),
      let unit = QuantityUnit.named(String(word.dropFirst(digits.count)))
    else { return nil }
    return (amount, unit)
  }

  /// `2`, `1.5`, or a Chinese numeral from one to ten (`兩`, `半`).
  private static func number(_ word: String) -> Double? {
    if word.count == 1, let character = word.first, let value = chineseNumbers[character] {
      return value
    }
    guard word.first?.isNumber == true, let value = Double(word), value > 0 else { return nil }
    return value
  }

  private static let chineseNumbers: [Character: Double] = [
    "一": 1, "二": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    "十": 10, "半": 0.5,
  ]

  /// Whether a name after a bare number reads as things counted: a plural, or Chinese.
  private static func looksCounted(_ name: String) -> Bool {
    name.unicodeScalars.contains { $0.properties.isIdeographic }
      || name.split(separator: " ").last.map { $0.count > 2 && $0.lowercased().hasSuffix("s") }
        == true
  }
}

/// A unit of a quantity, by the name people write: the kit's table in English and zh-Hant.
public struct QuantityUnit: Sendable, Hashable, Codable, RawRepresentable {
  public let rawValue: String

  /// A unit by its name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Things counted one by one.
  public static let count = QuantityUnit(rawValue: "")

  /// What the unit measures and how many of that measure's smallest unit it is, for units
  /// that convert (mass in grams, volume in millilitres); nil for a unit of its own.
  var base: (of: String, factor: Double)? { Self.bases[rawValue] }

  /// The unit a word names, in the form the kit writes it (`grams` → `g`, `公斤` → `kg`).
  static func named(_ word: String) -> QuantityUnit? {
    let folded = word.lowercased()
    return Self.names[folded].map(QuantityUnit.init(rawValue:))
  }

  private static let names: [String: String] = [
    "g": "g", "gram": "g", "grams": "g", "克": "g", "kg": "kg", "kilo": "kg", "kilos": "kg",
    "公斤": "kg", "ml": "ml", "毫升": "ml", "l": "l", "litre": "l", "litres": "l", "liter": "l",
    "liters": "l", "公升": "l", "cup": "cups", "cups": "cups", "杯": "杯", "瓶": "瓶",
    "bottle": "bottles", "bottles": "bottles", "盒": "盒", "box": "boxes", "boxes": "boxes",
    "包": "包", "pack": "packs", "packs": "packs", "袋": "袋", "bag": "bags", "bags": "bags",
    "罐": "罐", "can": "cans", "cans": "cans", "個": "個", "顆": "顆", "把": "把",
  ]

  private static let bases: [String: (of: String, factor: Double)] = [
    "g": ("mass", 1), "kg": ("mass", 1_000), "ml": ("volume", 1), "l": ("volume", 1_000),
  ]
}
