import CSQLite
import Foundation
import TeammateKit

/// The durable backend: every household in one SQLite file, safe for several processes.
///
/// Each call is one transaction (`BEGIN IMMEDIATE` for writes) around `BackendOperations`, so
/// a refused or interrupted call leaves the previous state; WAL mode and a busy timeout let
/// two processes write at once. Timestamps come from the injected clock.
///
/// ```swift
/// let store = try SQLiteBackend(path: "/var/lib/teammate/home.sqlite", clock: SystemWallClock())
/// ```
public actor SQLiteBackend: TransactionalBackend {
  /// The store's file (or `:memory:`).
  public nonisolated let path: String
  let connection: SQLiteConnection
  let storage: SQLiteStorage
  private let clock: any WallClock
  private var random: AnyRandomNumberGenerator
  public let joinLimit: JoinAttemptLimit
  /// Whether `PRAGMA quick_check` has passed on this connection.
  private var verified = false
  /// Whether the store is at the current schema with our mark; until then it is made so, on
  /// this store's own thread, before the first read or write.
  private var ready: Bool
  /// How this store was opened: a read-only one refuses every write.
  public nonisolated let access: StoreAccess
  /// The thread every call of this store runs on.
  nonisolated let thread = StoreThread(name: "teammate.sqlite")
  /// Who follows which household's changes (`pushes`).
  var watching = SQLiteWatchers()

  /// Whether this actor's code runs on the store's own thread (it always should).
  func runsOnItsOwnThread() -> Bool { thread.isCurrent }

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    thread.asUnownedSerialExecutor()
  }

  deinit { thread.stop() }

  /// Opens the store at `path` (`:memory:` for a private one) as `access` says: by default
  /// creating it when it does not exist.
  public init(
    path: String, clock: any WallClock,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    joinLimit: JoinAttemptLimit = .standard, access: StoreAccess = .create
  ) throws(StoreError) {
    self.path = path
    self.access = access
    (connection, ready) = try SQLiteStoreFile.open(path, access: access)
    storage = SQLiteStorage(connection: connection)
    self.clock = clock
    self.random = AnyRandomNumberGenerator(random)
    self.joinLimit = joinLimit
  }

  /// The schema version this build writes.
  public static var schemaVersion: Int { Schema.version }

  // MARK: Transactions

  /// One write transaction at server time; any error rolls it back.
  ///
  /// The first write on a connection checks the whole file first (`PRAGMA quick_check`):
  /// nothing is ever written into a damaged store. Reads skip the check, which costs a scan
  /// of the file, and a read that meets damage is refused as damaged all the same.
  public func write<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (inout SQLiteStorage, Date, inout AnyRandomNumberGenerator) throws -> T
  ) throws -> T {
    try writing(body)
  }

  /// One consistent read.
  public func read<T>(
    _ checked: borrowing AccessChecked, as actor: AccountID,
    _ body: (SQLiteStorage, Date) throws -> T
  ) throws -> T {
    try reading(body)
  }

  /// The write runner, for the kit's operations (`write`) and the module's own rows (a
  /// device file's state), which are no household's and need no access check.
  func writing<T>(
    _ body: (inout SQLiteStorage, Date, inout AnyRandomNumberGenerator) throws -> T
  ) throws -> T {
    guard access != .readOnly else { throw StoreError.notWritable(path) }
    if !verified { try prepare() }
    let result = try translated {
      try connection.writeTransaction {
        var storage = storage
        return try body(&storage, clock.now(), &random)
      }
    }
    announce()
    return result
  }

  /// The read runner, as `writing` is the write's.
  func reading<T>(_ body: (SQLiteStorage, Date) throws -> T) throws -> T {
    if !ready { try prepare() }
    return try translated { try connection.readTransaction { try body(storage, clock.now()) } }
  }

  /// Checks the whole file, switches it to WAL and migrates it: on this thread, since the
  /// switch may have to wait for other connections.
  private func prepare() throws {
    try translated { try SQLiteStoreFile.prepareForWriting(connection, path: path) }
    verified = true
    ready = true
  }

  /// Rule refusals pass through; every other failure becomes a store error naming the file.
  private func translated<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as TeammateError {
      throw error
    } catch let error as HouseholdDocumentError {
      throw error
    } catch let error as StoreError {
      throw error
    } catch let error as UnreadableDeviceState {
      throw error
    } catch let error as SQLiteError {
      throw SQLiteStoreFile.classify(error, path: path)
    } catch {
      throw StoreError.failed(path, SQLiteError(code: SQLITE_ERROR, message: "\(error)"))
    }
  }
}
