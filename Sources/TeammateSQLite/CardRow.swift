import Foundation
import TeammateKit

/// How a card maps to a row of `cards`, column by column.
enum CardRow {
  static let columns = """
    id, household_id, kind, title, note, time, assignee, reply_by, created_by, last_edited_by,
    created_at, last_edited_at, revision, ack_by, ack_at, ack_revision, done, deleted,
    repeat_rule, repeat_start, meal
    """

  /// How many columns a card takes.
  static let count = 21

  static let upsert = """
    INSERT INTO cards (\(columns))
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET
      title = excluded.title, note = excluded.note, time = excluded.time,
      assignee = excluded.assignee, reply_by = excluded.reply_by,
      last_edited_by = excluded.last_edited_by, last_edited_at = excluded.last_edited_at,
      revision = excluded.revision, ack_by = excluded.ack_by, ack_at = excluded.ack_at,
      ack_revision = excluded.ack_revision, done = excluded.done, deleted = excluded.deleted,
      repeat_rule = excluded.repeat_rule, repeat_start = excluded.repeat_start,
      meal = excluded.meal
    """

  static func values(_ card: Card) -> [SQLiteValue] {
    [
      .id(card.id), .id(card.householdID), .text(card.kind.rawValue), .text(card.title),
      .text(card.note), .date(card.time), .id(card.assignee), .date(card.replyBy),
      .id(card.createdBy), .id(card.lastEditedBy), .date(card.createdAt),
      .date(card.lastEditedAt), .int(card.revision), .id(card.ackBy), .date(card.ackAt),
      .int(card.ackRevision), .bool(card.isDone), .bool(card.isDeleted),
      .text(card.repeatRule?.text), .date(card.repeatStart), .text(mealText(card.meal)),
    ]
  }

  /// A meal's plan as stored: JSON with sorted keys, so that equal plans are equal bytes.
  static func mealText(_ meal: Meal?) -> String? {
    guard let meal else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(meal)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The same columns as a change keeps them: its own `household_id`, the rest prefixed.
  static let changeColumns = """
    card_id, household_id, card_kind, card_title, card_note, card_time, card_assignee,
    card_reply_by, card_created_by, card_last_edited_by, card_created_at, card_last_edited_at,
    card_revision, card_ack_by, card_ack_at, card_ack_revision, card_done, card_deleted,
    card_repeat_rule, card_repeat_start, card_meal
    """

  /// Where a card's columns are in a statement's result, found by name once per statement:
  /// `prefix` before each (a change keeps them as `card_…`), but the household's, which is
  /// the row's own.
  struct Columns {
    let id, household, kind, title, note, time, assignee, replyBy, createdBy, lastEditedBy,
      createdAt, lastEditedAt, revision, ackBy, ackAt, ackRevision, done, deleted, repeatRule,
      repeatStart, meal: Int32

    init(_ row: SQLiteStatement, prefix: String) throws(SQLiteError) {
      func named(_ name: String) throws(SQLiteError) -> Int32 { try row.column(prefix + name) }
      id = try named("id")
      household = try row.column("household_id")
      kind = try named("kind")
      title = try named("title")
      note = try named("note")
      time = try named("time")
      assignee = try named("assignee")
      replyBy = try named("reply_by")
      createdBy = try named("created_by")
      lastEditedBy = try named("last_edited_by")
      createdAt = try named("created_at")
      lastEditedAt = try named("last_edited_at")
      revision = try named("revision")
      ackBy = try named("ack_by")
      ackAt = try named("ack_at")
      ackRevision = try named("ack_revision")
      done = try named("done")
      deleted = try named("deleted")
      repeatRule = try named("repeat_rule")
      repeatStart = try named("repeat_start")
      meal = try named("meal")
    }
  }

  /// NB: one decoder for every meal read, not one for each: made anew, it was a tenth of
  /// reading a household's two years of meals.
  private static let mealReader = JSONDecoder()

  /// The card in `row`, its columns found by name (`prefix` before each, see `Columns`).
  static func decode(_ row: SQLiteStatement, prefix: String = "") throws -> Card {
    let columns: Columns
    if let known = row.cardColumns[prefix] {
      columns = known
    } else {
      columns = try Columns(row, prefix: prefix)
      row.cardColumns[prefix] = columns
    }
    return try decode(row, columns)
  }

  private static func decode(_ row: SQLiteStatement, _ at: Columns) throws -> Card {
    guard let kind = CardKind(rawValue: row.text(at.kind)) else {
      throw SQLiteError.unreadable("unknown card kind '\(row.text(at.kind))'")
    }
    var rule: RepeatRule?
    if let text = row.optionalText(at.repeatRule) {
      do {
        rule = try RepeatRule(parsing: text)
      } catch {
        throw SQLiteError.unreadable(error.description)
      }
    }
    var meal: Meal?
    if let text = row.optionalText(at.meal) {
      do {
        meal = try mealReader.decode(Meal.self, from: Data(text.utf8))
      } catch {
        throw SQLiteError.unreadable("a meal's plan that does not read: \(text)")
      }
    }
    return Card(
      id: row.id(at.id), householdID: row.id(at.household), kind: kind, title: row.text(at.title),
      note: row.optionalText(at.note), time: try row.optionalDate(at.time),
      assignee: row.optionalID(at.assignee), replyBy: try row.optionalDate(at.replyBy),
      repeatRule: rule, repeatStart: try row.optionalDate(at.repeatStart),
      createdBy: row.id(at.createdBy), lastEditedBy: row.id(at.lastEditedBy),
      createdAt: try row.date(at.createdAt), lastEditedAt: try row.date(at.lastEditedAt),
      revision: row.int(at.revision), ackBy: row.optionalID(at.ackBy),
      ackAt: try row.optionalDate(at.ackAt), ackRevision: row.optionalInt(at.ackRevision),
      isDone: row.bool(at.done), isDeleted: row.bool(at.deleted), meal: meal)
  }
}
