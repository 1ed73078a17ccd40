import Foundation
import TeammateKit

/// `BackendStorage` over one SQLite connection; `SQLiteBackend` wraps each call in a
/// transaction, so a failed call rolls every write back. Only the store can make one.
public struct SQLiteStorage: BackendStorage {
  let connection: SQLiteConnection
  private let encoder: JSONEncoder
  private let decoder: JSONDecoder
  /// The decoder of a device's state for a store that may not be written: the waiting
  /// activity left unread (AC-DEV-23).
  private let viewingDecoder: JSONDecoder

  init(connection: SQLiteConnection) {
    self.connection = connection
    encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    decoder = Self.decoder()
    viewingDecoder = Self.decoder()
    viewingDecoder.userInfo[DeviceState.leavesWaitingActivityUnread] = true
  }

  /// A decoder of stored documents, their times checked to be ones a store keeps.
  private static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let value = try decoder.singleValueContainer().decode(Double.self)
      guard SQLiteStatement.storableTimes.contains(value) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "a time out of range"))
      }
      return Date(timeIntervalSinceReferenceDate: value)
    }
    return decoder
  }

  /// A device's saved state, for viewing only when `viewing`: without its waiting activity.
  func decodeState(_ text: String, viewing: Bool) throws(SQLiteError) -> DeviceState {
    do {
      return try (viewing ? viewingDecoder : decoder).decode(
        DeviceState.self, from: Data(text.utf8))
    } catch {
      throw .unreadable("a stored DeviceState cannot be read")
    }
  }

  /// A value as JSON text, for the columns that hold whole documents.
  func json(_ value: some Encodable) throws -> SQLiteValue {
    .text(String(decoding: try encoder.encode(value), as: UTF8.self))
  }

  /// A document read back from JSON text.
  ///
  /// A document that does not decode was not written by this program: the store is damaged.
  func decode<T: Decodable>(_ type: T.Type, _ text: String) throws(SQLiteError) -> T {
    do {
      return try decoder.decode(type, from: Data(text.utf8))
    } catch {
      throw .unreadable("a stored \(T.self) cannot be read")
    }
  }

  public func household(_ id: HouseholdID) throws -> Household? {
    try connection.first("SELECT body FROM households WHERE id = ?", [.id(id)]) {
      try decode(Household.self, try $0.text(named: "body"))
    }
  }

  public func putHousehold(_ household: Household) throws {
    try connection.run(
      "INSERT INTO households (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body",
      [.id(household.id), try json(household)])
  }

  public func householdID(of account: AccountID) throws -> HouseholdID? {
    try connection.first(
      "SELECT household_id FROM account_households WHERE account = ?", [.id(account)]
    ) { try $0.id(named: "household_id") }
  }

  public func setHouseholdID(_ household: HouseholdID?, of account: AccountID) throws {
    if let household {
      try connection.run(
        "INSERT INTO account_households (account, household_id) VALUES (?, ?) ON CONFLICT (account) DO UPDATE SET household_id = excluded.household_id",
        [.id(account), .id(household)])
    } else {
      try connection.run("DELETE FROM account_households WHERE account = ?", [.id(account)])
    }
  }

  public func invite(_ code: InviteCode) throws -> Invite? {
    try connection.first(
      "SELECT code, household_id, created_by, created_at, expires_at, used_by, used_at FROM invites WHERE code = ?",
      [.text(code.rawValue)]
    ) { row in
      guard let code = InviteCode(rawValue: try row.text(named: "code")) else {
        throw SQLiteError.unreadable("malformed invite code in store")
      }
      return Invite(
        code: code, householdID: try row.id(named: "household_id"),
        createdBy: try row.id(named: "created_by"), createdAt: try row.date(named: "created_at"),
        expiresAt: try row.date(named: "expires_at"), usedBy: try row.optionalID(named: "used_by"),
        usedAt: try row.optionalDate(named: "used_at"))
    }
  }

  public func inviteCode(of household: HouseholdID) throws -> InviteCode? {
    try connection.first("SELECT code FROM invites WHERE household_id = ?", [.id(household)]) {
      InviteCode(rawValue: try $0.text(named: "code"))
    } ?? nil
  }

  public func putInvite(_ invite: Invite) throws {
    try connection.run(
      """
      INSERT INTO invites (code, household_id, created_by, created_at, expires_at, used_by, used_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (code) DO UPDATE SET used_by = excluded.used_by, used_at = excluded.used_at
      """,
      [
        .text(invite.code.rawValue), .id(invite.householdID), .id(invite.createdBy),
        .date(invite.createdAt), .date(invite.expiresAt), .id(invite.usedBy), .date(invite.usedAt),
      ])
  }

  public func deleteInvite(_ code: InviteCode) throws {
    try connection.run("DELETE FROM invites WHERE code = ?", [.text(code.rawValue)])
  }

  public func card(_ id: CardID) throws -> Card? {
    try connection.first("SELECT \(CardRow.columns) FROM cards WHERE id = ?", [.id(id)]) {
      try CardRow.decode($0)
    }
  }

  /// NB: the WHERE clause only narrows what is decoded; the kit's rule decides after.
  public func cardsMaybePending(in household: HouseholdID, for viewer: AccountID) throws
    -> [Card]
  {
    try connection.rows(
      """
      SELECT \(CardRow.columns) FROM cards
      WHERE household_id = ? AND ack_by IS NULL AND deleted = 0 AND last_edited_by != ?
      ORDER BY position
      """, [.id(household), .id(viewer)]
    ) { try CardRow.decode($0) }
  }

  public func cards(in household: HouseholdID) throws -> [Card] {
    try connection.rows(
      "SELECT \(CardRow.columns) FROM cards WHERE household_id = ? ORDER BY position",
      [.id(household)]
    ) { try CardRow.decode($0) }
  }

  /// The cards of `household` that may wait for `viewer` to know them: the store's reading
  /// of `AcknowledgementRules.isPending`, so that a list of them reads no other row.
  func cards(in household: HouseholdID, mayWaitFor viewer: AccountID) throws -> [Card] {
    try connection.rows(
      """
      SELECT \(CardRow.columns) FROM cards WHERE household_id = ? AND ack_by IS NULL
        AND last_edited_by != ? AND (deleted = 0 OR kind = ?) ORDER BY position
      """, [.id(household), .id(viewer), .text(CardKind.meal.rawValue)]
    ) { try CardRow.decode($0) }
  }

  public func putCard(_ card: Card) throws {
    try connection.run(CardRow.upsert, CardRow.values(card))
  }

  public func item(_ id: ItemID, in household: HouseholdID) throws -> ShoppingItem? {
    try connection.first(
      "SELECT body FROM items WHERE household_id = ? AND id = ?", [.id(household), .id(id)]
    ) { try decode(ShoppingItem.self, try $0.text(named: "body")) }
  }

  public func items(on list: ListID, in household: HouseholdID) throws -> [ShoppingItem] {
    try connection.rows(
      "SELECT body FROM items WHERE household_id = ? AND list_id = ? ORDER BY added_at, id",
      [.id(household), .id(list)]
    ) { try decode(ShoppingItem.self, try $0.text(named: "body")) }
  }

  /// NB: on the partial index of needed items: one row, however long the list (an item kept
  /// before schema 11 may stand beside another of its thing: either is the one). No order:
  /// one would be read off the list's own index, row after row.
  public func neededItem(folding key: String, on list: ListID, in household: HouseholdID)
    throws -> ShoppingItem?
  {
    try connection.first(
      "SELECT body FROM items WHERE household_id = ? AND list_id = ? AND folded = ? AND needed = 1 "
        + "LIMIT 1",
      [.id(household), .id(list), .text(key)]
    ) { try decode(ShoppingItem.self, try $0.text(named: "body")) }
  }

  public func putItem(_ item: ShoppingItem) throws {
    try connection.run(
      """
      INSERT INTO items (household_id, id, list_id, folded, needed, added_at, body)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (household_id, id) DO UPDATE SET folded = excluded.folded,
        needed = excluded.needed, body = excluded.body
      """,
      [
        .id(item.householdID), .id(item.id), .id(item.listID), .text(item.text.key),
        .bool(item.isNeeded), .date(item.addedAt), try json(item),
      ])
  }

  public func failedJoins(of account: AccountID) throws -> [Date] {
    try connection.rows("SELECT at FROM failed_joins WHERE account = ? ORDER BY at", [.id(account)])
    {
      try $0.date(0)
    }
  }

  public func failedJoins(after date: Date) throws -> [Date] {
    try connection.rows("SELECT at FROM failed_joins WHERE at > ? ORDER BY at", [.date(date)]) {
      try $0.date(0)
    }
  }

  public func recordFailedJoin(of account: AccountID, at date: Date) throws {
    try connection.run(
      "INSERT INTO failed_joins (account, at) VALUES (?, ?)", [.id(account), .date(date)])
  }

  public func forgetFailedJoins(of account: AccountID, through date: Date) throws {
    try connection.run(
      "DELETE FROM failed_joins WHERE account = ? AND at <= ?", [.id(account), .date(date)])
  }

  public func credentialOwner(_ credential: Credential) throws -> AccountID? {
    try connection.first(
      "SELECT account FROM credentials WHERE provider = ? AND subject = ?",
      [.text(credential.provider), .text(credential.subject)]
    ) { try $0.id(named: "account") }
  }

  public func link(_ credential: Credential, to account: AccountID) throws {
    try connection.run(
      "INSERT INTO credentials (provider, subject, account) VALUES (?, ?, ?)",
      [.text(credential.provider), .text(credential.subject), .id(account)])
  }

  public func appendChange(_ change: Change) throws -> Change {
    // NB: the card goes in columns; its household is the change's own.
    var cardValues =
      change.card.map(CardRow.values) ?? Array(repeating: .null, count: CardRow.count)
    cardValues.remove(at: 1)
    try connection.run(
      """
      INSERT INTO changes (household_id, actor, at, kind, needs_knowing, household, fields,
        card_id, card_kind, card_title, card_note, card_time, card_assignee, card_reply_by,
        card_created_by, card_last_edited_by, card_created_at, card_last_edited_at,
        card_revision, card_ack_by, card_ack_at, card_ack_revision, card_done, card_deleted,
        card_repeat_rule, card_repeat_start, card_meal, write_id, overwritten, dish, item,
        meal_act)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
        ?, ?, ?)
      """,
      [
        .id(change.householdID), .id(change.actor), .date(change.at), .text(change.kind.rawValue),
        .bool(change.needsKnowing), try change.household.map(json) ?? .null,
        .text(change.fields.map(\.rawValue).joined(separator: ",")),
      ] + cardValues + [
        change.writeID.map { .id($0) } ?? .null,
        change.overwritten.isEmpty ? .null : try json(change.overwritten),
        change.dish.map { .id($0) } ?? .null, try change.item.map(json) ?? .null,
        try change.mealAct.map(json) ?? .null,
      ])
    var stamped = change
    stamped.sequence = connection.lastInsertedRowID
    return stamped
  }

  public func changes(in household: HouseholdID, after cursor: Int64, limit: Int) throws -> [Change]
  {
    try connection.rows(
      "SELECT \(Self.changeSelection) FROM changes "
        + "WHERE household_id = ? AND sequence > ? ORDER BY sequence LIMIT ?",
      [.id(household), .integer(cursor), .integer(Int64(limit))], change)
  }

  public func changes(
    ofCard id: CardID, in household: HouseholdID, afterRevision revision: Int
  ) throws -> [Change] {
    try connection.rows(
      "SELECT \(Self.changeSelection) FROM changes "
        + "WHERE card_id = ? AND household_id = ? AND card_revision > ? ORDER BY sequence",
      [.id(id), .id(household), .integer(Int64(revision))], change)
  }

  public func receipt(for write: WriteID, of account: AccountID, in household: HouseholdID)
    throws -> WriteOutcome?
  {
    try connection.first(
      "SELECT outcome FROM write_receipts WHERE account = ? AND write_id = ? AND household_id = ?",
      [.id(account), .id(write), .id(household)]
    ) { row in try decode(WriteOutcome.self, try row.text(named: "outcome")) }
  }

  public func putReceipt(
    _ outcome: WriteOutcome, for write: WriteID, of account: AccountID,
    in household: HouseholdID
  ) throws {
    try connection.run(
      "INSERT INTO write_receipts (account, write_id, household_id, outcome) VALUES (?, ?, ?, ?)",
      [.id(account), .id(write), .id(household), try json(outcome)])
  }

  /// NB: the ids go in as one JSON array, bound, however many there are.
  public func forgetReceipts(
    _ writes: [WriteID], of account: AccountID, in household: HouseholdID
  ) throws {
    guard !writes.isEmpty else { return }
    try connection.run(
      """
      DELETE FROM write_receipts WHERE account = ? AND household_id = ?
        AND write_id IN (SELECT value FROM json_each(?))
      """,
      [.id(account), .id(household), try json(writes.map(\.rawValue))])
  }

  private static let changeSelection = """
    sequence, household_id, actor, at, kind, needs_knowing, card, household, fields,
    \(CardRow.changeColumns), write_id, overwritten, dish, item, meal_act
    """

  /// One row of `changeSelection`.
  private func change(_ row: SQLiteStatement) throws -> Change {
    let kindText = try row.text(named: "kind")
    guard let kind = ChangeKind(rawValue: kindText) else {
      throw SQLiteError.unreadable("unknown change kind '\(kindText)'")
    }
    return Change(
      sequence: try row.int64(named: "sequence"), householdID: try row.id(named: "household_id"),
      actor: try row.id(named: "actor"), at: try row.date(named: "at"),
      kind: kind, needsKnowing: try row.bool(named: "needs_knowing"),
      // NB: entries written before schema 3 keep their card as JSON.
      card: try row.isNull(named: "card_id")
        ? try row.optionalText(named: "card").map { try decode(Card.self, $0) }
        : try CardRow.decode(row, prefix: "card_"),
      household: try row.optionalText(named: "household").map { try decode(Household.self, $0) },
      fields: try row.isEmptyText(named: "fields")
        ? []
        : try row.text(named: "fields").split(separator: ",").compactMap {
          CardRules.CardField(rawValue: String($0))
        },
      writeID: try row.optionalID(named: "write_id"),
      overwritten: try row.optionalText(named: "overwritten").map {
        try decode([FieldOverwrite].self, $0)
      } ?? [], dish: try row.optionalID(named: "dish"),
      item: try row.optionalText(named: "item").map { try decode(ShoppingItem.self, $0) },
      mealAct: try row.optionalText(named: "meal_act").map { try decode(MealChange.self, $0) })
  }
}
