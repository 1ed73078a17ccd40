import Foundation
import TeammateKit

/// The household's feed and the writes' receipts.
extension PostgresStorage {
  public mutating func deleteHousehold(_ id: HouseholdID) throws {
    knownCards = nil
    let household = id.rawValue
    connection.later("SELECT teammate_delete_household(\(household))")
    if let account = known?.account, known?.id == id { known = KnownHousehold(account: account) }
  }

  /// NB: through the database's function, for the household of the account acting only
  /// (schema 19).
  public mutating func markMoved(
    _ household: HouseholdID, to location: String, members: [AccountID]
  ) throws {
    knownCards = nil
    if let account = known?.account { known = KnownHousehold(account: account) }
    connection.later("SELECT teammate_mark_moved(\(household.rawValue), \(location))")
  }

  public func movedLocation(of household: HouseholdID, for account: AccountID) throws -> String? {
    let rows = try connection.query(
      "SELECT teammate_moved_to(\(household.rawValue)) AS location")
    return rows.count == 0 ? nil : try rows.optionalText(0, "location")
  }

  /// NB: through the database's functions, for the account acting only (schemas 19 and 20),
  /// in one statement.
  public func movedHousehold(of account: AccountID) throws
    -> (household: HouseholdID, location: String)?
  {
    let rows = try connection.query(
      """
      SELECT id, teammate_moved_to(id) AS location
      FROM (SELECT teammate_moved_from() AS id) AS moved WHERE id IS NOT NULL
      """)
    guard rows.count > 0, let location = try rows.optionalText(0, "location") else { return nil }
    return (HouseholdID(try rows.text(0, "id")), location)
  }

  /// NB: through the database's function, which erases the account acting only (schema 18).
  public mutating func erase(_ account: AccountID, in household: HouseholdID?) throws {
    knownCards = nil
    if known?.account == account { known = KnownHousehold(account: account) }
    connection.later("SELECT teammate_erase_account()")
  }

  /// NB: through the database's function, for the account acting only (schema 21).
  public mutating func unmark(_ account: AccountID) throws {
    connection.later("SELECT teammate_unmark_member()")
  }

  /// NB: each household's feed numbers its own changes, one after another: the next number
  /// is read while the household is locked (ADR 0009), so two writers cannot take the same
  /// one and none is skipped. The locked household's last number came with its lock, so its
  /// changes go with the next round trip; another household's (one being joined) is taken,
  /// inserted and notified in one statement.
  ///
  /// NB: the notification is sent when the transaction commits, and only then, naming the
  /// sequence alone; and only while someone listens on the household (ADR 0017), since each
  /// commit that announces waits for every other in the database.
  public mutating func appendChange(_ change: Change) throws -> Change {
    let household = change.householdID.rawValue
    let last = known?.id == change.householdID ? known?.lastSequence : nil
    let sequence: PostgresQuery =
      if let last {
        "\(last + 1)::bigint"
      } else {
        "(SELECT coalesce(max(sequence), 0) + 1 FROM changes WHERE household_id = \(household))"
      }
    var stamped = change
    if let last { stamped.sequence = last + 1 }
    // NB: numbered before it is encoded when the number is known, so that the receipt holds
    // the same text (an unnumbered one is numbered by its column when read).
    let body = try json(stamped)
    let announcing =
      secret?.announcing("household_id", "sequence")
      ?? "teammate_announce(household_id, sequence)"
    let statement = WriteStatement.change(
      insert: """
        INSERT INTO changes (household_id, sequence, card_id, card_revision, body)
        VALUES (\(household), \(sql: sequence), \(change.card?.id.rawValue),
          \(change.card.map { "\($0.revision)" })::integer, \(body))
        RETURNING household_id, sequence
        """,
      select: "SELECT sequence, \(sql: announcing) FROM appended")
    if let last {
      known?.lastSequence = last + 1
      connection.later(statement)
    } else {
      stamped.sequence = try connection.query(statement.query).integer(0, "sequence")
    }
    return stamped
  }

  public func changes(in household: HouseholdID, after cursor: Int64, limit: Int) throws
    -> [Change]
  {
    if let known = knownChanges, known.household == household, known.cursor == cursor,
      known.limit == limit
    {
      return try changes(known.rows)
    }
    return try changes(Self.changesQuery(in: household, after: cursor, limit: limit))
  }

  /// The statement that reads a household's feed after `cursor`.
  static func changesQuery(in household: HouseholdID, after cursor: Int64, limit: Int)
    -> PostgresQuery
  {
    """
    SELECT sequence, body FROM changes
    WHERE household_id = \(household.rawValue) AND sequence > \(cursor)
    ORDER BY sequence LIMIT \(max(0, limit))
    """
  }

  /// Keeps the feed the first round trip read (`changesQuery` with the same values).
  mutating func know(
    changes rows: PostgresRows, in household: HouseholdID, after cursor: Int64, limit: Int
  ) {
    knownChanges = (household, cursor, limit, rows)
  }

  public func changes(
    ofCard id: CardID, in household: HouseholdID, afterRevision revision: Int
  ) throws -> [Change] {
    try changes(
      """
      SELECT sequence, body FROM changes WHERE household_id = \(household.rawValue)
        AND card_id = \(id.rawValue) AND card_revision > \(revision)
      ORDER BY sequence
      """)
  }

  /// The statement that reads a write's receipt.
  static func receiptQuery(
    for write: WriteID, of account: AccountID, in household: HouseholdID
  ) -> PostgresQuery {
    """
    SELECT outcome FROM write_receipts WHERE household_id = \(household.rawValue)
      AND account = \(account.rawValue) AND write_id = \(write.rawValue)
    """
  }

  /// Keeps the receipt the first round trip read for `write` (no row: none yet).
  mutating func know(
    receipt rows: PostgresRows, for write: WriteID, of account: AccountID,
    in household: HouseholdID
  ) throws {
    knownReceipt = (write, account, household, try outcome(in: rows))
  }

  /// The answer rows of `receiptQuery` hold, or nil for none.
  func outcome(in rows: PostgresRows) throws -> WriteOutcome? {
    try (0..<rows.count).first.map { row in
      try decoded(WriteOutcome.self, try rows.text(row, "outcome"))
    }
  }

  public func receipt(for write: WriteID, of account: AccountID, in household: HouseholdID)
    throws -> WriteOutcome?
  {
    if let known = knownReceipt, known.write == write, known.account == account,
      known.household == household
    {
      return known.outcome
    }
    return try document(
      WriteOutcome.self, "outcome", of: Self.receiptQuery(for: write, of: account, in: household))
  }

  public mutating func putReceipt(
    _ outcome: WriteOutcome, for write: WriteID, of account: AccountID,
    in household: HouseholdID
  ) throws {
    let text = try json(outcome)
    connection.later(
      .receipt(
        """
        INSERT INTO write_receipts (household_id, account, write_id, outcome)
        VALUES (\(household.rawValue), \(account.rawValue), \(write.rawValue), \(text))
        """))
  }

  public mutating func forgetReceipts(
    _ writes: [WriteID], of account: AccountID, in household: HouseholdID
  ) throws {
    guard !writes.isEmpty else { return }
    // NB: the service, which holds the secret, deletes itself under its policies; a device
    // through the database's function (schema 14), which holds no DELETE.
    guard secret == nil else {
      connection.later(
        """
        DELETE FROM write_receipts WHERE household_id = \(household.rawValue)
          AND account = \(account.rawValue) AND write_id IN \(sql: try Self.oneOf(writes.map(\.rawValue)))
        """)
      return
    }
    let list = try Self.jsonArray(writes.map(\.rawValue))
    connection.later(
      """
      SELECT teammate_forget_receipts(\(household.rawValue), \(account.rawValue), \(list)::json)
      """)
  }
}
