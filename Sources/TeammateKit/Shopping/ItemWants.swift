import Foundation

/// What an item's text asks for, read apart (AC-LIST-24): its quantities (several side by
/// side when their units do not convert: `500 g + 2 cups sugar`), the thing's name, and whether
/// the quantities stood after the name (`牛奶 2 瓶`, `eggs x2`). The name is what makes two
/// texts one thing; the quantities are what adds up.
public struct ItemWants: Sendable, Equatable {
  /// The quantities asked for, none for a bare name.
  public var quantities: [ItemQuantity]
  /// The thing, as written.
  public var name: String
  /// Whether the quantities follow the name.
  public var trailing: Bool

  /// `text` read apart.
  public init(reading text: String) {
    var rest = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    var leading: [ItemQuantity] = []
    var following: [ItemQuantity] = []
    while true {
      let (quantity, name) = ItemQuantity.read(rest)
      guard let quantity, !name.isEmpty, name != rest else { break }
      // NB: a quantity read at the start leaves the name at the end; one at the end, the
      // start. Another quantity joins it only after a `+`.
      if following.isEmpty, rest.hasSuffix(name) {
        leading.append(quantity)
        rest = name
        guard rest.hasPrefix("+ ") else { break }
        rest.removeFirst(2)
      } else if leading.isEmpty, rest.hasPrefix(name) {
        following.insert(quantity, at: 0)
        rest = name
        guard rest.hasSuffix(" +") else { break }
        rest.removeLast(2)
      } else {
        break
      }
    }
    quantities = leading + following
    name = rest
    trailing = !following.isEmpty
  }

  /// The two texts' asks as one: their quantities added where their units agree or convert,
  /// side by side where they do not; a bare name counts one beside a count, and nothing
  /// beside a unit. The name and the side are this one's (the start when it had none).
  public func adding(_ other: ItemWants) -> ItemWants {
    let one = ItemQuantity(amount: 1, unit: .count)
    var mine = quantities
    var theirs = other.quantities
    if mine.isEmpty, theirs.contains(where: { $0.unit == .count }) { mine = [one] }
    if theirs.isEmpty, mine.contains(where: { $0.unit == .count }) { theirs = [one] }
    var sum = mine
    for quantity in theirs {
      if let index = sum.firstIndex(where: { ItemQuantity.adding($0, quantity).count == 1 }) {
        sum[index] = ItemQuantity.adding(sum[index], quantity)[0]
      } else {
        sum.append(quantity)
      }
    }
    var added = self
    added.quantities = sum
    added.trailing = trailing && !quantities.isEmpty
    return added
  }

  /// The ask written out: `3 onions`, `牛奶 3 瓶`, `eggs x5`, `500 g + 2 cups sugar`.
  public var text: String {
    guard !quantities.isEmpty else { return name }
    guard trailing else { return "\(ItemQuantity.words(quantities)) \(name)" }
    if quantities.count == 1, quantities[0].unit == .count {
      return "\(name) x\(quantities[0].words)"
    }
    return "\(name) \(ItemQuantity.words(quantities))"
  }
}
