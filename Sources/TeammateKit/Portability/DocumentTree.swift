import Foundation

/// A value as the encoder collects it, before its objects' fields are sorted.
enum Tree {
  case null
  case bool(Bool)
  case integer(Int64)
  case unsigned(UInt64)
  case double(Double)
  case string(String)
  case object(TreeObject)
  case array(TreeArray)
  /// A card, written field by field (`DocumentBytes.write(_:meal:depth:)`), its meal's plan
  /// already a tree.
  indirect case card(Card, meal: Tree?)
  /// A change of the feed, written field by field (`DocumentBytes.write(_:_:depth:)`), what
  /// it carries already trees.
  indirect case change(Change, ChangeTrees)
}

/// What a change carries, as trees, for `DocumentBytes` to write among its own fields.
struct ChangeTrees {
  var card: Tree?
  var household: Tree?
  var item: Tree?
  var mealAct: Tree?
  var overwritten: Tree
}

/// An object's fields in the order they were encoded.
final class TreeObject {
  var fields: [(key: String, value: Tree)] = []
  /// The type of its keys, when it has one: objects of one shape list the same keys in the
  /// same order, and are sorted once (`DocumentBytes.order`).
  let shape: ObjectIdentifier?

  init(shape: (any CodingKey.Type)? = nil) {
    self.shape = shape.map { ObjectIdentifier($0) }
  }
}

/// An array's elements.
final class TreeArray {
  var elements: [Tree]

  init(_ elements: [Tree] = []) { self.elements = elements }
}

/// One document's encoding: an encoder for each depth of nesting, used again by every value
/// at that depth.
///
/// NB: a value's `encode(to:)` is done with its encoder when it returns, so the encoder of a
/// depth serves the next value there; a new one for each value (an identifier is one) was
/// a fifth of the writing.
final class TreeContext {
  var encoders: [TreeEncoder] = []
  private var depth = 0

  /// `value` as a tree; a time as the document writes it.
  func tree<T: Encodable>(of value: T) throws -> Tree {
    if T.self == Date.self {
      return .string(HouseholdDocument.text(unsafeBitCast(value, to: Date.self)))
    }
    if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
    if T.self == Int.self { return .integer(Int64(unsafeBitCast(value, to: Int.self))) }
    if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
    // NB: a card is most of a household's document (in its list and in the feed's changes):
    // written by hand, it is a third of the time it is through its `encode(to:)`.
    if T.self == Card.self {
      let card = unsafeBitCast(value, to: Card.self)
      return .card(card, meal: try card.meal.map { try tree(of: $0) })
    }
    if T.self == Change.self {
      let change = unsafeBitCast(value, to: Change.self)
      return .change(
        change,
        ChangeTrees(
          card: try change.card.map { try tree(of: $0) },
          household: try change.household.map { try tree(of: $0) },
          item: try change.item.map { try tree(of: $0) },
          mealAct: try change.mealAct.map { try tree(of: $0) },
          overwritten: change.overwritten.isEmpty
            ? .array(TreeArray()) : try tree(of: change.overwritten)))
    }
    if depth == encoders.count { encoders.append(TreeEncoder(context: self)) }
    let encoder = encoders[depth]
    encoder.result = nil
    depth += 1
    defer { depth -= 1 }
    try value.encode(to: encoder)
    let result = encoder.result ?? .object(TreeObject())
    encoder.result = nil
    return result
  }
}

/// The `Encoder` a value writes itself into; what it wrote is `result`.
final class TreeEncoder: Encoder {
  /// What the value wrote; a super encoder's goes to its place in its parent as it is
  /// written.
  var result: Tree? {
    didSet { if let result { place?(result) } }
  }
  let context: TreeContext
  /// Where a super encoder's value stands in its parent; nil for the encoders of a context.
  private let place: ((Tree) -> Void)?
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(context: TreeContext, place: ((Tree) -> Void)? = nil) {
    self.context = context
    self.place = place
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object(let object) = result {
      return KeyedEncodingContainer(TreeKeyedContainer(object: object, context: context))
    }
    let object = TreeObject(shape: Key.self)
    result = .object(object)
    return KeyedEncodingContainer(TreeKeyedContainer(object: object, context: context))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array(let array) = result {
      return TreeUnkeyedContainer(array: array, context: context)
    }
    let array = TreeArray()
    result = .array(array)
    return TreeUnkeyedContainer(array: array, context: context)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    TreeSingleValueContainer(encoder: self)
  }
}

/// An object's fields as a value's `encode(to:)` writes them.
struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let object: TreeObject
  let context: TreeContext
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws { add(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { add(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { add(.string(value), key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { add(.integer(Int64(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { add(.integer(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { add(.integer(Int64(value)), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { add(.unsigned(UInt64(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { add(.unsigned(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { add(try .finite(value), key) }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    add(try .finite(Double("\(value)") ?? Double(value)), key)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    add(try context.tree(of: value), key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = TreeObject(shape: NestedKey.self)
    add(.object(nested), key)
    return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(object: nested, context: context))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = TreeArray()
    add(.array(nested), key)
    return TreeUnkeyedContainer(array: nested, context: context)
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(named: key.stringValue)
  }

  /// The encoder of field `name`, an empty object until something is written there.
  private func superEncoder(named name: String) -> any Encoder {
    let (object, index) = (self.object, object.fields.count)
    object.fields.append((name, .object(TreeObject())))
    return TreeEncoder(context: context) { object.fields[index].value = $0 }
  }

  private func add(_ value: Tree, _ key: Key) {
    object.fields.append((key.stringValue, value))
  }
}

/// An array's elements as a value's `encode(to:)` writes them.
struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
  let array: TreeArray
  let context: TreeContext
  var codingPath: [any CodingKey] { [] }
  var count: Int { array.elements.count }

  mutating func encodeNil() throws { array.elements.append(.null) }
  mutating func encode(_ value: Bool) throws { array.elements.append(.bool(value)) }
  mutating func encode(_ value: String) throws { array.elements.append(.string(value)) }
  mutating func encode(_ value: Int) throws { array.elements.append(.integer(Int64(value))) }
  mutating func encode(_ value: Int64) throws { array.elements.append(.integer(value)) }
  mutating func encode(_ value: UInt64) throws { array.elements.append(.unsigned(value)) }
  mutating func encode(_ value: Double) throws { array.elements.append(try .finite(value)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    array.elements.append(try context.tree(of: value))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = TreeObject(shape: NestedKey.self)
    array.elements.append(.object(nested))
    return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(object: nested, context: context))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = TreeArray()
    array.elements.append(.array(nested))
    return TreeUnkeyedContainer(array: nested, context: context)
  }

  /// The encoder of the next element, an empty object until something is written there.
  mutating func superEncoder() -> any Encoder {
    let (array, index) = (self.array, array.elements.count)
    array.elements.append(.object(TreeObject()))
    return TreeEncoder(context: context) { array.elements[index] = $0 }
  }
}

/// A single value as a value's `encode(to:)` writes it: its encoder's result.
struct TreeSingleValueContainer: SingleValueEncodingContainer {
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { encoder.result = .null }
  mutating func encode(_ value: Bool) throws { encoder.result = .bool(value) }
  mutating func encode(_ value: String) throws { encoder.result = .string(value) }
  mutating func encode(_ value: Int) throws { encoder.result = .integer(Int64(value)) }
  mutating func encode(_ value: Int64) throws { encoder.result = .integer(value) }
  mutating func encode(_ value: UInt64) throws { encoder.result = .unsigned(value) }
  mutating func encode(_ value: Double) throws { encoder.result = try .finite(value) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.result = try encoder.context.tree(of: value)
  }
}

extension Tree {
  /// A number JSON can hold; Foundation's encoder refuses the others, and so does this one.
  static func finite(_ value: Double) throws -> Tree {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "\(value) is not a number JSON can hold"))
    }
    return .double(value)
  }
}
