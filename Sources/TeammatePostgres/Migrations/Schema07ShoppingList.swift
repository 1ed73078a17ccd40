extension PostgresSchema {
  /// Schema 7: the shopping list (ADR 0013). An item is a row of its own, keyed by its household,
  /// with its folded text beside it: the needed item of a text is found on a unique partial
  /// index (one per list), never by reading the list. Members see their household's items.
  static let shoppingList =
    """
    CREATE TABLE IF NOT EXISTS items (
      household_id text NOT NULL,
      id text NOT NULL,
      list_id text NOT NULL,
      folded text NOT NULL,
      needed boolean NOT NULL,
      position bigserial,
      body text NOT NULL,
      PRIMARY KEY (household_id, id)
    );
    CREATE INDEX IF NOT EXISTS items_by_list ON items (household_id, list_id, position);
    CREATE UNIQUE INDEX IF NOT EXISTS items_needed ON items (household_id, list_id, folded)
      WHERE needed;
    GRANT SELECT, INSERT, UPDATE, DELETE ON items TO teammate_app;
    GRANT USAGE ON SEQUENCE items_position_seq TO teammate_app;
    ALTER TABLE items ENABLE ROW LEVEL SECURITY;
    ALTER TABLE items FORCE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS member_rows ON items;
    CREATE POLICY member_rows ON items
      USING (household_id = (SELECT teammate_household())) WITH CHECK (household_id = (SELECT teammate_household()));
    """
}
