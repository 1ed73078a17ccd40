extension PostgresSchema {
  /// Schema 22: no add runs on a head the process knows any more (ADR 0026), so the check
  /// schema 12 brought for it goes: a function nobody calls is one more thing a reader of the
  /// server must account for.
  static let noExpectedHead = "DROP FUNCTION IF EXISTS teammate_expect_head(boolean);"
}
