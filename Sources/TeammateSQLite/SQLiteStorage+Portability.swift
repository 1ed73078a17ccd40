import Foundation
import TeammateKit

/// What a move and an erasure ask of the store: a household's rows taken out, the mark a
/// moved household leaves, and an erased account's rows rewritten to a former member.
extension SQLiteStorage {
  public func deleteHousehold(_ id: HouseholdID) throws {
    for table in [
      "cards", "items", "changes", "invites", "account_households", "write_receipts",
    ] {
      try connection.run("DELETE FROM \(table) WHERE household_id = ?", [.id(id)])
    }
    try connection.run("DELETE FROM households WHERE id = ?", [.id(id)])
  }

  public func markMoved(_ household: HouseholdID, to location: String, members: [AccountID])
    throws
  {
    try connection.run(
      "INSERT INTO moved_households (id, location, members) VALUES (?, ?, ?)",
      [.id(household), .text(location), try json(members.map(\.rawValue))])
    try connection.run("DELETE FROM account_households WHERE household_id = ?", [.id(household)])
  }

  public func unmark(_ account: AccountID) throws {
    let marks = try connection.rows("SELECT id, members FROM moved_households", []) {
      (id: $0.id(0) as HouseholdID, members: try decode([String].self, $0.text(1)))
    }
    for mark in marks where mark.members.contains(account.rawValue) {
      try connection.run(
        "UPDATE moved_households SET members = ? WHERE id = ?",
        [try json(mark.members.filter { $0 != account.rawValue }), .id(mark.id)])
    }
  }

  public func movedLocation(of household: HouseholdID, for account: AccountID) throws -> String? {
    try connection.first(
      "SELECT location, members FROM moved_households WHERE id = ?", [.id(household)]
    ) { row -> String? in
      let members = try decode([String].self, row.text(1))
      return members.contains(account.rawValue) ? row.text(0) : nil
    } ?? nil
  }

  public func movedHousehold(of account: AccountID) throws
    -> (household: HouseholdID, location: String)?
  {
    try connection.rows("SELECT id, location, members FROM moved_households ORDER BY id", []) {
      row -> (household: HouseholdID, location: String)? in
      try decode([String].self, row.text(2)).contains(account.rawValue)
        ? (row.id(0), row.text(1)) : nil
    }.compactMap { $0 }.first
  }

  /// The tables a file keeps its devices' states in, each row an account's.
  static let deviceTables = [
    "devices", "device_cards", "device_parts", "device_notifications", "device_set_aside",
    "device_places",
  ]

  /// NB: every text column of the household's rows and of the devices' kept in this file,
  /// each a value or a JSON document: a value that is the uid becomes the former member's, as
  /// does the uid as a string in a document, and a member of the former member's loses its
  /// name. The account's own device rows go with its other rows.
  public func erase(_ account: AccountID, in household: HouseholdID?) throws {
    let own = ["credentials", "failed_joins", "write_receipts", "account_households"]
    for table in own + Self.deviceTables {
      try connection.run("DELETE FROM \(table) WHERE account = ?", [.id(account)])
    }
    guard let id = household else { return }
    let (former, scope) = (Erasure.token(Erasure.formerMember), [SQLiteValue.id(id)])
    let tables: [(String, key: String?)] =
      [
        ("households", "id"), ("invites", "household_id"), ("cards", "household_id"),
        ("changes", "household_id"), ("items", "household_id"), ("write_receipts", "household_id"),
      ] + Self.deviceTables.map { ($0, nil) }
    for (table, key) in tables {
      let columns = try connection.rows(
        "SELECT name FROM pragma_table_info(?) WHERE type = 'TEXT'", [.text(table)]
      ) { $0.text(0) }.filter { $0 != key && $0 != "account" }
      let within = key.map { " AND \($0) = ?5" } ?? ""
      for column in columns {
        try connection.run(
          """
          UPDATE \(table) SET \(column) = CASE WHEN \(column) = ?1 THEN ?2
            ELSE replace(\(column), ?3, ?4) END
          WHERE (\(column) = ?1 OR instr(\(column), ?3) > 0)\(within)
          """,
          [.id(account), .id(Erasure.formerMember), .text(Erasure.token(account)), .text(former)]
            + (key == nil ? [] : scope))
        let named = try connection.rows(
          """
          SELECT rowid, \(column) FROM \(table)
          WHERE instr(\(column), ?1) > 0 AND instr(\(column), 'displayName') > 0\(key.map { " AND \($0) = ?2" } ?? "")
          """, [.text(former)] + (key == nil ? [] : scope)
        ) { ($0.int64(0), $0.text(1)) }
        for (row, text) in named {
          let unnamed = Erasure.unnamingFormerMembers(in: text)
          guard unnamed != text else { continue }
          try connection.run(
            "UPDATE \(table) SET \(column) = ? WHERE rowid = ?", [.text(unnamed), .integer(row)])
        }
      }
    }
    // NB: a state rewritten here is put back whole: a device that has not heard of the erasure
    // saves only the parts it changed, and would leave the rest half its own and half the
    // erasure's; kept whole, its next save writes every part again (AC-DEV-26).
    try connection.run(
      """
      INSERT INTO devices (account, state)
      SELECT account, '{' || group_concat(json_quote(part) || ':' || body, ',') || '}'
      FROM device_parts GROUP BY account
      ON CONFLICT (account) DO UPDATE SET state = excluded.state
      """)
    try connection.run("DELETE FROM device_parts")
  }
}
