import Foundation
import TeammateKit

/// Cards and changes of the common shape read from their stored JSON without Foundation's
/// decoder (see `DocumentWriter`): the same values `JSONDecoder` reads (AC-PG-45 compares the
/// two). A document of another shape, or anything the reader does not expect, is Foundation's
/// to read: nil.
struct DocumentReader {
  let bytes: [UInt8]
  var at = 0

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
}
