import Foundation
import TeammateKit

/// A value that is written as JSON `null` when absent, instead of being left out.
struct Nullable<Value: Encodable>: Encodable {
  let value: Value?

  init(_ value: Value?) { self.value = value }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let value { try container.encode(value) } else { try container.encodeNil() }
  }
}

/// The `--json` shape of a card; documented in specs/cli.md.
struct CardJSON: Encodable {
  let id: String
  let kind: String
  let title: String
  let note: Nullable<String>
  let time: Nullable<String>
  let assignee: Nullable<String>
  let replyBy: Nullable<String>
  let createdBy: String
  let lastEditedBy: String
  let createdAt: String
  let lastEditedAt: String
  let revision: Int
  let ackBy: Nullable<String>
  let ackAt: Nullable<String>
  let ackRevision: Nullable<Int>
  let done: Bool
  let deleted: Bool
  /// Whether the card waits for the acting account to know it.
  let pending: Bool

  init(_ card: Card, viewer: AccountID, times: TimeText) {
    id = card.id.rawValue
    kind = card.kind.rawValue
    title = card.title
    note = Nullable(card.note)
    time = Nullable(times.iso(card.time))
    assignee = Nullable(card.assignee?.rawValue)
    replyBy = Nullable(times.iso(card.replyBy))
    createdBy = card.createdBy.rawValue
    lastEditedBy = card.lastEditedBy.rawValue
    createdAt = times.iso(card.createdAt)
    lastEditedAt = times.iso(card.lastEditedAt)
    revision = card.revision
    ackBy = Nullable(card.ackBy?.rawValue)
    ackAt = Nullable(times.iso(card.ackAt))
    ackRevision = Nullable(card.ackRevision)
    done = card.isDone
    deleted = card.isDeleted
    pending = AcknowledgementRules.isPending(card, for: viewer)
  }
}

struct MemberJSON: Encodable {
  let uid: String
  let displayName: String
  let joinedAt: String
}

struct HouseholdJSON: Encodable {
  let id: String
  let name: String
  let timeZone: String
  let createdBy: String
  let createdAt: String
  let members: [MemberJSON]

  init(_ household: Household, times: TimeText) {
    id = household.id.rawValue
    name = household.name
    timeZone = household.timeZone
    createdBy = household.createdBy.rawValue
    createdAt = times.iso(household.createdAt)
    members = household.members.map {
      MemberJSON(
        uid: $0.uid.rawValue, displayName: $0.displayName, joinedAt: times.iso($0.joinedAt))
    }
  }
}

struct InviteJSON: Encodable {
  let code: String
  let expiresAt: String

  init(_ invite: Invite, times: TimeText) {
    code = invite.code.rawValue
    expiresAt = times.iso(invite.expiresAt)
  }
}

struct NotificationJSON: Encodable {
  let id: String
  let kind: String
  let fireAt: String
  let title: String
  let body: String
  let cardId: Nullable<String>

  init(_ notification: PlannedNotification, times: TimeText) {
    id = notification.id
    kind = notification.kind.rawValue
    fireAt = times.iso(notification.fireAt)
    title = notification.title
    body = notification.body
    cardId = Nullable(notification.cardID?.rawValue)
  }
}

struct SettingsJSON: Encodable {
  let digestTime: String
  let quietHours: Nullable<String>
  let leadMinutes: Int
  let enabled: [String]
  let disabled: [String]

  init(_ settings: NotificationSettings) {
    digestTime = settings.digestTime.description
    quietHours = Nullable(settings.quietHours?.description)
    leadMinutes = settings.eventLeadMinutes
    enabled = NotificationKind.allCases.filter { settings.isEnabled($0) }.map(\.rawValue)
    disabled = NotificationKind.allCases.filter { !settings.isEnabled($0) }.map(\.rawValue)
  }
}
