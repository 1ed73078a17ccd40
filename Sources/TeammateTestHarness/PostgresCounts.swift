import Foundation
import TeammatePostgres

/// What a test or the benchmark counts of a PostgreSQL backend (issue 61): round trips,
/// statements, documents encoded, waits that ran out and retries, heard through the
/// backend's `PostgresObserver`; and, when set, a cut just before each write's commit. Tests
/// state budgets over its figures (`≤ 7 statements`), not exact counts.
package final class PostgresCounts: PostgresObserver, @unchecked Sendable {
  private let lock = NSLock()
  private var counted = (roundTrips: 0, statements: 0, documents: 0, expiredWaits: 0, retries: 0)
  private var cut: (@Sendable (String) throws -> Void)?

  package init() {}

  /// Round trips made so far.
  package var roundTrips: Int { lock.withLock { counted.roundTrips } }
  /// Statements sent so far.
  package var statementsSent: Int { lock.withLock { counted.statements } }
  /// Documents encoded so far.
  package var documentsEncoded: Int { lock.withLock { counted.documents } }
  /// Waits for the server that ran out so far.
  package var expiredWaits: Int { lock.withLock { counted.expiredWaits } }
  /// Transactions run again after losing a race so far.
  package var retries: Int { lock.withLock { counted.retries } }

  /// Runs `body` with each write's server process just before its commit (nil: none).
  package func cutBeforeCommit(_ body: (@Sendable (String) throws -> Void)?) {
    lock.withLock { cut = body }
  }

  package func roundTrip(statements: Int) {
    lock.withLock {
      counted.roundTrips += 1
      counted.statements += statements
    }
  }
  package func encodedDocument() { lock.withLock { counted.documents += 1 } }
  package func waitExpired() { lock.withLock { counted.expiredWaits += 1 } }
  package func retried() { lock.withLock { counted.retries += 1 } }
  package var cutsBeforeCommit: Bool { lock.withLock { cut != nil } }
  package func beforeCommit(serverProcess: String) throws {
    try lock.withLock { cut }?(serverProcess)
  }
}

extension PostgresBackend {
  /// The counts this backend is heard by: those given before, or new ones from now on (a
  /// test asks before the call it counts).
  package func counts() -> PostgresCounts {
    if let counts = observer as? PostgresCounts { return counts }
    let counts = PostgresCounts()
    observe(with: counts)
    return counts
  }
}
