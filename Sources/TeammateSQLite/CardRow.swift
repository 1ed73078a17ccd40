import Foundation
import TeammateKit

/// How a card maps to a row of `cards`, column by column.
enum CardRow {
  static let columns = """
    id, household_id, kind, title, note, time, assignee, reply_by, created_by, last_edited_by,
    created_at, last_edited_at, revision, ack_by, ack_at, ack_revision, done, deleted,
    repeat_rule, repeat_start
    """

  /// How many columns a card takes.
  static let count = 20

  static let upsert = """
    INSERT INTO cards (\(columns))
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET
      title = excluded.title, note = excluded.note, time = excluded.time,
      assignee = excluded.assignee, reply_by = excluded.reply_by,
      last_edited_by = excluded.last_edited_by, last_edited_at = excluded.last_edited_at,
      revision = excluded.revision, ack_by = excluded.ack_by, ack_at = excluded.ack_at,
      ack_revision = excluded.ack_revision, done = excluded.done, deleted = excluded.deleted,
      repeat_rule = excluded.repeat_rule, repeat_start = excluded.repeat_start
    """

  static func values(_ card: Card) -> [SQLiteValue] {
    [
      .id(card.id), .id(card.householdID), .text(card.kind.rawValue), .text(card.title),
      .text(card.note), .date(card.time), .id(card.assignee), .date(card.replyBy),
      .id(card.createdBy), .id(card.lastEditedBy), .date(card.createdAt),
      .date(card.lastEditedAt), .int(card.revision), .id(card.ackBy), .date(card.ackAt),
      .int(card.ackRevision), .bool(card.isDone), .bool(card.isDeleted),
      .text(card.repeatRule?.text), .date(card.repeatStart),
    ]
  }

  /// The same columns as a change keeps them: its own `household_id`, the rest prefixed.
  static let changeColumns = """
    card_id, household_id, card_kind, card_title, card_note, card_time, card_assignee,
    card_reply_by, card_created_by, card_last_edited_by, card_created_at, card_last_edited_at,
    card_revision, card_ack_by, card_ack_at, card_ack_revision, card_done, card_deleted,
    card_repeat_rule, card_repeat_start
    """

  /// The card in the `count` columns from `base` on, in the order of `columns`.
  static func decode(_ row: SQLiteStatement, at base: Int32 = 0) throws -> Card {
    guard let kind = CardKind(rawValue: row.text(base + 2)) else {
      throw SQLiteError.unreadable("unknown card kind '\(row.text(base + 2))'")
    }
    var rule: RepeatRule?
    if let text = row.optionalText(base + 18) {
      do {
        rule = try RepeatRule(parsing: text)
      } catch {
        throw SQLiteError.unreadable(error.description)
      }
    }
    return Card(
      id: row.id(base), householdID: row.id(base + 1), kind: kind, title: row.text(base + 3),
      note: row.optionalText(base + 4), time: try row.optionalDate(base + 5),
      assignee: row.optionalID(base + 6), replyBy: try row.optionalDate(base + 7),
      repeatRule: rule, repeatStart: try row.optionalDate(base + 19),
      createdBy: row.id(base + 8), lastEditedBy: row.id(base + 9),
      createdAt: try row.date(base + 10), lastEditedAt: try row.date(base + 11),
      revision: row.int(base + 12), ackBy: row.optionalID(base + 13),
      ackAt: try row.optionalDate(base + 14), ackRevision: row.optionalInt(base + 15),
      isDone: row.bool(base + 16), isDeleted: row.bool(base + 17))
  }
}
