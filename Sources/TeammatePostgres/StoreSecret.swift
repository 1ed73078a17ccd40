/// The store's secret (`teammate_secret`, ADR 0019), which the service reads once per
/// connection: the service derives lock keys and channels in plain SQL with it, as the
/// database's definer functions do for a device (`teammate_lock_key`, `teammate_channel_of`),
/// so that its every write calls no function of the owner's rights (each saves and restores
/// the search path, ADR 0015). The two derivations must stay the same: a device listening
/// and the service announcing meet on them (AC-PG-27).
struct StoreSecret: Sendable {
  let value: String

  /// The lock key for `purpose` and `name`, as SQL: `teammate_lock_key`'s.
  func lockKey(_ purpose: String, _ name: PostgresQuery) -> PostgresQuery {
    "hashtextextended(\(purpose) || ' ' || \(sql: name) || ' ' || \(value), 0)"
  }

  /// The channel of the household `household` names (SQL), as SQL: `teammate_channel_of`'s.
  func channel(of household: PostgresQuery) -> PostgresQuery {
    """
    'teammate_' || substr(encode(sha256(convert_to(\(value) || '/' || \(sql: household), 'UTF8')),
      'hex'), 1, 40)
    """
  }

  /// The announcement of a change of `household` numbered `sequence` (SQL of the row being
  /// appended), sent only when a listener is present: `teammate_announce`'s, for the service.
  func announcing(_ household: PostgresQuery, _ sequence: PostgresQuery) -> PostgresQuery {
    let channel = self.channel(of: household)
    return """
      CASE WHEN pg_try_advisory_xact_lock(\(sql: lockKey("presence", channel))) THEN NULL
        ELSE pg_notify(\(sql: channel), \(sql: sequence)::text) END
      """
  }
}
