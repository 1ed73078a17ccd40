import Foundation

/// The bytes of a tree: two spaces a level, `"key" : value`, keys in the order of their
/// bytes, `[` and `{` with an empty line when empty, as Foundation writes them.
struct DocumentBytes {
  var bytes: [UInt8] = []
  /// The orders found for each shape of object, a few each: a document's thousands of cards
  /// share a handful of key lists. At most `ordersPerShape` lists of a few dozen keys for
  /// each of the document's few dozen key types: a few kilobytes, dropped with the writer.
  private var orders: [ObjectIdentifier: [(keys: [String], order: [Int])]] = [:]
  private static let ordersPerShape = 8

  init() { bytes.reserveCapacity(1 << 16) }

  mutating func write(_ tree: Tree, depth: Int) {
    switch tree {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .integer(let value): integer(value)
    case .unsigned(let value): bytes.append(contentsOf: String(value).utf8)
    case .double(let value): bytes.append(contentsOf: value.jsonText.utf8)
    case .string(let value): string(value)
    case .card(let card, let meal): write(card, meal: meal, depth: depth)
    case .change(let change, let trees): write(change, trees, depth: depth)
    case .array(let array):
      bytes.append(UInt8(ascii: "["))
      bytes.append(UInt8(ascii: "\n"))
      let elements = array.elements
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
        indent(depth + 1)
        write(element, depth: depth + 1)
      }
      bytes.append(UInt8(ascii: "\n"))
      indent(depth)
      bytes.append(UInt8(ascii: "]"))
    case .object(let object):
      bytes.append(UInt8(ascii: "{"))
      bytes.append(UInt8(ascii: "\n"))
      let fields = object.fields
      for (place, index) in order(of: object).enumerated() {
        if place > 0 { bytes.append(contentsOf: ",\n".utf8) }
        indent(depth + 1)
        string(fields[index].key)
        bytes.append(contentsOf: " : ".utf8)
        write(fields[index].value, depth: depth + 1)
      }
      bytes.append(UInt8(ascii: "\n"))
      indent(depth)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Every stored property of `Card`, as `write(_:meal:depth:)` writes them; a test holds
  /// it to the type's own (`Mirror`), so a field the card gains fails it until it is here.
  static let cardFields = [
    "id", "householdID", "kind", "title", "note", "time", "assignee", "replyBy", "repeatRule",
    "repeatStart", "createdBy", "lastEditedBy", "createdAt", "lastEditedAt", "revision", "ackBy",
    "ackAt", "ackRevision", "isDone", "isDeleted", "meal",
  ]

  /// Every stored property of `Change`, as `write(_:_:depth:)` writes them (see `cardFields`).
  static let changeFields = [
    "sequence", "householdID", "actor", "at", "kind", "needsKnowing", "card", "household",
    "fields", "writeID", "overwritten", "dish", "item", "mealAct",
  ]

  /// `change` as its `encode(to:)` writes it through Foundation's encoder (see `write(_:meal:
  /// depth:)`).
  private mutating func write(_ change: Change, _ trees: ChangeTrees, depth: Int) {
    var object = ObjectBytes(depth: depth)
    bytes.append(contentsOf: "{\n".utf8)
    object.text("actor", change.actor.rawValue, &self)
    object.text("at", HouseholdDocument.text(change.at), &self)
    object.tree("card", trees.card, &self)
    object.text("dish", change.dish?.rawValue, &self)
    object.key("fields", &self)
    write(.array(TreeArray(change.fields.map { .string($0.rawValue) })), depth: depth + 1)
    object.tree("household", trees.household, &self)
    object.text("householdID", change.householdID.rawValue, &self)
    object.tree("item", trees.item, &self)
    object.text("kind", change.kind.rawValue, &self)
    object.tree("mealAct", trees.mealAct, &self)
    object.tree("needsKnowing", .bool(change.needsKnowing), &self)
    object.tree("overwritten", trees.overwritten, &self)
    object.tree("sequence", .integer(change.sequence), &self)
    object.text("writeID", change.writeID?.rawValue, &self)
    object.close(&self)
  }

  /// `card` as its `encode(to:)` writes it through Foundation's encoder: the keys in the order
  /// of their bytes, an absent field left out, times as the document writes them.
  private mutating func write(_ card: Card, meal: Tree?, depth: Int) {
    var object = ObjectBytes(depth: depth)
    bytes.append(contentsOf: "{\n".utf8)
    object.text("ackAt", card.ackAt.map(HouseholdDocument.text), &self)
    object.text("ackBy", card.ackBy?.rawValue, &self)
    object.tree("ackRevision", card.ackRevision.map { .integer(Int64($0)) }, &self)
    object.text("assignee", card.assignee?.rawValue, &self)
    object.text("createdAt", HouseholdDocument.text(card.createdAt), &self)
    object.text("createdBy", card.createdBy.rawValue, &self)
    object.text("householdID", card.householdID.rawValue, &self)
    object.text("id", card.id.rawValue, &self)
    object.tree("isDeleted", .bool(card.isDeleted), &self)
    object.tree("isDone", .bool(card.isDone), &self)
    object.text("kind", card.kind.rawValue, &self)
    object.text("lastEditedAt", HouseholdDocument.text(card.lastEditedAt), &self)
    object.text("lastEditedBy", card.lastEditedBy.rawValue, &self)
    object.tree("meal", meal, &self)
    object.text("note", card.note, &self)
    object.text("repeatRule", card.repeatRule?.text, &self)
    object.text("repeatStart", card.repeatStart.map(HouseholdDocument.text), &self)
    object.text("replyBy", card.replyBy.map(HouseholdDocument.text), &self)
    object.tree("revision", .integer(Int64(card.revision)), &self)
    object.text("time", card.time.map(HouseholdDocument.text), &self)
    object.text("title", card.title, &self)
    object.close(&self)
  }

  /// An object written by hand, its keys given in the order of their bytes: the comma before
  /// every field but the first, and an absent field left out.
  private struct ObjectBytes {
    let depth: Int
    var first = true

    mutating func key(_ name: String, _ writer: inout DocumentBytes) {
      if !first { writer.bytes.append(contentsOf: ",\n".utf8) }
      first = false
      writer.indent(depth + 1)
      writer.bytes.append(UInt8(ascii: "\""))
      writer.bytes.append(contentsOf: name.utf8)
      writer.bytes.append(contentsOf: "\" : ".utf8)
    }

    mutating func text(_ name: String, _ value: String?, _ writer: inout DocumentBytes) {
      guard let value else { return }
      key(name, &writer)
      writer.string(value)
    }

    mutating func tree(_ name: String, _ value: Tree?, _ writer: inout DocumentBytes) {
      guard let value else { return }
      key(name, &writer)
      writer.write(value, depth: depth + 1)
    }

    func close(_ writer: inout DocumentBytes) {
      writer.bytes.append(UInt8(ascii: "\n"))
      writer.indent(depth)
      writer.bytes.append(UInt8(ascii: "}"))
    }
  }

  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

  fileprivate mutating func indent(_ depth: Int) {
    var left = depth * 2
    while left > 0 {
      let some = min(left, Self.spaces.count)
      bytes.append(contentsOf: Self.spaces[0..<some])
      left -= some
    }
  }

  private mutating func integer(_ value: Int64) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      // NB: the magnitude, so that the smallest number has one too.
      digits(value.magnitude)
    } else {
      digits(UInt64(value))
    }
  }

  private mutating func digits(_ value: UInt64) {
    if value < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    digits(value / 10)
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  /// A string in quotes: `"` and `\` escaped, control characters as `\n`, `\u001f` and the
  /// like; slashes and everything else as they are, a run at a time.
  fileprivate mutating func string(_ text: String) { JSONString.append(text, to: &bytes) }

  /// The places of `object`'s fields in the order of their keys' bytes: the order found
  /// before for an object of its shape with the same keys, or found now.
  private mutating func order(of object: TreeObject) -> [Int] {
    let fields = object.fields
    guard let shape = object.shape else { return Self.order(fields) }
    let known = orders[shape, default: []]
    for entry in known where entry.keys.count == fields.count {
      if fields.indices.allSatisfy({ fields[$0].key == entry.keys[$0] }) { return entry.order }
    }
    let order = Self.order(fields)
    if known.count < Self.ordersPerShape {
      orders[shape, default: []].append((fields.map(\.key), order))
    }
    return order
  }

  /// The places of `fields` in the order of their keys' bytes.
  static func order(_ fields: [(key: String, value: Tree)]) -> [Int] {
    fields.indices.sorted { precedes(fields[$0].key, fields[$1].key) }
  }

  /// Whether `one` comes before `other` in the order of their bytes, as Foundation sorts keys.
  static func precedes(_ one: String, _ other: String) -> Bool {
    var (one, other) = (one, other)
    return one.withUTF8 { left in
      other.withUTF8 { right in
        let common = min(left.count, right.count)
        if common > 0, let a = left.baseAddress, let b = right.baseAddress {
          let order = memcmp(a, b, common)
          if order != 0 { return order < 0 }
        }
        return left.count < right.count
      }
    }
  }
}

extension Double {
  /// The number as Foundation's JSON encoder writes it: its shortest description, a whole
  /// one without `.0`. The household document and the server's stored documents both write
  /// numbers so.
  package var jsonText: String {
    let text = description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
