import Foundation
import TeammateKit

/// `BackendStorage` over one PostgreSQL connection, inside the transaction the backend opened
/// for the call. Documents are kept as JSON text beside the columns the queries need (ADR
/// 0011); every value is bound, every row read by its column's name.
public struct PostgresStorage: BackendStorage {
  let connection: PostgresConnection
  public var currentWrite: WriteContext?
  /// Whether the transaction is a write, which takes locks (a read takes none).
  private(set) var isWriting = false
  private let encoder: JSONEncoder
  private let decoder = JSONDecoder()

  /// Households' documents as the process decoded them, kept between transactions.
  private let decodedHouseholds: DecodedHouseholds

  /// The new cards' ids taken to be free in this transaction, to be checked with its commit.
  private let claims: CardIDClaims

  /// The cards the transaction's first round trip read, and those it wrote since.
  private var knownCards: KnownCards?

  /// The texts the transaction stored its cards and changes as, for its receipt.
  private var storedTexts = StoredTexts()

  /// The store's secret, for the service, which announces a change in plain SQL; nil for a
  /// device, which announces through the database's function.
  private let secret: StoreSecret?

  init(
    connection: PostgresConnection, households: DecodedHouseholds, claims: CardIDClaims,
    secret: StoreSecret?
  ) {
    self.connection = connection
    self.secret = secret
    decodedHouseholds = households
    self.claims = claims
    encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
  }

  private func json(_ value: some Encodable) throws -> String {
    connection.documentsEncoded += 1
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Each row's `column` as a `T`.
  private func documents<T: Decodable>(
    _ type: T.Type, _ column: String, of statement: PostgresQuery
  ) throws -> [T] {
    let rows = try connection.query(statement)
    return try (0..<rows.count).map { row in try decoded(type, try rows.text(row, column)) }
  }

  /// A stored document as a `T`; one that does not read is this client's to report.
  private func decoded<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    do {
      return try decoder.decode(type, from: Data(text.utf8))
    } catch {
      throw PostgresError.client("a stored \(T.self) cannot be read")
    }
  }

  /// Changes as rows of `sequence` and `body`: the column is the change's number (the
  /// document's own is what it was when written, before the number was taken).
  private func changes(_ statement: PostgresQuery) throws -> [Change] {
    try changes(try connection.query(statement))
  }

  /// Changes from rows of `sequence` and `body`.
  private func changes(_ rows: PostgresRows) throws -> [Change] {
    try (0..<rows.count).map { row in
      var change = try decoded(Change.self, try rows.text(row, "body"))
      change.sequence = try rows.integer(row, "sequence")
      return change
    }
  }

  /// The first row's document, or nil for none.
  private func document<T: Decodable>(
    _ type: T.Type, _ column: String, of statement: PostgresQuery
  ) throws -> T? {
    try documents(type, column, of: statement).first
  }

  /// Seconds since 2001, exactly as `Date` holds them.
  private static func text(_ date: Date) -> String { "\(date.timeIntervalSinceReferenceDate)" }

  /// What the transaction's first round trip read about the acting account's household,
  /// kept while the transaction runs and changed with what it writes: the account's own
  /// lookups are not asked of the server again.
  private var known: KnownHousehold?

  /// The id of the household `account` belongs to: a query of its own, or a sub-select.
  static func membership(of account: AccountID) -> PostgresQuery {
    "SELECT household_id FROM account_households WHERE account = \(account.rawValue)"
  }

  /// The household `account` belongs to, if any. In a write (`locking`) it is the first
  /// statement after the account's lock, and locks the household for the rest of the
  /// transaction, so that the household's writers take turns (ADR 0009).
  static func household(of account: AccountID, locking: Bool) -> PostgresQuery {
    let lock: PostgresQuery = locking ? " FOR NO KEY UPDATE" : ""
    return
      "SELECT id, body FROM households WHERE id = (\(sql: membership(of: account)))\(sql: lock)"
  }

  /// The last number of the feed of the household `account` belongs to: run after its lock,
  /// at read committed, so no writer of the household can take the next one meanwhile.
  static func lastSequence(of account: AccountID) -> PostgresQuery {
    """
    SELECT coalesce(max(sequence), 0) AS last FROM changes
    WHERE household_id = (\(sql: membership(of: account)))
    """
  }

  /// Keeps what the first round trip read: the household `account` belongs to (`household`,
  /// no row for none) and, for a write, its feed's last number.
  mutating func begin(
    as account: AccountID, writing: Bool, household: PostgresRows, last: PostgresRows?
  ) throws {
    isWriting = writing
    var known = KnownHousehold(account: account)
    if household.count > 0 {
      known.id = HouseholdID(try household.text(0, "id"))
      known.stored = try household.text(0, "body")
      known.lastSequence = try last.map { try $0.integer(0, "last") }
    }
    self.known = known
  }

  /// Keeps what a read's opening found (`findingHousehold`): the id of the household
  /// `account` belongs to (`id`, NULL or no row for none), its document unread.
  mutating func begin(as account: AccountID, found rows: PostgresRows) throws {
    isWriting = false
    var known = KnownHousehold(account: account)
    if rows.count > 0 { known.id = try rows.optionalText(0, "id").map { HouseholdID($0) } }
    self.known = known
  }

  /// Takes `head` for what a first round trip would have read (ADR 0018): the acting
  /// account's household, its text and its feed's last number, and no receipt for `write`.
  /// The round trip that sends the writes checks them first.
  mutating func begin(
    speculating head: HouseholdHead, as account: AccountID, write: WriteID
  ) {
    isWriting = true
    known = KnownHousehold(
      account: account, id: head.id, stored: head.text, lastSequence: head.last)
    knownReceipt = (write, account, head.id, nil)
  }

  /// The acting account's household as this transaction leaves it, when it read or wrote
  /// its text and knows its feed's last number: what the process keeps once it commits.
  var head: HouseholdHead? {
    guard isWriting, let known, let id = known.id, let text = known.stored,
      let last = known.lastSequence
    else { return nil }
    return HouseholdHead(id: id, text: text, last: last)
  }

  public func household(_ id: HouseholdID) throws -> Household? {
    if let known, known.id == id {
      if let written = known.written { return written }
      // NB: decoded only when the rules ask for it: a pull or a write sent again never do.
      if let stored = known.stored {
        return try decodedHouseholds.household(id, stored: stored) { text in
          try decoded(Household.self, text)
        }
      }
    }
    return try document(
      Household.self, "body", of: "SELECT body FROM households WHERE id = \(id.rawValue)")
  }

  /// NB: an update, else an insert: an upsert would hold a new household to the policy for
  /// reading it, which its creator does not pass until they are its member. The household
  /// the transaction found is known to be there.
  public mutating func putHousehold(_ household: Household) throws {
    let body = try json(household)
    decodedHouseholds.keep(household, as: body)
    if let known, known.id == household.id, known.written != nil || known.stored != nil {
      self.known?.written = household
      self.known?.stored = body
      connection.later("UPDATE households SET body = \(body) WHERE id = \(household.id.rawValue)")
      return
    }
    let updated = try connection.query(
      "UPDATE households SET body = \(body) WHERE id = \(household.id.rawValue) RETURNING id")
    guard updated.count == 0 else { return }
    try connection.query(
      "INSERT INTO households (id, body) VALUES (\(household.id.rawValue), \(body))")
  }

  public func householdID(of account: AccountID) throws -> HouseholdID? {
    if let known, known.account == account { return known.id }
    let rows = try connection.query(Self.membership(of: account))
    return rows.count == 0 ? nil : HouseholdID(try rows.text(0, "household_id"))
  }

  public mutating func setHouseholdID(_ household: HouseholdID?, of account: AccountID) throws {
    if known?.account == account, known?.id != household {
      known = KnownHousehold(account: account, id: household)
    }
    guard let household else {
      // NB: a device deletes through the database's functions only (schema 14, ADR 0019).
      connection.later("SELECT teammate_leave(\(account.rawValue))")
      return
    }
    connection.later(
      """
      INSERT INTO account_households (account, household_id)
      VALUES (\(account.rawValue), \(household.rawValue))
      ON CONFLICT (account) DO UPDATE SET household_id = excluded.household_id
      """)
  }

  /// NB: an invite of another household is read through `teammate_invite`, by its exact
  /// code, once the backend has counted the code (`teammate_guess`); the household it opens
  /// is the one this transaction may join.
  ///
  /// In a write, the household it opens is locked before the invite is read again: two
  /// accounts joining with one code take turns, and the second sees what the first left.
  public func invite(_ code: InviteCode) throws -> Invite? {
    let reading: PostgresQuery = "SELECT teammate_invite(\(code.rawValue)) AS body"
    guard let invite = try inviteDocument(reading) else { return nil }
    guard isWriting else { return invite }
    connection.later(
      "SELECT 1 FROM households WHERE id = \(invite.householdID.rawValue) FOR NO KEY UPDATE")
    return try inviteDocument(reading)
  }

  /// The invite `teammate_invite` answered, or nil for none.
  private func inviteDocument(_ reading: PostgresQuery) throws -> Invite? {
    try connection.query(reading).optionalText(0, "body").map { try decoded(Invite.self, $0) }
  }

  public func inviteCode(of household: HouseholdID) throws -> InviteCode? {
    let rows = try connection.query(
      "SELECT code FROM invites WHERE household_id = \(household.rawValue)")
    return rows.count == 0 ? nil : InviteCode(rawValue: try rows.text(0, "code"))
  }

  /// NB: through `teammate_put_invite`, which keeps a household one invite and, for a device
  /// role, chooses a new invite's code itself (ADR 0014): the kit reads the invite back.
  public mutating func putInvite(_ invite: Invite) throws {
    connection.later(
      """
      SELECT teammate_put_invite(\(invite.code.rawValue), \(invite.householdID.rawValue),
        \(try json(invite)))
      """)
  }

  public mutating func deleteInvite(_ code: InviteCode) throws {
    connection.later("SELECT teammate_delete_invite(\(code.rawValue))")
  }

  /// A card of another household is answered with its household alone (every other field
  /// empty), so that the kit's access check, which comes next, words the refusal rather than
  /// the row-level policy, which hides the card.
  ///
  /// NB: one round trip: the household is looked up only when the card is not visible.
  public func card(_ id: CardID) throws -> Card? {
    if let known = knownCards?.card(id) { return known }
    let rows = try connection.query(
      """
      SELECT seen.body,
        CASE WHEN seen.body IS NULL THEN teammate_card_household(\(id.rawValue)) END AS household_id
      FROM (SELECT (SELECT body FROM cards WHERE id = \(id.rawValue)) AS body) seen
      """)
    if try rows.optionalText(0, "body") != nil {
      return try decoded(Card.self, try rows.text(0, "body"))
    }
    guard let household = try rows.optionalText(0, "household_id") else { return nil }
    return Card(
      id: id, householdID: HouseholdID(household), kind: .note, title: "", createdBy: "",
      createdAt: .distantPast)
  }

  /// NB: a new card's id is drawn at random and almost never taken: in a write it is taken to
  /// be free at once and checked with the commit (`teammate_claim_card_id`, schema 11), one
  /// round trip fewer; an id found taken that way is looked up when the write runs again.
  public func isCardIDTaken(_ id: CardID) throws -> Bool {
    guard isWriting, !claims.lookUp.contains(id) else { return try card(id) != nil }
    claims.claimed.insert(id)
    connection.later("SELECT teammate_claim_card_id(\(id.rawValue))")
    return false
  }

  public func cards(in household: HouseholdID) throws -> [Card] {
    if let known = knownCards?.cards(in: household) { return known }
    return try documents(Card.self, "body", of: Self.cardsQuery(in: household))
  }

  /// The statement that reads every card of `household`, in order.
  static func cardsQuery(in household: HouseholdID) -> PostgresQuery {
    "SELECT body FROM cards WHERE household_id = \(household.rawValue) ORDER BY position"
  }

  /// The statement that reads the cards `ids` names in `household`.
  static func cardsQuery(named ids: [CardID], in household: HouseholdID) throws -> PostgresQuery {
    """
    SELECT body FROM cards WHERE household_id = \(household.rawValue)
      AND id IN \(sql: try oneOf(ids.map(\.rawValue)))
    """
  }

  /// `values` as a list to test a column against (`column IN …`), bound as one JSON array,
  /// however many there are.
  static func oneOf(_ values: [String]) throws -> PostgresQuery {
    "(SELECT json_array_elements_text(\(try jsonArray(values))::json))"
  }

  /// `values` as the text of one JSON array, to bind as one value.
  static func jsonArray(_ values: [String]) throws -> String {
    String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
  }

  /// Keeps the cards the first round trip read (`cardsQuery`): every card of `household` in
  /// order, or (`household` nil) the cards named.
  mutating func know(cards rows: PostgresRows, everyCardOf household: HouseholdID?) throws {
    let cards = try (0..<rows.count).map { row in
      try decoded(Card.self, try rows.text(row, "body"))
    }
    knownCards = KnownCards(cards, everyCardOf: household)
  }

  /// NB: the WHERE clause only narrows what is decoded; the kit's rule decides after.
  public func cardsMaybePending(in household: HouseholdID, for viewer: AccountID) throws
    -> [Card]
  {
    try documents(
      Card.self, "body",
      of: """
        SELECT body FROM cards WHERE household_id = \(household.rawValue)
          AND maybe_pending_for_all_but IS NOT NULL
          AND maybe_pending_for_all_but <> \(viewer.rawValue)
        ORDER BY position
        """)
  }

  public mutating func putCard(_ card: Card) throws {
    knownCards?.put(card)
    // NB: a card may be pending for everyone but its last editor while nobody knows it.
    let hint = card.ackBy == nil && !card.isDeleted ? card.lastEditedBy.rawValue : nil
    let body = try json(card)
    storedTexts.stored(card, as: body)
    connection.later(
      """
      INSERT INTO cards (household_id, id, maybe_pending_for_all_but, body)
      VALUES (\(card.householdID.rawValue), \(card.id.rawValue), \(hint), \(body))
      ON CONFLICT (household_id, id) DO UPDATE SET
        maybe_pending_for_all_but = excluded.maybe_pending_for_all_but, body = excluded.body
      """)
  }

  public func item(_ id: ItemID, in household: HouseholdID) throws -> ShoppingItem? {
    try document(
      ShoppingItem.self, "body",
      of:
        "SELECT body FROM items WHERE household_id = \(household.rawValue) AND id = \(id.rawValue)")
  }

  /// NB: in the order added, which the serial position keeps.
  public func items(on list: ListID, in household: HouseholdID) throws -> [ShoppingItem] {
    try documents(
      ShoppingItem.self, "body",
      of: """
        SELECT body FROM items WHERE household_id = \(household.rawValue)
          AND list_id = \(list.rawValue) ORDER BY position
        """)
  }

  /// NB: on the unique partial index of needed items: one row, however long the list.
  public func neededItem(folding key: String, on list: ListID, in household: HouseholdID)
    throws -> ShoppingItem?
  {
    try document(
      ShoppingItem.self, "body",
      of: """
        SELECT body FROM items WHERE household_id = \(household.rawValue)
          AND list_id = \(list.rawValue) AND folded = \(key) AND needed
        """)
  }

  public mutating func putItem(_ item: ShoppingItem) throws {
    connection.later(
      """
      INSERT INTO items (household_id, id, list_id, folded, needed, body)
      VALUES (\(item.householdID.rawValue), \(item.id.rawValue), \(item.listID.rawValue),
        \(item.text.key), \(sql: item.isNeeded ? "true" : "false"), \(try json(item)))
      ON CONFLICT (household_id, id) DO UPDATE SET
        folded = excluded.folded, needed = excluded.needed, body = excluded.body
      """)
  }

  public func failedJoins(of account: AccountID) throws -> [Date] {
    try dates("SELECT at FROM failed_joins WHERE account = \(account.rawValue) ORDER BY at")
  }

  public func failedJoins(after date: Date) throws -> [Date] {
    // NB: every account's failures, their times alone, through the function that may read them.
    try dates(
      "SELECT at FROM teammate_failed_joins_after(\(Self.text(date))::double precision) AS at")
  }

  /// Each row's `at`; a time that does not read is reported, never dropped.
  private func dates(_ statement: PostgresQuery) throws -> [Date] {
    let rows = try connection.query(statement)
    return try (0..<rows.count).map { row in
      let text = try rows.text(row, "at")
      guard let seconds = Double(text) else {
        throw PostgresError.client("the server sent '\(text)' where a time belongs")
      }
      return Date(timeIntervalSinceReferenceDate: seconds)
    }
  }

  public mutating func recordFailedJoin(of account: AccountID, at date: Date) throws {
    // NB: through the database's function, which records the acting account's only (schema 13).
    connection.later(
      "SELECT teammate_record_failed_join(\(account.rawValue), \(Self.text(date))::double precision)"
    )
  }

  public mutating func forgetFailedJoins(of account: AccountID, through date: Date) throws {
    connection.later(
      "SELECT teammate_forget_failed_joins(\(account.rawValue), \(Self.text(date))::double precision)"
    )
  }

  /// NB: through the function that may look at every account's credentials, one at a time.
  public func credentialOwner(_ credential: Credential) throws -> AccountID? {
    let rows = try connection.query(
      "SELECT teammate_credential_owner(\(credential.provider), \(credential.subject)) AS account")
    return try rows.optionalText(0, "account").map { AccountID($0) }
  }

  public mutating func link(_ credential: Credential, to account: AccountID) throws {
    connection.later(
      """
      INSERT INTO credentials (provider, subject, account)
      VALUES (\(credential.provider), \(credential.subject), \(account.rawValue))
      """)
  }

  /// NB: through the database's function, which checks the actor is a member first and then
  /// removes the household's rows, its members' last (schema 14).
  public mutating func deleteHousehold(_ id: HouseholdID) throws {
    knownCards = nil
    let household = id.rawValue
    connection.later("SELECT teammate_delete_household(\(household))")
    if let account = known?.account, known?.id == id { known = KnownHousehold(account: account) }
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
    let statement: PostgresQuery = """
      WITH appended AS (
        INSERT INTO changes (household_id, sequence, card_id, card_revision, body)
        VALUES (\(household), \(sql: sequence), \(change.card?.id.rawValue),
          \(change.card.map { "\($0.revision)" })::integer, \(body))
        RETURNING household_id, sequence
      )
      SELECT sequence, \(sql: announcing) FROM appended
      """
    if let last {
      storedTexts.stored(stamped, as: body)
      known?.lastSequence = last + 1
      connection.later(statement)
    } else {
      stamped.sequence = try connection.query(statement).integer(0, "sequence")
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

  /// The feed the transaction's first round trip read, for the pull that asked for it.
  private var knownChanges: (household: HouseholdID, cursor: Int64, limit: Int, rows: PostgresRows)?

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

  /// The answer to `write`, if the transaction's first round trip read it.
  private var knownReceipt:
    (write: WriteID, account: AccountID, household: HouseholdID, outcome: WriteOutcome?)?

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
    let outcome = try (0..<rows.count).first.map { row in
      try decoded(WriteOutcome.self, try rows.text(row, "outcome"))
    }
    knownReceipt = (write, account, household, outcome)
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
    let text = try storedTexts.text(of: outcome) ?? json(outcome)
    connection.later(
      """
      INSERT INTO write_receipts (household_id, account, write_id, outcome)
      VALUES (\(household.rawValue), \(account.rawValue), \(write.rawValue), \(text))
      """)
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

/// The acting account's household as a transaction found it (`id` nil: none), its document
/// as stored (decoded when first asked for) or as this transaction wrote it, and, in a write,
/// its feed's last number.
struct KnownHousehold {
  let account: AccountID
  var id: HouseholdID?
  var stored: String?
  var written: Household?
  var lastSequence: Int64?
}

/// The new cards' ids a write took to be free (`claimed`, checked with its commit) and those
/// to look up before it is taken as free (`lookUp`: claimed by an attempt the check failed).
final class CardIDClaims {
  var claimed: Set<CardID> = []
  var lookUp: Set<CardID> = []
}
