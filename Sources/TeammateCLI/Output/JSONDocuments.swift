import Foundation
import TeammateKit

/// The `--json` shapes of the kit's values; documented in specs/cli.md.
enum JSONDocuments {
  static func card(_ card: Card, viewer: AccountID, times: TimeText) -> JSONValue {
    .object([
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
      // Whether the card waits for the acting account to know it.
      "pending": .bool(AcknowledgementRules.isPending(card, for: viewer)),
    ])
  }

  static func cards(_ cards: [Card], viewer: AccountID, times: TimeText) -> JSONValue {
    .array(cards.map { card($0, viewer: viewer, times: times) })
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
      "kind": .string(entry.kind.rawValue),
      "needsKnowing": .bool(entry.needsKnowing),
      "title": .string(entry.title),
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
