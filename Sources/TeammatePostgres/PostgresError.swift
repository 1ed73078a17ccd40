/// A failed libpq call: what the server or the library said, its SQLSTATE when there is one.
public struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The five-character SQLSTATE (`40001` a serialization failure), or empty for a
  /// connection that failed before any statement.
  public var state: String
  /// The server's message, on one line.
  public var message: String
  /// Whether the server did not answer in time (`PostgresWaits`): said by this client, not
  /// by the server, and a write's commit sent before it may or may not have landed.
  public private(set) var isUnanswered = false

  /// An error with its SQLSTATE and message.
  public init(state: String, message: String) {
    self.state = state
    self.message = message
  }

  /// The server said nothing within `wait`.
  static func unanswered(within wait: Duration) -> PostgresError {
    var error = PostgresError(
      state: "", message: "the server did not answer within \(PostgresWaits.spoken(wait))")
    error.isUnanswered = true
    return error
  }

  /// A transaction that lost a race and may be run again: a serialization failure, a
  /// deadlock, or a key a concurrent writer took between the read that found it free and the
  /// insert (run again, the rules see who holds it).
  public var isRetryable: Bool { state == "40001" || state == "40P01" || state == "23505" }

  /// What a call says when it still lost after every pause `pauses` allowed.
  func afterPauses(_ pauses: RetryPauses) -> PostgresError {
    PostgresError(
      state: state,
      message:
        "the server stayed busy with other writes for \(pauses.waited / 1_000) ms over "
        + "\(pauses.taken + 1) tries; nothing was changed")
  }

  public var description: String {
    (state.isEmpty ? "" : "PostgreSQL error \(state): ") + message
  }
}
