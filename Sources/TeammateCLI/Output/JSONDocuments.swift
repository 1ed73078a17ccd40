import Foundation
import TeammateKit

/// The `--json` shapes of the kit's values; documented in specs/cli.md.
enum JSONDocuments {
  static func card(
    _ card: Card, viewer: AccountID, times: TimeText, dishes: [Dish] = []
  ) -> JSONValue {
    .object([
      "meal": meal(card.meal, dishes: dishes),
      "id": .string(card.id.rawValue),
      "kind": .string(card.kind.rawValue),
      "title": .string(card.title),
      "note": .string(card.note),
      "time": .string(times.iso(card.time)),
      "assignee": .string(card.assignee?.rawValue),
      "replyBy": .string(times.iso(card.replyBy)),
      "createdBy": .string(card.createdBy.rawValue),
      "lastEditedBy": .string(card.lastEditedBy.rawValue),
      "createdAt": .string(times.iso(card.createdAt)),
      "lastEditedAt": .string(times.iso(card.lastEditedAt)),
      "revision": .int(card.revision),
      "ackBy": .string(card.ackBy?.rawValue),
      "ackAt": .string(times.iso(card.ackAt)),
      "ackRevision": .int(card.ackRevision),
      "done": .bool(card.isDone),
      "deleted": .bool(card.isDeleted),
      "repeat": RepeatText.json(card, times: times),
      "next": .string(times.iso(RepeatText.next(of: card, times: times))),
      // Whether the card waits for the acting account to know it.
      "pending": .bool(AcknowledgementRules.isPending(card, for: viewer)),
    ])
  }

  /// The same document as `card(_:viewer:times:)` nested at depth `indent`, written straight
  /// into bytes: `pending --json` writes thousands, and the value tree was most of its time.
  static func write(
    _ card: Card, viewer: AccountID, times: TimeText, dishes: [Dish] = [], indent: Int,
    into bytes: inout [UInt8]
  ) {
    let pad = Array(repeating: UInt8(ascii: " "), count: 2 * (indent + 1))
    var first = true
    // NB: a byte at a time, never a literal array: thousands of cards made one of those at
    // every key.
    func key(_ name: StaticString) {
      bytes.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
      bytes.append(10)
      first = false
      bytes.append(contentsOf: pad)
      bytes.append(UInt8(ascii: "\""))
      bytes.append(
        contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
      bytes.append(UInt8(ascii: "\""))
      bytes.append(UInt8(ascii: ":"))
      bytes.append(UInt8(ascii: " "))
    }
    func null() { bytes.append(contentsOf: "null".utf8) }
    func string(_ text: String?) {
      guard let text else { return null() }
      JSONString.append(text, to: &bytes)
    }
    func time(_ date: Date?) {
      guard let date else { return null() }
      bytes.append(UInt8(ascii: "\""))
      ISOTimestamp.append(date, in: times.zone, to: &bytes)
      bytes.append(UInt8(ascii: "\""))
    }
    func int(_ number: Int?) {
      guard let number else { return null() }
      bytes.append(contentsOf: String(number).utf8)
    }
    func bool(_ flag: Bool) { bytes.append(contentsOf: (flag ? "true" : "false").utf8) }
    // NB: the keys in sorted order, as every document writes them.
    key("ackAt")
    time(card.ackAt)
    key("ackBy")
    string(card.ackBy?.rawValue)
    key("ackRevision")
    int(card.ackRevision)
    key("assignee")
    string(card.assignee?.rawValue)
    key("createdAt")
    time(card.createdAt)
    key("createdBy")
    string(card.createdBy.rawValue)
    key("deleted")
    bool(card.isDeleted)
    key("done")
    bool(card.isDone)
    key("id")
    string(card.id.rawValue)
    key("kind")
    string(card.kind.rawValue)
    key("lastEditedAt")
    time(card.lastEditedAt)
    key("lastEditedBy")
    string(card.lastEditedBy.rawValue)
    key("meal")
    if card.meal == nil {
      null()
    } else {
      bytes.append(contentsOf: meal(card.meal, dishes: dishes).text(indent: indent + 1).utf8)
    }
    key("next")
    time(RepeatText.next(of: card, times: times))
    key("note")
    string(card.note)
    key("pending")
    bool(AcknowledgementRules.isPending(card, for: viewer))
    key("repeat")
    if card.repeatRule == nil {
      null()
    } else {
      bytes.append(contentsOf: RepeatText.json(card, times: times).text(indent: indent + 1).utf8)
    }
    key("replyBy")
    time(card.replyBy)
    key("revision")
    int(card.revision)
    key("time")
    time(card.time)
    key("title")
    string(card.title)
    bytes.append(10)
    bytes.append(contentsOf: pad.dropLast(2))
    bytes.append(UInt8(ascii: "}"))
  }

  static func cards(
    _ cards: [Card], viewer: AccountID, times: TimeText, dishes: [Dish] = []
  ) -> JSONValue {
    .array(cards.map { card($0, viewer: viewer, times: times, dishes: dishes) })
  }

  static func household(_ household: Household, times: TimeText) -> JSONValue {
    .object([
      "id": .string(household.id.rawValue),
      "name": .string(household.name),
      "timeZone": .string(household.timeZone),
      "createdBy": .string(household.createdBy.rawValue),
      "createdAt": .string(times.iso(household.createdAt)),
      "members": .array(
        household.members.map {
          .object([
            "uid": .string($0.uid.rawValue),
            "displayName": .string($0.displayName),
            "joinedAt": .string(times.iso($0.joinedAt)),
          ])
        }),
    ])
  }

  static func invite(_ invite: Invite, times: TimeText) -> JSONValue {
    .object([
      "code": .string(invite.code.rawValue), "expiresAt": .string(times.iso(invite.expiresAt)),
    ])
  }

  static func notification(_ notification: PlannedNotification, times: TimeText) -> JSONValue {
    .object([
      "id": .string(notification.id),
      "kind": .string(notification.kind.rawValue),
      "fireAt": .string(times.iso(notification.fireAt)),
      "title": .string(notification.title),
      "body": .string(notification.body),
      "cardId": .string(notification.cardID?.rawValue),
    ])
  }

  /// One thing the partner did: `kind`, `cardId`, `title`, `by`, `at`, `needsKnowing`,
  /// `changed`.
  static func news(_ entry: PartnerNews, times: TimeText) -> JSONValue {
    .object([
      "at": .string(times.iso(entry.at)),
      "by": .string(entry.actor.rawValue),
      "cardId": .string(entry.cardID?.rawValue),
      "changed": .array(entry.changed.map { .string($0.rawValue) }),
      "items": .array(entry.items.map { .string($0) }),
      "kind": .string(entry.kind.rawValue),
      "needsKnowing": .bool(entry.needsKnowing),
      "title": .string(entry.title),
    ])
  }

  /// One conflict: what did not land, its card, and the sentence that says so.
  static func conflict(_ conflict: SyncConflict, words: String) -> JSONValue {
    let kind: String
    switch conflict.reason {
    case .refused: kind = "refused"
    case .overwritten: kind = "overwritten"
    case .unreadableWrite: kind = "unreadableWrite"
    case .stateSetAside: kind = "stateSetAside"
    }
    return .object([
      "cardId": .string(conflict.cardID?.rawValue), "id": .string(conflict.id),
      "kind": .string(kind), "text": .string(words), "title": .string(conflict.title),
    ])
  }

  static func settings(_ settings: NotificationSettings) -> JSONValue {
    .object([
      "digestTime": .string(settings.digestTime.description),
      "quietHours": .string(settings.quietHours?.description),
      "leadMinutes": .int(settings.eventLeadMinutes),
      "enabled": .array(settings.enabledKinds.map { .string($0.rawValue) }),
      "disabled": .array(settings.disabledKindsInOrder.map { .string($0.rawValue) }),
    ])
  }
}
