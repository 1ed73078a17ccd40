import Foundation
import TeammateKit
import TeammatePostgres
import TeammateSQLite
import TeammateTestSupport

/// Our own backends, each a factory for the conformance suite and the simulator.
public enum BackendKind: String, CaseIterable, Sendable, CustomStringConvertible, BackendFactory {
  case inMemory
  case sqliteInMemory
  case sqliteFile
  case postgres
  /// PostgreSQL through PgBouncer in transaction mode, pushes on a direct connection.
  case postgresPooled

  public var description: String { rawValue }

  public var name: String { rawValue }

  /// NB: a store on the server is made off Swift's cooperative threads: it waits for the
  /// server, and the tests beside it would wait too.
  public func makeBackend(clock: any WallClock, random: SeededRandomNumberGenerator)
    async throws -> any TeammateBackend
  {
    switch self {
    case .inMemory:
      return InMemoryBackendFactory().makeBackend(clock: clock, random: random)
    case .sqliteInMemory:
      return try SQLiteBackend(path: ":memory:", clock: clock, random: random)
    case .sqliteFile:
      let path = try TemporaryFolder.make().appending("store.sqlite")
      return try SQLiteBackend(path: path, clock: clock, random: random)
    // NB: as devices reach a server, each account signed in as its own role (ADR 0014).
    case .postgres:
      let name = rawValue
      return try await offThePool {
        try SignedInPostgresBackend(
          .init(direct: try PostgresTestServer.freshStore(name)), clock: clock, random: random)
      }
    case .postgresPooled:
      return try await offThePool {
        let store = try PostgresTestServer.freshPooledStore("pooled")
        return try SignedInPostgresBackend(
          .init(pooled: store.pooled, direct: store.direct), clock: clock, random: random)
      }
    }
  }

  /// A SQLite store keeps each device's state in its file, as the command line's device does;
  /// a phone of a server keeps it in a device file of its own, as a phone does (ADR 0020), so
  /// that a relaunch opens from what a turn's save wrote a part at a time; in memory, in
  /// memory.
  public func makeDeviceStore(for backend: any TeammateBackend) async throws -> any DeviceStore {
    switch self {
    case .inMemory:
      return InMemoryDeviceStore()
    case .sqliteInMemory, .sqliteFile:
      guard let store = backend as? SQLiteBackend else { return InMemoryDeviceStore() }
      return SQLiteDeviceStore(householdStore: store)
    case .postgres, .postgresPooled:
      let file = try TemporaryFolder.make().appending("phone.sqlite")
      return SQLiteDeviceStore(
        file: try SQLiteBackend(path: file, clock: FixedWallClock(Fixtures.start)))
    }
  }
}
