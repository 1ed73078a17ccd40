import Foundation

/// What a measuring caller hears of a backend's connection (issue 61): a test or the benchmark
/// gives one (`TeammateTestHarness`'s `PostgresCounts`), and counts round trips, statements,
/// documents, waits that ran out and retries there, or cuts the connection just before a
/// write's commit. A service gives none: no production type keeps a test's counter, and
/// nothing is counted.
package protocol PostgresObserver: AnyObject, Sendable {
  /// Statements sent and their answers waited for, in one round trip.
  func roundTrip(statements: Int)
  /// A document encoded as JSON for the server.
  func encodedDocument()
  /// A wait for the server's answer that ran out.
  func waitExpired()
  /// A transaction that lost a race, run again.
  func retried()
  /// Whether `beforeCommit` is to be called: only then is the server asked for its process,
  /// and an add takes no path on a known head meanwhile.
  var cutsBeforeCommit: Bool { get }
  /// Called just before a write's commit with the connection's server process; what it
  /// throws fails the write (a test stops that process here).
  func beforeCommit(serverProcess: String) throws
}
