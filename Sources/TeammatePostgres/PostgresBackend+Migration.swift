import Foundation
import TeammateKit

/// Opening a store: made when empty, checked when ours, migrated when older (one file per
/// migration in `Migrations/`).
extension PostgresBackend {
  /// Makes an empty database ours, or checks that it is ours and not newer and brings an
  /// older one up to this build's schema. Connections opening one store at once take turns
  /// (a lock on the schema's name), so that an empty store is made once. Answers the account
  /// the connection's role signs in as (ADR 0014), nil for a role of the service.
  @discardableResult
  static func prepare(_ connection: PostgresConnection, searchPath: String?)
    throws(PostgresError) -> (signedIn: AccountID?, secret: StoreSecret?)
  {
    try connection.execute("BEGIN")
    do {
      if let searchPath {
        try connection.query("SELECT set_config('search_path', \(searchPath), true)")
      }
      // NB: a store of this build's schema is only read: no lock, which a device may not take
      // (schema 13). Making or migrating one takes turns on the store's lock.
      if try currentVersion(connection) != PostgresSchema.version {
        try connection.query(
          "SELECT pg_advisory_xact_lock(hashtextextended('teammate.store ' || current_schema(), 0))"
        )
        try check(connection)
      }
      let signedIn = try connection.query("SELECT teammate_signed_in() AS account")
        .optionalText(0, "account").map { AccountID($0) }
      let secret =
        signedIn != nil
        ? nil
        : StoreSecret(
          value: try connection.query("SELECT value FROM teammate_secret").text(0, "value"))
      try connection.execute("COMMIT")
      return (signedIn, secret)
    } catch {
      try? connection.execute("ROLLBACK")
      throw error
    }
  }

  /// The schema's version the store is marked with, or nil for a database with no mark.
  static func currentVersion(_ connection: PostgresConnection) throws(PostgresError)
    -> Int?
  {
    // NB: a table that is not there fails the statement that names it, as it is parsed.
    guard try isMarked(connection) else { return nil }
    let rows = try connection.query(
      "SELECT version FROM teammate_schema WHERE application = \(PostgresSchema.application)")
    guard rows.count == 1 else { return nil }
    return Int(try rows.text(0, "version"))
  }

  /// Whether the store's schema holds the mark `teammate_schema`. The catalogue is read as a
  /// table, not looked up by name: a session keeps a name it did not find in its cache until
  /// something makes it look again, and the lock `prepare` may take next does not, so another
  /// session's new table would stay unseen; and a session's temporary table of that name is
  /// no mark.
  static func isMarked(_ connection: PostgresConnection) throws(PostgresError) -> Bool {
    try connection.query(
      """
      SELECT EXISTS (SELECT 1 FROM pg_class WHERE relname = 'teammate_schema'
        AND relnamespace = current_schema()::regnamespace) AS marked
      """
    ).text(0, "marked") == "t"
  }

  /// `prepare`, inside its transaction.
  static func check(_ connection: PostgresConnection) throws(PostgresError) {
    if try isMarked(connection) {
      let rows = try connection.query("SELECT application, version FROM teammate_schema")
      guard rows.count == 1, try rows.text(0, "application") == PostgresSchema.application,
        let version = Int(try rows.text(0, "version"))
      else { throw PostgresError.client("the database is not a Teammate store") }
      guard version <= PostgresSchema.version else {
        throw PostgresError.client(
          "the database has schema \(version), newer than this build's \(PostgresSchema.version)")
      }
      if version < PostgresSchema.version { try migrate(connection, from: version) }
      return
    }
    // NB: the schema's tables found through what depends on it, on an index: a scan of
    // every relation of the database would grow with every store in it.
    let tables = try connection.query(
      """
      SELECT count(*) AS tables FROM pg_depend d JOIN pg_class c ON c.oid = d.objid
      WHERE d.refclassid = 'pg_namespace'::regclass
        AND d.refobjid = current_schema()::regnamespace
        AND d.classid = 'pg_class'::regclass AND c.relkind IN ('r', 'p')
      """
    ).integer(0, "tables")
    guard tables == 0 else {
      throw PostgresError.client("the database holds another application's tables")
    }
    // NB: the tables and the schema's mark go in at once, or not at all.
    try connection.execute(
      PostgresSchema.migrations.map(\.sql).joined(separator: "\n") + PostgresSchema.definerHardening
        + " INSERT INTO teammate_schema VALUES ('\(PostgresSchema.application)', "
        + "\(PostgresSchema.version));")
  }

  /// Applies the migrations a store lacks, inside `prepare`'s transaction: the version was
  /// read under its lock, so two processes opening an old store migrate it once. Every
  /// definer function is hardened after them (`definerHardening`).
  static func migrate(_ connection: PostgresConnection, from current: Int)
    throws(PostgresError)
  {
    try connection.execute(
      PostgresSchema.migrations[current...].map(\.sql).joined(separator: "\n")
        + PostgresSchema.definerHardening
        + " UPDATE teammate_schema SET version = \(PostgresSchema.version)")
  }
}
