extension PostgresSchema {
  /// Schema 5: ready to be distributed by household (docs/sharding.md): every key of a household's
  /// tables begins with its household. A card's id alone finds its household only for the
  /// refusal of a stranger's card, on an index of its own.
  static let byHousehold =
    """
    ALTER TABLE cards DROP CONSTRAINT cards_pkey, ADD PRIMARY KEY (household_id, id);
    CREATE INDEX IF NOT EXISTS cards_by_id ON cards (id);
    ALTER TABLE write_receipts DROP CONSTRAINT write_receipts_pkey,
      ADD PRIMARY KEY (household_id, account, write_id);
    DROP INDEX IF EXISTS write_receipts_by_household;
    """
}
