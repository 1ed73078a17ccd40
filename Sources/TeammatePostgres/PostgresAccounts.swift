import Foundation
import TeammateKit

/// The operator's step before a device can use a server (ADR 0014): an account's own role,
/// made and removed with the service role's URL. A device signs in as that role, and the
/// database takes its account from the session, never from a setting the device chooses.
///
/// ```swift
/// let alice = try PostgresAccounts(url: serviceURL).add("alice")
/// let backend = try PostgresBackend(url: alice.url(password: true), clock: SystemWallClock())
/// ```
public final class PostgresAccounts {
  /// The operator's session on the store.
  private let connection: PostgresConnection
  /// The service URL the session was opened with, to build devices' URLs from.
  private let url: String

  /// Opens the store at `url` (the service role's, the server's own rather than a pooler's,
  /// since roles are made in a session) as its operator, making or bringing its schema up to
  /// this build's first; `waits` bound how long a server that does not answer holds a call.
  public init(url: String, waits: PostgresWaits = .standard) throws(PostgresError) {
    let address = try PostgresAddress(url)
    guard !address.pooled else {
      throw .client("accounts are provisioned with the server's own URL, not a pooler's")
    }
    connection = try PostgresConnection(address, waits: waits)
    try PostgresBackend.prepare(connection, searchPath: nil)
    self.url = url
  }

  /// An account's role on the server and its secret, which is shown once and kept nowhere
  /// on the server (only its SCRAM verifier is).
  public struct Provisioned: Sendable, Equatable {
    /// The account the role signs in as.
    public let account: AccountID
    /// The role's name: `teammate_` and random letters, since an account's name need not
    /// be a SQL identifier.
    public let role: String
    /// The role's password.
    public let secret: String
    /// The service URL it was made with, to build the device's from.
    let serviceURL: String

    /// The URL a device uses: the service URL (or `base`, another URL to the same store,
    /// such as a pooler's) with the role as its user and, with `password`, the secret in it;
    /// without, libpq reads it from `passfile` (a file in PostgreSQL's password-file form,
    /// `passfileLine`) or from `PGPASSFILE`.
    public func url(on base: String? = nil, password: Bool = false, passfile: String? = nil)
      -> String
    {
      let base = base ?? serviceURL
      guard var components = URLComponents(string: base) else { return base }
      components.user = nil
      components.password = nil
      var items = (components.percentEncodedQueryItems ?? []).filter {
        !["user", "password", "passfile"].contains($0.name)
      }
      items.append(URLQueryItem(name: "user", value: role))
      if password { items.append(URLQueryItem(name: "password", value: Self.encoded(secret))) }
      if let passfile {
        items.append(URLQueryItem(name: "passfile", value: Self.encoded(passfile)))
      }
      components.percentEncodedQueryItems = items
      return components.string ?? base
    }

    /// The line of a password file that signs the role in on any host, port and database.
    public var passfileLine: String {
      "*:*:*:\(role):\(secret.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:"))"
    }

    private static func encoded(_ value: String) -> String {
      var allowed = CharacterSet.alphanumerics
      allowed.insert(charactersIn: "-._~/")
      return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
  }

  /// The letters of generated role names and secrets.
  private static let letters = Array("abcdefghijkmnpqrstuvwxyz23456789")

  /// Makes `account` a role of its own on the store, in the device group and nothing else,
  /// and returns it with its new secret. An account that has a role already is refused.
  public func add(
    _ account: AccountID, random: some RandomNumberGenerator = SystemRandomNumberGenerator()
  ) throws(PostgresError) -> Provisioned {
    var random = random
    func letters(_ count: Int) -> String {
      String((0..<count).map { _ in Self.letters[Int(random.next(upperBound: UInt(32)))] })
    }
    let role = "teammate_" + letters(20)
    let secret = letters(32)
    let verifier = try connection.verifier(of: secret, for: role)
    // NB: the role's name is this code's own letters, and the verifier base64 and `$:`; a
    // role's password cannot be a bound value.
    guard !verifier.contains("'") else { throw .client("the secret could not be prepared") }
    try inTransaction { () throws(PostgresError) in
      let existing = try connection.query(
        "SELECT role FROM teammate_accounts WHERE account = \(account.rawValue)")
      guard existing.count == 0 else {
        throw PostgresError.client("'\(account)' has a role on this store already")
      }
      try connection.execute(
        """
        CREATE ROLE \(role) LOGIN PASSWORD '\(verifier)' CONNECTION LIMIT \(Self.connectionLimit)
          IN ROLE teammate_device;
        ALTER ROLE \(role) SET temp_file_limit = '\(Self.temporaryFileLimit)'
        """)
      try connection.query(
        "INSERT INTO teammate_accounts (role, account) VALUES (\(role), \(account.rawValue))")
    }
    return Provisioned(account: account, role: role, secret: secret, serviceURL: url)
  }

  /// How many sessions one device's role may hold at once: a phone's backend, its listener
  /// and a few more, never enough to crowd the server's out (ADR 0019).
  static let connectionLimit = 20

  /// How much a device's session may spill to temporary files; the setting is the
  /// superuser's, so a device cannot lift it.
  static let temporaryFileLimit = "64MB"

  /// Removes `account`'s role from the store: its URL stops signing in, its sessions are
  /// ended, what it owns or granted is dropped, and the role with it (ADR 0019). The
  /// account's household and cards stay. An account with no role is refused.
  public func remove(_ account: AccountID) throws(PostgresError) {
    let rows = try connection.query(
      "SELECT role FROM teammate_accounts WHERE account = \(account.rawValue)")
    guard rows.count == 1 else {
      throw PostgresError.client("'\(account)' has no role on this store")
    }
    let role = try rows.text(0, "role")
    guard PostgresQuery.isPlainName(role) else {
      throw PostgresError.client("the stored role '\(role)' is not one this tool made")
    }
    // NB: no new session first (committed, so that a sign-in sees it); then the sessions are
    // found by the role's id, which outlives its name's row no longer than the role does.
    try connection.execute("ALTER ROLE \(role) NOLOGIN")
    try connection.query(
      """
      SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
      WHERE usesysid = (SELECT oid FROM pg_roles WHERE rolname = \(role))
      """)
    try inTransaction { () throws(PostgresError) in
      try connection.query("DELETE FROM teammate_accounts WHERE account = \(account.rawValue)")
      try connection.execute("DROP OWNED BY \(role); DROP ROLE \(role)")
    }
  }

  /// Erases `account` for a request that came by mail (AC-PORT-08): the kit's erasure, acted
  /// as the account through the service (what it wrote stays in its household, by a former
  /// member; a household it is alone in goes only when `deletingHousehold` says so), and
  /// then its role, if it has one, is dropped as `remove` drops it. A refused erasure
  /// changes nothing, the role included.
  public func erase(
    _ account: AccountID, deletingHousehold: Bool, clock: any WallClock
  ) async throws {
    let rows = try connection.query(
      "SELECT role FROM teammate_accounts WHERE account = \(account.rawValue)")
    let role = rows.count == 1 ? try rows.text(0, "role") : nil
    if let role, !PostgresQuery.isPlainName(role) {
      throw PostgresError.client("the stored role '\(role)' is not one this tool made")
    }
    let service = try PostgresBackend(url: url, clock: clock)
    try await service.eraseAccount(deletingHousehold: deletingHousehold, as: account)
    guard let role else { return }
    try connection.execute("ALTER ROLE \(role) NOLOGIN")
    try connection.query(
      """
      SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
      WHERE usesysid = (SELECT oid FROM pg_roles WHERE rolname = \(role))
      """)
    try connection.execute("DROP OWNED BY \(role); DROP ROLE \(role)")
  }

  /// Ends every session of this store's devices whose transaction has been open longer than
  /// `limit`, idle or not, and answers how many (ADR 0019): a device may lift every time limit
  /// it is given (`SET idle_in_transaction_session_timeout = 0`), so the operator runs this on
  /// a schedule.
  /// An open transaction holds back the vacuum of every household and keeps its locks. The
  /// service's sessions and a device's sessions between transactions are left alone.
  @discardableResult
  public func endStalledTransactions(olderThan limit: Duration) throws(PostgresError) -> Int {
    let milliseconds = PostgresWaits.wholeMilliseconds(limit)
    let rows = try connection.query(
      """
      SELECT count(*) FILTER (WHERE pg_terminate_backend(a.pid, 5000)) AS ended
      FROM pg_stat_activity a
      WHERE a.xact_start < clock_timestamp() - make_interval(secs => \(milliseconds) / 1000.0)
        AND a.usename IN (SELECT role FROM teammate_accounts)
      """)
    return Int(try rows.integer(0, "ended"))
  }

  /// Runs `body` in one transaction of the operator's session: all of it, or none.
  private func inTransaction(_ body: () throws(PostgresError) -> Void) throws(PostgresError) {
    try connection.execute("BEGIN")
    do {
      try body()
      try connection.execute("COMMIT")
    } catch {
      try? connection.execute("ROLLBACK")
      throw error
    }
  }
}
