import CSQLite
import Foundation

/// Opening a store file safely: create its folder, refuse what is not ours or is damaged or
/// newer, then bring the schema up to date, without ever writing to a file it refuses.
enum SQLiteStoreFile {
  /// An open connection to the store at `path` (`:memory:` for a private in-memory store),
  /// and whether it is ready: a store that is new, older or unmarked must pass
  /// `prepareForWriting` (on the store's own thread) before anything reads it.
  ///
  /// Before SQLite opens the file, its header must be SQLite's, carry our mark (or be a
  /// store of schema 1, from before the mark), and agree with the file's size; after, its
  /// tables must be exactly those of its schema version. A file refused is left untouched.
  static func open(
    _ path: String, access: StoreAccess = .create
  ) throws(StoreError) -> (SQLiteConnection, ready: Bool) {
    if path == ":memory:" { return try openNew(path) }
    let header = try stableHeader(path)
    guard let header else {
      guard access == .create else { throw .missing(path) }
      try prepareLocation(path)
      return try openNew(path)
    }
    guard header.userVersion <= Schema.version else {
      throw .newerSchema(path, found: Int(header.userVersion), supported: Schema.version)
    }
    let ours = header.applicationID == SQLiteHeader.teammateID
    // NB: unmarked, a file may be a store of schema 1 (made before the mark) or an empty
    // database another process is turning into a store this moment; the catalogue decides.
    guard ours || (header.applicationID == 0 && header.userVersion <= 1) else {
      throw .notADatabase(path)
    }
    if access != .readOnly { try checkWritable(path) }
    let connection = try connect(path, readOnly: access == .readOnly)
    let found: Int
    let tables: [String]
    let marked: Bool
    do {
      (found, tables, marked) = try snapshot(connection)
    } catch let error as SQLiteError {
      guard access == .readOnly else { throw classify(error, path: path) }
      // NB: a WAL store in a folder this process cannot write has no shared memory file to
      // coordinate through; nobody can be writing it either, so it is read as immutable.
      let immutable = try connect(immutableURI(path), readOnly: true, uri: true)
      do {
        (found, tables, marked) = try snapshot(immutable)
      } catch let error as SQLiteError {
        throw classify(error, path: path)
      } catch {
        throw .cannotOpen(path, reason: "\(error)")
      }
      return try checked(
        immutable, path: path, found: found, tables: tables, ours: ours || marked, access)
    } catch {
      throw .cannotOpen(path, reason: "\(error)")
    }
    // NB: the file's first page may not yet hold the mark its maker wrote: that is still in the
    // write-ahead log while the maker keeps the store open (AC-STORE-26).
    return try checked(
      connection, path: path, found: found, tables: tables, ours: ours || marked, access)
  }

  /// The header, read again when it looked wrong: another process may be writing the file's
  /// first page this very moment.
  private static func stableHeader(_ path: String) throws(StoreError) -> SQLiteHeader? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    var attempt = 0
    while true {
      do {
        return try SQLiteHeader.read(path)
      } catch {
        attempt += 1
        guard attempt < 3 else { throw error }
        usleep(10_000)
      }
    }
  }

  /// A store that does not exist yet, or a private one in memory: made at the current schema.
  private static func openNew(_ path: String) throws(StoreError) -> (
    SQLiteConnection, ready: Bool
  ) {
    let connection = try connect(path, readOnly: false)
    return try translating(path) {
      let (found, tables, _) = try snapshot(connection)
      // NB: another process may have made it meanwhile; it is then checked like any store.
      if found > 0 || !tables.isEmpty {
        return try checked(
          connection, path: path, found: found, tables: tables, ours: true, .create)
      }
      return (connection, false)
    }
  }

  private static func connect(
    _ path: String, readOnly: Bool, uri: Bool = false
  ) throws(StoreError) -> SQLiteConnection {
    do {
      let connection = try SQLiteConnection(path: path, readOnly: readOnly, uri: uri)
      sqlite3_busy_timeout(connection.handle, 10_000)
      // NB: every connection that may write, the one that makes a store included
      // (AC-STORE-23): left at FULL, a new store's waited for the disk at every commit.
      if !readOnly { try connection.execute("PRAGMA synchronous = NORMAL") }
      return connection
    } catch {
      throw .cannotOpen(path, reason: error.message)
    }
  }

  /// The schema version, the store's tables and indexes as SQLite keeps their text, and
  /// whether it bears the mark, in one snapshot: another process may be creating the store
  /// right now.
  private static func snapshot(
    _ connection: SQLiteConnection
  ) throws -> (Int, [String], marked: Bool) {
    try connection.readTransaction {
      let version =
        try connection.first("PRAGMA user_version") { try $0.int(named: "user_version") } ?? 0
      let mark = try connection.first("PRAGMA application_id") { $0.int(0) } ?? 0
      let tables = try connection.rows(Schema.catalogueQuery) { try $0.text(named: "entry") }
      return (version, tables, mark == Int(SQLiteHeader.teammateID))
    }
  }

  /// Refuses a store whose tables are not exactly those of its version, then brings a
  /// writable one up to date.
  private static func checked(
    _ connection: SQLiteConnection, path: String, found: Int, tables: [String], ours: Bool,
    _ access: StoreAccess
  ) throws(StoreError) -> (SQLiteConnection, ready: Bool) {
    guard found <= Schema.version else {
      throw .newerSchema(path, found: found, supported: Schema.version)
    }
    if found == 0 && tables.isEmpty {
      // An empty database: a store being made, or one to make.
      guard access == .create else { throw .missing(path) }
      return (connection, false)
    }
    // Version 0 with tables, or tables that are not ours: somebody else's database.
    guard found > 0, tables == Schema.catalogue(version: found) else {
      if ours && found > 0 {
        throw .damaged(path, detail: "its tables are not those of schema \(found)")
      }
      throw .notADatabase(path)
    }
    if access == .readOnly {
      guard found == Schema.version, ours else { throw .needsUpgrade(path, found: found) }
      return (connection, true)
    }
    return (connection, found == Schema.version && ours)
  }

  /// Runs `body`, turning what SQLite or anything else throws into the store's own error for
  /// `path`.
  private static func translating<T>(
    _ path: String, _ body: () throws -> T
  ) throws(StoreError) -> T {
    do {
      return try body()
    } catch let error as StoreError {
      throw error
    } catch let error as SQLiteError {
      throw classify(error, path: path)
    } catch {
      throw .cannotOpen(path, reason: "\(error)")
    }
  }

  /// A `file:` URI that opens `path` read-only as a file nobody changes.
  private static func immutableURI(_ path: String) -> String {
    let absolute =
      (path as NSString).isAbsolutePath
      ? path : FileManager.default.currentDirectoryPath + "/" + path
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let escaped = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
    return "file:\(escaped)?immutable=1"
  }

  /// Makes ready for the first write: refuses a store that fails `PRAGMA quick_check`,
  /// naming the file, then makes sure it is in WAL mode and fully migrated.
  static func prepareForWriting(_ connection: SQLiteConnection, path: String) throws {
    let verdict = try connection.rows("PRAGMA quick_check") { try $0.text(named: "quick_check") }
    // NB: an empty new file has nothing to check, and says "ok".
    guard verdict == ["ok"] else {
      throw StoreError.damaged(path, detail: verdict.prefix(3).joined(separator: "; "))
    }
    if path != ":memory:" { try useWriteAheadLog(connection) }
    try migrate(connection)
  }

  /// WAL lets readers and a writer work at once; the mode is stored in the file.
  ///
  /// NB: switching needs the file to itself, and SQLite answers "busy" at once instead of
  /// waiting when another connection is reading, so the switch is retried for a while.
  private static func useWriteAheadLog(_ connection: SQLiteConnection) throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while true {
      let mode = try connection.first("PRAGMA journal_mode") { try $0.text(named: "journal_mode") }
      if mode == "wal" { return }
      do {
        // NB: SQLite answers with the mode it is in; one that will not switch (a read-only or
        // immutable file) answers with the old mode and no error, and must not be asked again.
        let switched = try connection.first("PRAGMA journal_mode = WAL") {
          try $0.text(named: "journal_mode")
        }
        guard switched == "wal" else {
          throw SQLiteError(
            code: SQLITE_READONLY,
            message: "the store stays in \(switched ?? "its") journal mode: it cannot be written")
        }
        return
      } catch let error as SQLiteError {
        guard error.primaryCode == SQLITE_BUSY, ContinuousClock.now < deadline else { throw error }
        usleep(2_000)
      }
    }
  }

  /// Applies every migration the store lacks, each version in its own transaction.
  private static func migrate(_ connection: SQLiteConnection) throws {
    // NB: an up-to-date store needs no write lock just to be opened.
    let current =
      try connection.first("PRAGMA user_version") { try $0.int(named: "user_version") } ?? 0
    let mark = try connection.first("PRAGMA application_id") { $0.int64(0) } ?? 0
    guard current < Schema.version || mark != Int64(SQLiteHeader.teammateID) else { return }
    while true {
      let done = try connection.writeTransaction { () throws -> Bool in
        // NB: read again inside the write lock: another process may have migrated meanwhile.
        let current =
          try connection.first("PRAGMA user_version") { try $0.int(named: "user_version") } ?? 0
        // NB: the mark goes in with the first tables, in one transaction, so that no other
        // process ever sees a store of ours without it.
        try connection.execute("PRAGMA application_id = \(SQLiteHeader.teammateID)")
        guard current < Schema.version else { return true }
        try connection.execute(Schema.migrations[current].sql)
        try connection.execute("PRAGMA user_version = \(current + 1)")
        return false
      }
      if done { return }
    }
  }

  /// Creates the store's folder (owner-only) and an empty owner-only file for SQLite to fill:
  /// a store holds invite codes.
  private static func prepareLocation(_ path: String) throws(StoreError) {
    let files = FileManager.default
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty && !files.fileExists(atPath: folder) {
      do {
        try files.createDirectory(
          atPath: folder, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw .cannotCreateDirectory(folder, reason: reason(error))
      }
    }
    guard files.isWritableFile(atPath: folder.isEmpty ? "." : folder) else {
      throw .notWritable(path)
    }
    if !files.fileExists(atPath: path) {
      if let failure = createOwnerOnly(path), failure != EEXIST {
        throw .cannotOpen(path, reason: String(cString: strerror(failure)))
      }
    }
  }

  private static func checkWritable(_ path: String) throws(StoreError) {
    guard FileManager.default.isWritableFile(atPath: path) else { throw .notWritable(path) }
  }

  private static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    return underlying.map { String(cString: strerror(Int32($0.code))) }
      ?? error.localizedDescription
  }

  /// A store error for a failed SQLite call, by what the failure says about the file.
  static func classify(_ error: SQLiteError, path: String) -> StoreError {
    switch error.primaryCode {
    case SQLITE_NOTADB: return .notADatabase(path)
    case SQLITE_CORRUPT: return .damaged(path, detail: error.message)
    case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM: return .notWritable(path)
    default: return .failed(path, error)
    }
  }
}

/// Creates the file readable and writable by its owner only, failing if it exists: nil, or the
/// `errno` of the failure.
///
/// NB: at file scope, where `open` is the system's call (inside `SQLiteStoreFile` it names the
/// store's own), on Glibc and on Darwin alike.
private func createOwnerOnly(_ path: String) -> Int32? {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else { return errno }
  close(descriptor)
  return nil
}
