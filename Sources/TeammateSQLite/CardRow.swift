import Foundation
import TeammateKit

/// How a card maps to a row of `cards`, column by column.
enum CardRow {
  static let columns = """
    id, household_id, kind, title, note, time, assignee, reply_by, created_by, last_edited_by,
    created_at, last_edited_at, revision, ack_by, ack_at, ack_revision, done, deleted
    """

  static let upsert = """
    INSERT INTO cards (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET
      title = excluded.title, note = excluded.note, time = excluded.time,
      assignee = excluded.assignee, reply_by = excluded.reply_by,
      last_edited_by = excluded.last_edited_by, last_edited_at = excluded.last_edited_at,
      revision = excluded.revision, ack_by = excluded.ack_by, ack_at = excluded.ack_at,
      ack_revision = excluded.ack_revision, done = excluded.done, deleted = excluded.deleted
    """

  static func values(_ card: Card) -> [SQLiteValue] {
    [
      .id(card.id), .id(card.householdID), .text(card.kind.rawValue), .text(card.title),
      .text(card.note), .date(card.time), .id(card.assignee), .date(card.replyBy),
      .id(card.createdBy), .id(card.lastEditedBy), .date(card.createdAt),
      .date(card.lastEditedAt), .int(card.revision), .id(card.ackBy), .date(card.ackAt),
      .int(card.ackRevision), .bool(card.isDone), .bool(card.isDeleted),
    ]
  }

  static func decode(_ row: SQLiteStatement) throws -> Card {
    guard let kind = CardKind(rawValue: row.text(2)) else {
      throw SQLiteError.unreadable("unknown card kind '\(row.text(2))'")
    }
    return Card(
      id: row.id(0), householdID: row.id(1), kind: kind, title: row.text(3),
      note: row.optionalText(4), time: try row.optionalDate(5), assignee: row.optionalID(6),
      replyBy: try row.optionalDate(7), createdBy: row.id(8), lastEditedBy: row.id(9),
      createdAt: try row.date(10), lastEditedAt: try row.date(11), revision: row.int(12),
      ackBy: row.optionalID(13), ackAt: try row.optionalDate(14), ackRevision: row.optionalInt(15),
      isDone: row.bool(16), isDeleted: row.bool(17))
  }
}
