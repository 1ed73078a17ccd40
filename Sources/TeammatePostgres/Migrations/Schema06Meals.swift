extension PostgresSchema {
  /// Schema 6: meals (ADR 0012). A card's body may carry `meal` (its day, slot, state and cook), a
  /// household's its `dishes` and meal settings, a change's its `dish`; a build that does not
  /// know them would drop them on its next write, so the version moves and such a build
  /// refuses the store.
  static let meals =
    """
    COMMENT ON TABLE households IS 'Teammate households; since schema 6 a body may carry dishes and meals';
    """
}
