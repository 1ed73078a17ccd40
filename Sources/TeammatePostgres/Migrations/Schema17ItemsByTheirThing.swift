extension PostgresSchema {
  /// Schema 17: an item's folded text is its thing's name without the quantity (AC-LIST-24).
  /// An item kept before with a quantity in its text keeps its old key until its next change,
  /// and may stand beside a needed item of its thing, so the index of needed items is no
  /// longer unique: the rules keep one needed item a thing, each household's writers taking
  /// turns (ADR 0009).
  static let itemsByTheirThing = """
    DROP INDEX IF EXISTS items_needed;
    CREATE INDEX items_needed ON items (household_id, list_id, folded) WHERE needed;
    """
}
