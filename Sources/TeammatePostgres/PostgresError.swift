/// A failed libpq call: what the server said, with its code, or what this client found (a
/// connection that could not open, an answer that did not come, a value it cannot read),
/// with none.
public struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The server's code (`SQLState.serializationFailure`…), or nil when the server did not
  /// say it: the connection failed, or this client found the fault.
  public var state: SQLState?
  /// What was said, on one line.
  public var message: String
  /// Whether the server did not answer in time (`PostgresWaits`): said by this client, not
  /// by the server, and a write's commit sent before it may or may not have landed.
  public private(set) var isUnanswered = false

  /// An error with the server's code and message.
  public init(state: SQLState?, message: String) {
    self.state = state
    self.message = message
  }

  /// A fault this client found, not one the server reported.
  package static func client(_ message: String) -> PostgresError {
    PostgresError(state: nil, message: message)
  }

  /// Pushes asked for through a pooler in transaction mode, with no session to listen in.
  package static let noSessionForPushes = PostgresError.client(
    "pushes need a session of their own, which a pooler in transaction mode does not keep: "
      + "follow the household with the server's own URL")

  /// The server said nothing within `wait`.
  static func unanswered(within wait: Duration) -> PostgresError {
    var error = PostgresError.client(
      "the server did not answer within \(PostgresWaits.spoken(wait))")
    error.isUnanswered = true
    return error
  }

  /// A transaction that lost a race and may be run again: a serialization failure, a
  /// deadlock, or a key a concurrent writer took between the read that found it free and the
  /// insert (run again, the rules see who holds it).
  public var isRetryable: Bool {
    state == .serializationFailure || state == .deadlockDetected || state == .uniqueViolation
  }

  /// What a call says when it still lost after every pause `pauses` allowed.
  func afterPauses(_ pauses: RetryPauses) -> PostgresError {
    PostgresError(
      state: state,
      message:
        "the server stayed busy with other writes for \(pauses.waited / 1_000) ms over "
        + "\(pauses.taken + 1) tries; nothing was changed")
  }

  public var description: String {
    (state.map { "PostgreSQL error \($0): " } ?? "") + message
  }
}
