import Foundation

/// One thing got in a shop: its category, the shop, and when (server time).
public struct ShopGet: Sendable, Hashable, Codable {
  /// The category of what was got.
  public var category: ItemCategory
  /// The shop, as the household names it.
  public var shop: String
  /// When it was got.
  public var at: Date
  /// Its place in the household's feed, which orders gets of one instant (an offline trip
  /// sent in one sync, AC-LIST-32); 0 for one kept before it was kept.
  public var sequence: Int64

  /// A got with every field given.
  public init(category: ItemCategory, shop: String, at: Date, sequence: Int64 = 0) {
    self.category = category
    self.shop = shop
    self.at = at
    self.sequence = sequence
  }

  private enum CodingKeys: String, CodingKey { case category, shop, at, sequence }

  /// NB: a get kept before its place in the feed was kept has none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    category = try container.decode(ItemCategory.self, forKey: .category)
    shop = try container.decode(String.self, forKey: .shop)
    at = try container.decode(Date.self, forKey: .at)
    sequence = try container.decodeIfPresent(Int64.self, forKey: .sequence) ?? 0
  }
}

/// The order of a shop's aisles, learned from how the two partners walk it (AC-LIST-18): a
/// pure function of the household's gets there, so both devices learn the same order.
public enum ShopOrder {
  /// The longest pause between two gets of one trip: a got made later is a trip of its own
  /// (ticked off at home after the fact teaches nothing of the walk).
  public static let tripGap: TimeInterval = 20 * 60

  /// The categories of `shop` in the order learned from `gets` (any shop's, in any order):
  /// each trip places its categories by their first get, spread from 0 to 1; the order is by
  /// the mean place over the trips that saw each, ties and the unseen in `standard` order
  /// after.
  public static func learn(
    from gets: [ShopGet], shop: String, standard: [ItemCategory] = ItemCategory.standardOrder
  ) -> [ItemCategory] {
    var places: [ItemCategory: (sum: Double, trips: Int)] = [:]
    for trip in trips(of: gets.filter { $0.shop == shop }) {
      var firsts: [ItemCategory] = []
      for get in trip where !firsts.contains(get.category) { firsts.append(get.category) }
      guard firsts.count > 1 else { continue }
      for (index, category) in firsts.enumerated() {
        let place = Double(index) / Double(firsts.count - 1)
        places[category, default: (0, 0)].sum += place
        places[category, default: (0, 0)].trips += 1
      }
    }
    let known =
      standard
      + places.keys.filter { !standard.contains($0) }.sorted {
        $0.rawValue < $1.rawValue
      }
    let defaultPlace = Dictionary(uniqueKeysWithValues: known.enumerated().map { ($1, $0) })
    let seen = places.map { ($0.key, $0.value.sum / Double($0.value.trips)) }.sorted {
      ($0.1, defaultPlace[$0.0] ?? .max) < ($1.1, defaultPlace[$1.0] ?? .max)
    }.map(\.0)
    return seen + known.filter { places[$0] == nil }
  }

  /// The gets in runs whose neighbours are at most `tripGap` apart, each run in time order.
  static func trips(of gets: [ShopGet]) -> [[ShopGet]] {
    var trips: [[ShopGet]] = []
    // NB: gets of one instant in the order made (the feed's), never by their aisles' names.
    for get in gets.sorted(by: { ($0.at, $0.sequence) < ($1.at, $1.sequence) }) {
      if let last = trips.last?.last, get.at.timeIntervalSince(last.at) <= tripGap {
        trips[trips.count - 1].append(get)
      } else {
        trips.append([get])
      }
    }
    return trips
  }
}
