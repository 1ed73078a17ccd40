import Foundation
import TeammateKit

/// `BackendStorage` over one PostgreSQL connection, inside the transaction the backend opened
/// for the call. Documents are kept as JSON text beside the columns the queries need.
public struct PostgresStorage: BackendStorage {
  let connection: PostgresConnection
  public var currentWrite: WriteContext?
  /// Whether the transaction is a write, which takes locks (a read takes none).
  private(set) var isWriting = false
  private let encoder: JSONEncoder
  private let decoder = JSONDecoder()

  init(connection: PostgresConnection) {
    self.connection = connection
    encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
  }

  private func json(_ value: some Encodable) throws -> String {
    String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    do {
      return try decoder.decode(type, from: Data(text.utf8))
    } catch {
      throw PostgresError(state: "XX001", message: "a stored \(T.self) cannot be read")
    }
  }

  /// Seconds since 2001, exactly as `Date` holds them.
  private static func text(_ date: Date) -> String { "\(date.timeIntervalSinceReferenceDate)" }

  /// Locks the household `account` belongs to, if any, for the rest of the transaction: the
  /// first statement of every write, so that the household's writers take turns (ADR 0009).
  mutating func lockHousehold(of account: AccountID) throws {
    isWriting = true
    try connection.query(
      """
      SELECT 1 FROM households WHERE id = (
        SELECT household_id FROM account_households WHERE account = $1
      ) FOR NO KEY UPDATE
      """, [account.rawValue])
  }

  public func household(_ id: HouseholdID) throws -> Household? {
    let rows = try connection.query("SELECT body FROM households WHERE id = $1", [id.rawValue])
    return try rows.count == 0 ? nil : decode(Household.self, rows.text(0, 0))
  }

  /// NB: an update, else an insert: an upsert would hold a new household to the policy for
  /// reading it, which its creator does not pass until they are its member.
  public mutating func putHousehold(_ household: Household) throws {
    let body = try json(household)
    let updated = try connection.query(
      "UPDATE households SET body = $2 WHERE id = $1 RETURNING id", [household.id.rawValue, body])
    guard updated.count == 0 else { return }
    try connection.query(
      "INSERT INTO households (id, body) VALUES ($1, $2)", [household.id.rawValue, body])
  }

  public func householdID(of account: AccountID) throws -> HouseholdID? {
    let rows = try connection.query(
      "SELECT household_id FROM account_households WHERE account = $1", [account.rawValue])
    return rows.count == 0 ? nil : HouseholdID(rows.text(0, 0))
  }

  public mutating func setHouseholdID(_ household: HouseholdID?, of account: AccountID) throws {
    if let household {
      try connection.query(
        """
        INSERT INTO account_households (account, household_id) VALUES ($1, $2)
        ON CONFLICT (account) DO UPDATE SET household_id = excluded.household_id
        """, [account.rawValue, household.rawValue])
    } else {
      try connection.query(
        "DELETE FROM account_households WHERE account = $1", [account.rawValue])
    }
  }

  /// NB: an invite is read by its exact code only, which the row-level policy mirrors: the
  /// code is named to the database first, and the household it opens is the one joined.
  ///
  /// In a write, the household it opens is locked before the invite is read again: two
  /// accounts joining with one code take turns, and the second sees what the first left.
  public func invite(_ code: InviteCode) throws -> Invite? {
    try connection.query("SELECT set_config('teammate.code', $1, true)", [code.rawValue])
    let rows = try connection.query("SELECT body FROM invites WHERE code = $1", [code.rawValue])
    guard rows.count > 0 else { return nil }
    let invite = try decode(Invite.self, rows.text(0, 0))
    try connection.query(
      "SELECT set_config('teammate.joining', $1, true)", [invite.householdID.rawValue])
    guard isWriting else { return invite }
    try connection.query(
      "SELECT 1 FROM households WHERE id = $1 FOR NO KEY UPDATE", [invite.householdID.rawValue])
    let now = try connection.query("SELECT body FROM invites WHERE code = $1", [code.rawValue])
    return try now.count == 0 ? nil : decode(Invite.self, now.text(0, 0))
  }

  public func inviteCode(of household: HouseholdID) throws -> InviteCode? {
    let rows = try connection.query(
      "SELECT code FROM invites WHERE household_id = $1", [household.rawValue])
    return rows.count == 0 ? nil : InviteCode(rawValue: rows.text(0, 0))
  }

  public mutating func putInvite(_ invite: Invite) throws {
    // NB: a household keeps one invite: a new one takes the place of the old.
    try connection.query(
      "DELETE FROM invites WHERE household_id = $1 AND code <> $2",
      [invite.householdID.rawValue, invite.code.rawValue])
    try connection.query(
      """
      INSERT INTO invites (code, household_id, body) VALUES ($1, $2, $3)
      ON CONFLICT (code) DO UPDATE SET household_id = excluded.household_id, body = excluded.body
      """, [invite.code.rawValue, invite.householdID.rawValue, try json(invite)])
  }

  public mutating func deleteInvite(_ code: InviteCode) throws {
    try connection.query("DELETE FROM invites WHERE code = $1", [code.rawValue])
  }

  /// A card of another household is answered with its household alone (every other field
  /// empty), so that the kit's access check, which comes next, words the refusal rather than
  /// the row-level policy, which hides the card.
  public func card(_ id: CardID) throws -> Card? {
    let rows = try connection.query("SELECT body FROM cards WHERE id = $1", [id.rawValue])
    if rows.count > 0 { return try decode(Card.self, rows.text(0, 0)) }
    let elsewhere = try connection.query("SELECT teammate_card_household($1)", [id.rawValue])
    guard let household = elsewhere.optionalText(0, 0) else { return nil }
    return Card(
      id: id, householdID: HouseholdID(household), kind: .note, title: "", createdBy: "",
      createdAt: .distantPast)
  }

  public func cards(in household: HouseholdID) throws -> [Card] {
    try cards(
      "SELECT body FROM cards WHERE household_id = $1 ORDER BY position", [household.rawValue])
  }

  /// NB: the WHERE clause only narrows what is decoded; the kit's rule decides after.
  public func cardsMaybePending(in household: HouseholdID, for viewer: AccountID) throws
    -> [Card]
  {
    try cards(
      """
      SELECT body FROM cards WHERE household_id = $1
        AND maybe_pending_for_all_but IS NOT NULL AND maybe_pending_for_all_but <> $2
      ORDER BY position
      """, [household.rawValue, viewer.rawValue])
  }

  private func cards(_ sql: String, _ parameters: [String?]) throws -> [Card] {
    let rows = try connection.query(sql, parameters)
    return try (0..<rows.count).map { try decode(Card.self, rows.text($0, 0)) }
  }

  public mutating func putCard(_ card: Card) throws {
    // NB: a card may be pending for everyone but its last editor while nobody knows it.
    let hint = card.ackBy == nil && !card.isDeleted ? card.lastEditedBy.rawValue : nil
    try connection.query(
      """
      INSERT INTO cards (household_id, id, maybe_pending_for_all_but, body) VALUES ($1, $2, $3, $4)
      ON CONFLICT (id) DO UPDATE SET
        maybe_pending_for_all_but = excluded.maybe_pending_for_all_but, body = excluded.body
      """, [card.householdID.rawValue, card.id.rawValue, hint, try json(card)])
  }

  public func failedJoins(of account: AccountID) throws -> [Date] {
    try dates("SELECT at FROM failed_joins WHERE account = $1 ORDER BY at", [account.rawValue])
  }

  public func failedJoins(after date: Date) throws -> [Date] {
    try dates("SELECT at FROM failed_joins WHERE at > $1 ORDER BY at", [Self.text(date)])
  }

  private func dates(_ sql: String, _ parameters: [String?]) throws -> [Date] {
    let rows = try connection.query(sql, parameters)
    return (0..<rows.count).compactMap { row in
      Double(rows.text(row, 0)).map { Date(timeIntervalSinceReferenceDate: $0) }
    }
  }

  public mutating func recordFailedJoin(of account: AccountID, at date: Date) throws {
    try connection.query(
      "INSERT INTO failed_joins (account, at) VALUES ($1, $2)", [account.rawValue, Self.text(date)])
  }

  public mutating func forgetFailedJoins(of account: AccountID, through date: Date) throws {
    try connection.query(
      "DELETE FROM failed_joins WHERE account = $1 AND at <= $2",
      [account.rawValue, Self.text(date)])
  }

  public func credentialOwner(_ credential: Credential) throws -> AccountID? {
    let rows = try connection.query(
      "SELECT account FROM credentials WHERE provider = $1 AND subject = $2",
      [credential.provider, credential.subject])
    return rows.count == 0 ? nil : AccountID(rows.text(0, 0))
  }

  public mutating func link(_ credential: Credential, to account: AccountID) throws {
    try connection.query(
      "INSERT INTO credentials (provider, subject, account) VALUES ($1, $2, $3)",
      [credential.provider, credential.subject, account.rawValue])
  }

  /// NB: the members' rows go last, so that the row-level policies still see a member.
  public mutating func deleteHousehold(_ id: HouseholdID) throws {
    for table in ["cards", "changes", "invites", "write_receipts"] {
      try connection.query("DELETE FROM \(table) WHERE household_id = $1", [id.rawValue])
    }
    try connection.query("DELETE FROM households WHERE id = $1", [id.rawValue])
    try connection.query("DELETE FROM account_households WHERE household_id = $1", [id.rawValue])
  }

  /// NB: each household's feed numbers its own changes, one after another: the next number
  /// is read inside this serializable transaction, so two writers cannot take the same one
  /// and none is skipped.
  public mutating func appendChange(_ change: Change) throws -> Change {
    let rows = try connection.query(
      "SELECT coalesce(max(sequence), 0) + 1 FROM changes WHERE household_id = $1",
      [change.householdID.rawValue])
    var stamped = change
    stamped.sequence = Int64(rows.text(0, 0)) ?? 1
    // NB: the notification rides on the insert (one round trip): sent when the transaction
    // commits, and only then, naming the sequence alone.
    try connection.query(
      """
      WITH appended AS (
        INSERT INTO changes (household_id, sequence, card_id, card_revision, body)
        VALUES ($1, $2, $3, $4, $5) RETURNING household_id, sequence
      )
      SELECT pg_notify(\(PostgresListener.channel(of: "household_id")), sequence::text)
      FROM appended
      """,
      [
        change.householdID.rawValue, "\(stamped.sequence)", change.card?.id.rawValue,
        change.card.map { "\($0.revision)" }, try json(stamped),
      ])
    return stamped
  }

  public func changes(in household: HouseholdID, after cursor: Int64, limit: Int) throws
    -> [Change]
  {
    try changes(
      """
      SELECT body FROM changes WHERE household_id = $1 AND sequence > $2
      ORDER BY sequence LIMIT $3
      """, [household.rawValue, "\(cursor)", "\(max(0, limit))"])
  }

  public func changes(
    ofCard id: CardID, in household: HouseholdID, afterRevision revision: Int
  ) throws -> [Change] {
    try changes(
      """
      SELECT body FROM changes WHERE household_id = $1 AND card_id = $2 AND card_revision > $3
      ORDER BY sequence
      """, [household.rawValue, id.rawValue, "\(revision)"])
  }

  private func changes(_ sql: String, _ parameters: [String?]) throws -> [Change] {
    let rows = try connection.query(sql, parameters)
    return try (0..<rows.count).map { try decode(Change.self, rows.text($0, 0)) }
  }

  public func receipt(for write: WriteID, of account: AccountID) throws -> WriteOutcome? {
    let rows = try connection.query(
      "SELECT outcome FROM write_receipts WHERE account = $1 AND write_id = $2",
      [account.rawValue, write.rawValue])
    return try rows.count == 0 ? nil : decode(WriteOutcome.self, rows.text(0, 0))
  }

  public mutating func putReceipt(
    _ outcome: WriteOutcome, for write: WriteID, of account: AccountID,
    in household: HouseholdID
  ) throws {
    try connection.query(
      """
      INSERT INTO write_receipts (household_id, account, write_id, outcome)
      VALUES ($1, $2, $3, $4)
      """, [household.rawValue, account.rawValue, write.rawValue, try json(outcome)])
  }

  /// NB: the ids go in as one JSON array, bound, however many there are.
  public mutating func forgetReceipts(_ writes: [WriteID], of account: AccountID) throws {
    guard !writes.isEmpty else { return }
    try connection.query(
      """
      DELETE FROM write_receipts WHERE account = $1
        AND write_id IN (SELECT json_array_elements_text($2::json))
      """, [account.rawValue, try json(writes.map(\.rawValue))])
  }
}
