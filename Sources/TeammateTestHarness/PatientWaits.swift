import TeammatePostgres

extension PostgresWaits {
  /// The waits of the tests' own stores: a test judges what the backend does, not how fast a
  /// busy machine answers, and a machine that builds while it judges (CI's, two cores) has
  /// held one statement past the standard fifteen seconds. A server that truly stops
  /// answering is still found: the tests that judge the waits give their own, and the
  /// judge ends a run that passes its limit (`TEAMMATE_TESTS_LIMIT`).
  public static let patient = PostgresWaits(connect: .seconds(30), answer: .seconds(120))
}
