import Foundation
import TeammateKit

/// `BackendStorage` over one PostgreSQL connection, inside the transaction the backend opened
/// for the call. Documents are kept as JSON text beside the columns the queries need (ADR
/// 0011); every value is bound, every row read by its column's name.
public struct PostgresStorage: BackendStorage {
  let connection: PostgresConnection
  /// Whether the transaction is a write, which takes locks (a read takes none).
  private(set) var isWriting = false
  let encoder: JSONEncoder
  let decoder = JSONDecoder()

  /// The new cards' ids taken to be free in this transaction, to be checked with its commit.
  let claims: CardIDClaims

  /// The cards the transaction's first round trip read, and those it wrote since.
  var knownCards: KnownCards?

  /// The store's secret, for the service, which announces a change in plain SQL; nil for a
  /// device, which announces through the database's function.
  let secret: StoreSecret?

  init(
    connection: PostgresConnection, claims: CardIDClaims, secret: StoreSecret?
  ) {
    self.connection = connection
    self.secret = secret
    self.claims = claims
    encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
  }

  /// A document as stored: JSON with sorted keys, so that the same value is the same text.
  func json(_ value: some Encodable) throws -> String {
    connection.observer?.encodedDocument()
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Each row's `column` as a `T`.
  func documents<T: Decodable>(
    _ type: T.Type, _ column: String, of statement: PostgresQuery
  ) throws -> [T] {
    let rows = try connection.query(statement)
    return try (0..<rows.count).map { row in try decoded(type, try rows.text(row, column)) }
  }

  /// A stored document as a `T`; one that does not read is this client's to report.
  func decoded<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    do {
      return try decoder.decode(type, from: Data(text.utf8))
    } catch {
      throw PostgresError.client("a stored \(T.self) cannot be read")
    }
  }

  /// Changes as rows of `sequence` and `body`: the column is the change's number (the
  /// document's own is what it was when written, before the number was taken).
  func changes(_ statement: PostgresQuery) throws -> [Change] {
    try changes(try connection.query(statement))
  }

  /// Changes from rows of `sequence` and `body`.
  func changes(_ rows: PostgresRows) throws -> [Change] {
    try (0..<rows.count).map { row in
      var change = try decoded(Change.self, try rows.text(row, "body"))
      change.sequence = try rows.integer(row, "sequence")
      return change
    }
  }

  /// The first row's document, or nil for none.
  func document<T: Decodable>(
    _ type: T.Type, _ column: String, of statement: PostgresQuery
  ) throws -> T? {
    try documents(type, column, of: statement).first
  }

  /// What the transaction's first round trip read about the acting account's household,
  /// kept while the transaction runs and changed with what it writes: the account's own
  /// lookups are not asked of the server again.
  var known: KnownHousehold?

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

  /// The feed the transaction's first round trip read, for the pull that asked for it.
  var knownChanges: (household: HouseholdID, cursor: Int64, limit: Int, rows: PostgresRows)?

  /// The answer to `write`, if the transaction's first round trip read it.
  var knownReceipt:
    (write: WriteID, account: AccountID, household: HouseholdID, outcome: WriteOutcome?)?
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
