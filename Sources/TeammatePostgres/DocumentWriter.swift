import Foundation
import TeammateKit

/// Cards and changes of the common shape written as JSON without Foundation's encoder, which
/// costs about 30 ns a byte here and was, with its decoder, nearly half of the load's client
/// CPU (issue 43). The text is byte for byte what `JSONEncoder` with sorted keys writes
/// (AC-PG-45 compares the two); a document of another shape (a meal, a repeat, a household or
/// an item in a change, an overwrite) is Foundation's to write: nil.
struct DocumentWriter {
  private var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(512) }

  /// `card` as `JSONEncoder` with sorted keys writes it, or nil for a shape left to it.
  static func text(of card: Card) -> String? {
    var writer = DocumentWriter()
    guard writer.write(card) else { return nil }
    return writer.text
  }

  /// `change` as `JSONEncoder` with sorted keys writes it, or nil for a shape left to it.
  static func text(of change: Change) -> String? {
    guard change.household == nil, change.item == nil, change.mealAct == nil,
      change.overwritten.isEmpty
    else { return nil }
    var writer = DocumentWriter()
    writer.open()
    writer.key("actor", first: true)
    writer.string(change.actor.rawValue)
    writer.key("at")
    writer.number(change.at.timeIntervalSinceReferenceDate)
    if let card = change.card {
      writer.key("card")
      guard writer.write(card) else { return nil }
    }
    if let dish = change.dish {
      writer.key("dish")
      writer.string(dish.rawValue)
    }
    writer.key("fields")
    writer.bytes.append(UInt8(ascii: "["))
    for (index, field) in change.fields.enumerated() {
      if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
      writer.string(field.rawValue)
    }
    writer.bytes.append(UInt8(ascii: "]"))
    writer.key("householdID")
    writer.string(change.householdID.rawValue)
    writer.key("kind")
    writer.string(change.kind.rawValue)
    writer.key("needsKnowing")
    writer.bool(change.needsKnowing)
    writer.key("overwritten")
    writer.bytes.append(contentsOf: "[]".utf8)
    writer.key("sequence")
    writer.integer(Int(change.sequence))
    if let write = change.writeID {
      writer.key("writeID")
      writer.string(write.rawValue)
    }
    writer.close()
    return writer.text
  }

  private var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Writes `card` as an object, its keys sorted; false for a shape left to Foundation.
  private mutating func write(_ card: Card) -> Bool {
    guard card.meal == nil, card.repeatRule == nil else { return false }
    open()
    var first = true
    func next(_ name: String) {
      key(name, first: first)
      first = false
    }
    if let at = card.ackAt {
      next("ackAt")
      number(at.timeIntervalSinceReferenceDate)
    }
    if let by = card.ackBy {
      next("ackBy")
      string(by.rawValue)
    }
    if let revision = card.ackRevision {
      next("ackRevision")
      integer(revision)
    }
    if let assignee = card.assignee {
      next("assignee")
      string(assignee.rawValue)
    }
    next("createdAt")
    number(card.createdAt.timeIntervalSinceReferenceDate)
    next("createdBy")
    string(card.createdBy.rawValue)
    next("householdID")
    string(card.householdID.rawValue)
    next("id")
    string(card.id.rawValue)
    next("isDeleted")
    bool(card.isDeleted)
    next("isDone")
    bool(card.isDone)
    next("kind")
    string(card.kind.rawValue)
    next("lastEditedAt")
    number(card.lastEditedAt.timeIntervalSinceReferenceDate)
    next("lastEditedBy")
    string(card.lastEditedBy.rawValue)
    if let note = card.note {
      next("note")
      string(note)
    }
    if let start = card.repeatStart {
      next("repeatStart")
      number(start.timeIntervalSinceReferenceDate)
    }
    if let replyBy = card.replyBy {
      next("replyBy")
      number(replyBy.timeIntervalSinceReferenceDate)
    }
    next("revision")
    integer(card.revision)
    if let time = card.time {
      next("time")
      number(time.timeIntervalSinceReferenceDate)
    }
    next("title")
    string(card.title)
    close()
    return true
  }

  /// The digits of a `\u00XX` escape, lowercase as Foundation writes them.
  private static let hex = Array("0123456789abcdef".utf8)

  private mutating func open() { bytes.append(UInt8(ascii: "{")) }
  private mutating func close() { bytes.append(UInt8(ascii: "}")) }

  private mutating func key(_ name: String, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: name.utf8)
    bytes.append(contentsOf: "\":".utf8)
  }

  private mutating func bool(_ value: Bool) {
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  private mutating func integer(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

  private mutating func number(_ value: Double) { bytes.append(contentsOf: value.jsonText.utf8) }

  /// NB: escaped as Foundation escapes: quotes, backslashes, slashes and control characters;
  /// everything else as it is, in UTF-8.
  private mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
      case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
      case UInt8(ascii: "/"): bytes.append(contentsOf: "\\/".utf8)
      case 0x0A: bytes.append(contentsOf: "\\n".utf8)
      case 0x0D: bytes.append(contentsOf: "\\r".utf8)
      case 0x09: bytes.append(contentsOf: "\\t".utf8)
      case 0x08: bytes.append(contentsOf: "\\b".utf8)
      case 0x0C: bytes.append(contentsOf: "\\f".utf8)
      case ..<0x20:
        bytes.append(contentsOf: "\\u00".utf8)
        bytes.append(Self.hex[Int(byte >> 4)])
        bytes.append(Self.hex[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
