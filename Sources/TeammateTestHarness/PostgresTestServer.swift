import Foundation
import TeammatePostgres

/// The server the PostgreSQL tests use: the one `TEAMMATE_TEST_POSTGRES` names (verify starts
/// one), or else a throwaway cluster of this test process's own, started on first use and
/// stopped when the process ends, however it ends. Every store on it gets a schema of its own,
/// in one of a few databases of this process.
public enum PostgresTestServer {
  /// No server, and none could be started: the tests fail saying so, never skip.
  public struct Missing: Error, CustomStringConvertible {
    let why: String
    public var description: String {
      "no PostgreSQL server for the tests: TEAMMATE_TEST_POSTGRES is not set and a throwaway "
        + "cluster could not be started (\(why)); install PostgreSQL (apt-get install "
        + "postgresql libpq-dev), or name a server with TEAMMATE_TEST_POSTGRES"
    }
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var made = 0
  nonisolated(unsafe) private static var own: Result<String, Missing>?
  nonisolated(unsafe) private static var pooler: Result<String, Missing>?

  /// The server's URL.
  public static func url() throws -> String {
    if let url = ProcessInfo.processInfo.environment["TEAMMATE_TEST_POSTGRES"], !url.isEmpty {
      return url
    }
    return try lock.withLock {
      if let own { return own }
      let started = Result { () throws(Missing) -> String in try startOwn() }
      own = started
      return started
    }.get()
  }

  /// Starts this process's cluster, which the script's watcher stops once the process is
  /// gone: a crash, a kill or the end of the run (`scripts/postgres.sh`, its owner).
  private static func startOwn() throws(Missing) -> String {
    let cluster: ThrowawayCluster
    do {
      cluster = try ThrowawayCluster(packageOf: #filePath)
    } catch {
      throw Missing(why: "\(error)")
    }
    return cluster.url
  }

  /// The URL of this process's PgBouncer in transaction mode before the server, started on
  /// first use (installed first if missing) and stopped when the process ends.
  public static func pooledURL() throws -> String {
    let server = try url()
    return try lock.withLock {
      if let pooler { return pooler }
      let started = Result { () throws(Missing) -> String in
        let cluster: ThrowawayCluster
        do {
          cluster = try ThrowawayCluster(packageOf: #filePath, poolerFor: server)
        } catch {
          throw Missing(why: "\(error)")
        }
        return cluster.url
      }
      pooler = started
      return started
    }.get()
  }

  /// A new, empty store reached through this process's pooler: its pooled URL, and a direct
  /// one to the same store for what needs a session of its own (pushes).
  public static func freshPooledStore(_ prefix: String) throws -> (pooled: String, direct: String) {
    let direct = try freshStore(prefix)
    return (try pooled(direct), direct)
  }

  /// The store `direct` (a URL this server's stores are made with) reached through this
  /// process's pooler.
  public static func pooled(_ direct: String) throws -> String {
    guard let store = URLComponents(string: direct),
      let options = store.percentEncodedQueryItems?.first(where: { $0.name == "options" })?.value,
      var pooled = URLComponents(string: try pooledURL())
    else { throw PostgresError.client("the store's URL names no schema") }
    // NB: the pooler passes any database on to the server.
    pooled.path = store.path
    return (pooled.string ?? "") + "&options=" + options
  }

  /// A new, empty store on the server: a schema named `prefix`, this process and a number, in
  /// one of this process's databases.
  public static func freshStore(_ prefix: String) throws -> String {
    let number = freshNumber()
    return try PostgresBackend.createSchema(
      name(prefix, number), on: try database(holding: number), waits: .patient)
  }

  /// How many stores share a database. Each store adds its tables, functions and policies to
  /// its database's catalogue, where the server looks a name up among all of them: in one
  /// database, every store made and every statement planned cost more than the last.
  private static let storesPerDatabase = 40

  /// This process's databases for stores, by their number: made on first use.
  nonisolated(unsafe) private static var databases: [Int: String] = [:]
  private static let databaseLock = NSLock()

  /// The URL of the database that keeps store `number`.
  private static func database(holding number: Int) throws -> String {
    let server = try url()
    let index = (number - 1) / storesPerDatabase
    return try databaseLock.withLock {
      if let made = databases[index] { return made }
      let made = try database(name("stores", index), on: server)
      databases[index] = made
      return made
    }
  }

  /// A number never given before in this process.
  private static func freshNumber() -> Int {
    lock.withLock {
      made += 1
      return made
    }
  }

  /// `prefix`, this process and a number never given before in it: a name no other test's
  /// schema or database has.
  private static func freshName(_ prefix: String) -> String { name(prefix, freshNumber()) }

  /// `prefix`, this process and `number`.
  private static func name(_ prefix: String, _ number: Int) -> String {
    "\(prefix)_\(getpid())_\(number)"
  }

  /// A new, empty database on the server, for a test that reads the server's statistics of
  /// one database: its URL. `dropDatabase` removes it.
  public static func freshDatabase(_ prefix: String) throws -> String {
    try database(freshName(prefix), on: try url())
  }

  /// Makes database `name` on the server at `server`: its URL.
  private static func database(_ name: String, on server: String) throws -> String {
    guard var components = URLComponents(string: server) else {
      throw PostgresError.client("the test server's URL cannot be read")
    }
    try PostgresBackend.execute("CREATE DATABASE \(name)", on: server, waits: .patient)
    components.path = "/" + name
    return components.string ?? server
  }

  /// Removes a database `freshDatabase` made, and everything in it.
  public static func dropDatabase(_ url: String) throws {
    guard let name = URLComponents(string: url)?.path.dropFirst(), !name.isEmpty else { return }
    try PostgresBackend.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", on: try self.url())
  }
}
