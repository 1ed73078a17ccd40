import Foundation
import TeammatePostgres

/// The throwaway server verify starts (`scripts/postgres.sh`), named by
/// `TEAMMATE_TEST_POSTGRES`; every store on it gets a schema of its own.
public enum PostgresTestServer {
  public struct Missing: Error, CustomStringConvertible {
    public var description: String {
      "TEAMMATE_TEST_POSTGRES is not set: the PostgreSQL tests need the server "
        + "./scripts/verify.sh starts (or: export TEAMMATE_TEST_POSTGRES=$(scripts/postgres.sh "
        + "start)); they are never skipped"
    }
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var made = 0

  /// The server's URL.
  public static func url() throws -> String {
    guard let url = ProcessInfo.processInfo.environment["TEAMMATE_TEST_POSTGRES"], !url.isEmpty
    else { throw Missing() }
    return url
  }

  /// A new, empty store on the server: a schema named `prefix`, this process and a number.
  public static func freshStore(_ prefix: String) throws -> String {
    let server = try url()
    let number = lock.withLock {
      made += 1
      return made
    }
    return try PostgresBackend.createSchema("\(prefix)_\(getpid())_\(number)", on: server)
  }
}
