import CSQLite
import Foundation

/// Opening a store file safely: create its folder, refuse what is not ours or is damaged or
/// newer, then bring the schema up to date, without ever writing to a file it refuses.
enum SQLiteStoreFile {
  /// An open connection to the store at `path` (`:memory:` for a private in-memory store),
  /// at the current schema, and whether it has already passed `prepareForWriting`.
  static func open(_ path: String) throws(StoreError) -> (SQLiteConnection, prepared: Bool) {
    if path != ":memory:" { try prepareLocation(path) }
    let connection: SQLiteConnection
    do throws(SQLiteError) {
      connection = try SQLiteConnection(path: path)
    } catch {
      throw .cannotOpen(path, reason: error.message)
    }
    sqlite3_busy_timeout(connection.handle, 10_000)

    let found: Int
    let tables: Int
    do {
      // NB: one statement, one snapshot: another process may be creating the store right now.
      (found, tables) =
        try connection.first(
          "SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)"
        ) { ($0.int(0), $0.int(1)) } ?? (0, 0)
    } catch let error as SQLiteError {
      throw classify(error, path: path)
    } catch {
      throw .cannotOpen(path, reason: "\(error)")
    }
    guard found <= Schema.version else {
      throw .newerSchema(path, found: found, supported: Schema.version)
    }
    do {
      try connection.execute("PRAGMA synchronous = NORMAL")
      // Version 0 is a new, empty file; any other SQLite file is somebody else's.
      guard found > 0 || tables == 0 else { throw StoreError.notADatabase(path) }
      if found < Schema.version {
        try prepareForWriting(connection, path: path)
        return (connection, true)
      }
    } catch let error as StoreError {
      throw error
    } catch let error as SQLiteError {
      throw classify(error, path: path)
    } catch {
      throw .cannotOpen(path, reason: "\(error)")
    }
    return (connection, false)
  }

  /// Makes ready for the first write: refuses a store that fails `PRAGMA quick_check`,
  /// naming the file, then makes sure it is in WAL mode and fully migrated.
  static func prepareForWriting(_ connection: SQLiteConnection, path: String) throws {
    let verdict = try connection.rows("PRAGMA quick_check") { $0.text(0) }
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
      let mode = try connection.first("PRAGMA journal_mode") { $0.text(0) }
      if mode == "wal" { return }
      do {
        try connection.execute("PRAGMA journal_mode = WAL")
      } catch {
        guard error.primaryCode == SQLITE_BUSY, ContinuousClock.now < deadline else { throw error }
        usleep(2_000)
      }
    }
  }

  /// Applies every migration the store lacks, each version in its own transaction.
  private static func migrate(_ connection: SQLiteConnection) throws {
    // NB: an up-to-date store needs no write lock just to be opened.
    let current = try connection.first("PRAGMA user_version") { $0.int(0) } ?? 0
    guard current < Schema.version else { return }
    while true {
      let done = try connection.writeTransaction { () throws -> Bool in
        // NB: read again inside the write lock: another process may have migrated meanwhile.
        let current = try connection.first("PRAGMA user_version") { $0.int(0) } ?? 0
        guard current < Schema.version else { return true }
        try connection.execute(Schema.migrations[current])
        try connection.execute("PRAGMA user_version = \(current + 1)")
        return false
      }
      if done { return }
    }
  }

  private static func prepareLocation(_ path: String) throws(StoreError) {
    let files = FileManager.default
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty && !files.fileExists(atPath: folder) {
      do {
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw .cannotCreateDirectory(folder, reason: reason(error))
      }
    }
    if files.fileExists(atPath: path) {
      guard files.isWritableFile(atPath: path) else { throw .notWritable(path) }
    } else {
      guard files.isWritableFile(atPath: folder.isEmpty ? "." : folder) else {
        throw .notWritable(path)
      }
    }
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
