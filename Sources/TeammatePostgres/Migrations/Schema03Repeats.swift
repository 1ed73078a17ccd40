extension PostgresSchema {
  /// Schema 3: repeating tasks and events. A card's body may carry `repeatRule` (its RRULE text) and
  /// `repeatStart`; a build that does not know them would drop them on its next write, so the
  /// version moves and such a build refuses the store.
  static let repeats =
    """
    COMMENT ON TABLE cards IS 'Teammate cards; since schema 3 a body may carry repeatRule and repeatStart';
    """
}
