/// The JSON values a document holds, read byte by byte at the reader's place: objects (a key
/// given twice refused), arrays, strings with their escapes, numbers, booleans and null. Each
/// says nil, or false, for what it does not expect, and the document is then Foundation's.
extension DocumentReader {
  /// Reads an object, handing each key to `value`, which reads its value and says whether it
  /// could; false for anything else, or a key given twice.
  mutating func object(_ value: (inout DocumentReader, String) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    var seen: Set<String> = []
    if take(UInt8(ascii: "}")) { return true }
    repeat {
      guard let key = string(), seen.insert(key).inserted, take(UInt8(ascii: ":")),
        value(&self, key)
      else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  mutating func skipSpace() {
    while at < bytes.count,
      bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D
        || bytes[at] == 0x09
    {
      at += 1
    }
  }

  mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard at < bytes.count, bytes[at] == byte else { return false }
    at += 1
    return true
  }

  mutating func word(_ text: StaticString) -> Bool {
    skipSpace()
    let count = text.utf8CodeUnitCount
    let matches = text.withUTF8Buffer { word in
      at + count <= bytes.count && bytes[at..<at + count].elementsEqual(word)
    }
    if matches { at += count }
    return matches
  }

  mutating func null() -> Bool { word("null") }

  mutating func bool() -> Bool? {
    if word("true") { return true }
    if word("false") { return false }
    return nil
  }

  /// A number's text: sign, digits, fraction and exponent, as JSON writes them.
  mutating func numberText() -> String? {
    skipSpace()
    let start = at
    scan: while at < bytes.count {
      switch bytes[at] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        at += 1
      default:
        break scan
      }
    }
    guard at > start else { return nil }
    return String(decoding: bytes[start..<at], as: UTF8.self)
  }

  mutating func number() -> Double? { numberText().flatMap { Double($0) } }

  /// NB: a whole number only, as Foundation reads an `Int`.
  mutating func integer() -> Int? { numberText().flatMap { Int($0) } }

  mutating func strings() -> [String]? { array { $0.string() } }

  /// An array of what `element` reads; nil when one does not read.
  mutating func array<T>(_ element: (inout DocumentReader) -> T?) -> [T]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var values: [T] = []
    if take(UInt8(ascii: "]")) { return values }
    repeat {
      guard let value = element(&self) else { return nil }
      values.append(value)
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? values : nil
  }

  /// A string, its escapes read; nil for one that is not well made.
  mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = at
    // NB: most strings have no escape: taken whole.
    while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\"),
      bytes[at] >= 0x20
    {
      at += 1
    }
    guard at < bytes.count else { return nil }
    if bytes[at] == UInt8(ascii: "\"") {
      at += 1
      return String(decoding: bytes[start..<at - 1], as: UTF8.self)
    }
    var unescaped = Array(bytes[start..<at])
    while at < bytes.count {
      let byte = bytes[at]
      at += 1
      switch byte {
      case UInt8(ascii: "\""): return String(decoding: unescaped, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard at < bytes.count else { return nil }
        let escaped = bytes[at]
        at += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escaped)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "u"):
          guard let scalar = unicode() else { return nil }
          unescaped.append(contentsOf: String(Character(scalar)).utf8)
        default: return nil
        }
      case ..<0x20: return nil
      default: unescaped.append(byte)
      }
    }
    return nil
  }

  /// The scalar a `\u` escape names, a surrogate pair's two halves read as one.
  mutating func unicode() -> Unicode.Scalar? {
    guard let high = hex() else { return nil }
    guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
    guard at + 2 <= bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u")
    else { return nil }
    at += 2
    guard let low = hex(), (0xDC00...0xDFFF).contains(low) else { return nil }
    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
  }

  mutating func hex() -> UInt32? {
    guard at + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16)
    else { return nil }
    at += 4
    return value
  }
}
