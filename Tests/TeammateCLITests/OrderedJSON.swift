/// A JSON reader that keeps object keys in the order they were written, so a test can check
/// the exact keys of a document and their order (Foundation's reader loses both).
indirect enum OrderedJSON: Equatable {
  case object([(key: String, value: OrderedJSON)])
  case array([OrderedJSON])
  case scalar(String)

  static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)):
      a.map(\.key) == b.map(\.key) && zip(a, b).allSatisfy { $0.value == $1.value }
    case (.array(let a), .array(let b)): a == b
    case (.scalar(let a), .scalar(let b)): a == b
    default: false
    }
  }

  struct Malformed: Error {}

  static func parse(_ text: String) throws -> OrderedJSON {
    var reader = Reader(bytes: Array(text.utf8))
    let value = try reader.value()
    reader.skipSpace()
    guard reader.index == reader.bytes.count else { throw Malformed() }
    return value
  }

  /// The keys of this object, in order; empty for anything else.
  var keys: [String] {
    if case .object(let fields) = self { return fields.map(\.key) }
    return []
  }

  subscript(key: String) -> OrderedJSON? {
    if case .object(let fields) = self { return fields.first { $0.key == key }?.value }
    return nil
  }

  var items: [OrderedJSON] {
    if case .array(let items) = self { return items }
    return []
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func value() throws -> OrderedJSON {
      skipSpace()
      guard index < bytes.count else { throw Malformed() }
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var fields: [(key: String, value: OrderedJSON)] = []
        skipSpace()
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(fields)
        }
        while true {
          skipSpace()
          let key = try string()
          skipSpace()
          guard bytes[index] == UInt8(ascii: ":") else { throw Malformed() }
          index += 1
          fields.append((key, try value()))
          skipSpace()
          let next = bytes[index]
          index += 1
          if next == UInt8(ascii: "}") { return .object(fields) }
          guard next == UInt8(ascii: ",") else { throw Malformed() }
        }
      case UInt8(ascii: "["):
        index += 1
        var items: [OrderedJSON] = []
        skipSpace()
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(items)
        }
        while true {
          items.append(try value())
          skipSpace()
          let next = bytes[index]
          index += 1
          if next == UInt8(ascii: "]") { return .array(items) }
          guard next == UInt8(ascii: ",") else { throw Malformed() }
        }
      case UInt8(ascii: "\""):
        return .scalar(try string())
      default:
        let start = index
        while index < bytes.count, !",]}\n ".utf8.contains(bytes[index]) { index += 1 }
        return .scalar(String(decoding: bytes[start..<index], as: UTF8.self))
      }
    }

    mutating func string() throws -> String {
      guard bytes[index] == UInt8(ascii: "\"") else { throw Malformed() }
      index += 1
      let start = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard index < bytes.count else { throw Malformed() }
      defer { index += 1 }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
  }
}
