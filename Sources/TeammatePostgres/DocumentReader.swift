import Foundation
import TeammateKit

/// Cards and changes of the common shape read from their stored JSON without Foundation's
/// decoder (see `DocumentWriter`): the same values `JSONDecoder` reads (AC-PG-45 compares the
/// two). A document of another shape, or anything the reader does not expect, is Foundation's
/// to read: nil.
struct DocumentReader {
  private let bytes: [UInt8]
  private var at = 0

  private init(_ text: String) { bytes = Array(text.utf8) }

  /// The card `text` holds, or nil for a shape left to Foundation.
  static func card(_ text: String) -> Card? {
    var reader = DocumentReader(text)
    guard let card = reader.card(), reader.atEnd else { return nil }
    return card
  }

  /// The change `text` holds, or nil for a shape left to Foundation.
  static func change(_ text: String) -> Change? {
    var reader = DocumentReader(text)
    guard let change = reader.change(), reader.atEnd else { return nil }
    return change
  }

  /// The answer `text` holds when it is a landed write's of the common shape (its cards and
  /// changes, no household and no edit: `StoredTexts.applied`), or nil.
  static func outcome(_ text: String) -> WriteOutcome? {
    var reader = DocumentReader(text)
    var cards: [Card]?
    var changes: [Change]?
    let read = reader.object { reader, key in
      key == "applied"
        && reader.object { reader, key in
          switch key {
          case "cards": cards = reader.array { $0.card() }
          case "changes": changes = reader.array { $0.change() }
          default: return false
          }
          return true
        }
    }
    guard read, reader.atEnd, let cards, let changes else { return nil }
    return .applied(cards: cards, household: nil, changes: changes)
  }

  private var atEnd: Bool {
    mutating get {
      skipSpace()
      return at == bytes.count
    }
  }

  private mutating func change() -> Change? {
    var actor: String?
    var time: Double?
    var card: Card?
    var dish: String?
    var fields: [CardRules.CardField]?
    var household: String?
    var kind: ChangeKind?
    var needsKnowing: Bool?
    var overwritten = false
    var sequence: Int?
    var write: String?
    let read = object { reader, key in
      switch key {
      case "actor": actor = reader.string()
      case "at": time = reader.number()
      case "card":
        if reader.null() { return true }
        card = reader.card()
        return card != nil
      case "dish":
        if reader.null() { return true }
        dish = reader.string()
        return dish != nil
      case "fields":
        let names = reader.strings() ?? []
        fields = names.compactMap(CardRules.CardField.init(rawValue:))
        return fields?.count == names.count
      case "householdID": household = reader.string()
      case "kind": kind = reader.string().flatMap(ChangeKind.init(rawValue:))
      case "needsKnowing": needsKnowing = reader.bool()
      case "overwritten":
        // NB: only none: an overwrite is Foundation's to read.
        overwritten = reader.strings()?.isEmpty == true
        return overwritten
      case "sequence": sequence = reader.integer()
      case "writeID":
        if reader.null() { return true }
        write = reader.string()
        return write != nil
      default: return false
      }
      return true
    }
    guard read, let actor, let time, let fields, let household, let kind, let needsKnowing,
      overwritten, let sequence
    else { return nil }
    return Change(
      sequence: Int64(sequence), householdID: HouseholdID(household), actor: AccountID(actor),
      at: Date(timeIntervalSinceReferenceDate: time), kind: kind, needsKnowing: needsKnowing,
      card: card, fields: fields, writeID: write.map { WriteID($0) },
      dish: dish.map { DishID($0) })
  }

  private mutating func card() -> Card? {
    var texts: [String: String] = [:]
    var dates: [String: Double] = [:]
    var integers: [String: Int] = [:]
    var flags: [String: Bool] = [:]
    let read = object { reader, key in
      if reader.null() { return Self.optionalKeys.contains(key) }
      switch key {
      case "ackBy", "assignee", "createdBy", "householdID", "id", "kind", "lastEditedBy", "note",
        "title":
        texts[key] = reader.string()
        return texts[key] != nil
      case "ackAt", "createdAt", "lastEditedAt", "repeatStart", "replyBy", "time":
        dates[key] = reader.number()
        return dates[key] != nil
      case "ackRevision", "revision":
        integers[key] = reader.integer()
        return integers[key] != nil
      case "isDeleted", "isDone":
        flags[key] = reader.bool()
        return flags[key] != nil
      default: return false
      }
    }
    func date(_ key: String) -> Date? {
      dates[key].map { Date(timeIntervalSinceReferenceDate: $0) }
    }
    guard read, let id = texts["id"], let household = texts["householdID"],
      let kind = texts["kind"].flatMap(CardKind.init(rawValue:)), let title = texts["title"],
      let createdBy = texts["createdBy"], let lastEditedBy = texts["lastEditedBy"],
      let createdAt = date("createdAt"), let lastEditedAt = date("lastEditedAt"),
      let revision = integers["revision"], let isDone = flags["isDone"],
      let isDeleted = flags["isDeleted"]
    else { return nil }
    return Card(
      id: CardID(id), householdID: HouseholdID(household), kind: kind, title: title,
      note: texts["note"], time: date("time"), assignee: texts["assignee"].map { AccountID($0) },
      replyBy: date("replyBy"), repeatStart: date("repeatStart"),
      createdBy: AccountID(createdBy), lastEditedBy: AccountID(lastEditedBy),
      createdAt: createdAt, lastEditedAt: lastEditedAt, revision: revision,
      ackBy: texts["ackBy"].map { AccountID($0) }, ackAt: date("ackAt"),
      ackRevision: integers["ackRevision"], isDone: isDone, isDeleted: isDeleted)
  }

  /// The card's keys that may be null (Foundation reads a null as none).
  private static let optionalKeys: Set<String> = [
    "ackAt", "ackBy", "ackRevision", "assignee", "note", "repeatStart", "replyBy", "time",
  ]

  /// Reads an object, handing each key to `value`, which reads its value and says whether it
  /// could; false for anything else, or a key given twice.
  private mutating func object(_ value: (inout DocumentReader, String) -> Bool) -> Bool {
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

  private mutating func skipSpace() {
    while at < bytes.count,
      bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D
        || bytes[at] == 0x09
    {
      at += 1
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard at < bytes.count, bytes[at] == byte else { return false }
    at += 1
    return true
  }

  private mutating func word(_ text: StaticString) -> Bool {
    skipSpace()
    let count = text.utf8CodeUnitCount
    let matches = text.withUTF8Buffer { word in
      at + count <= bytes.count && bytes[at..<at + count].elementsEqual(word)
    }
    if matches { at += count }
    return matches
  }

  private mutating func null() -> Bool { word("null") }

  private mutating func bool() -> Bool? {
    if word("true") { return true }
    if word("false") { return false }
    return nil
  }

  /// A number's text: sign, digits, fraction and exponent, as JSON writes them.
  private mutating func numberText() -> String? {
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

  private mutating func number() -> Double? { numberText().flatMap { Double($0) } }

  /// NB: a whole number only, as Foundation reads an `Int`.
  private mutating func integer() -> Int? { numberText().flatMap { Int($0) } }

  private mutating func strings() -> [String]? { array { $0.string() } }

  /// An array of what `element` reads; nil when one does not read.
  private mutating func array<T>(_ element: (inout DocumentReader) -> T?) -> [T]? {
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
  private mutating func string() -> String? {
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
  private mutating func unicode() -> Unicode.Scalar? {
    guard let high = hex() else { return nil }
    guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
    guard at + 2 <= bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u")
    else { return nil }
    at += 2
    guard let low = hex(), (0xDC00...0xDFFF).contains(low) else { return nil }
    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
  }

  private mutating func hex() -> UInt32? {
    guard at + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16)
    else { return nil }
    at += 4
    return value
  }
}
