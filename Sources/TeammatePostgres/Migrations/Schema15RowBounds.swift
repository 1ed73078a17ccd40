extension PostgresSchema {
  /// Schema 15: rows a device cannot pile up (ADR 0019). A household is made with its first
  /// member, in the same transaction (an account with none could otherwise insert household
  /// rows without end); a household's list holds at most `itemLimit` items, counted once per
  /// statement.
  static let rowBounds = """
    CREATE OR REPLACE FUNCTION teammate_household_has_member() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER
      AS $f$ BEGIN
        IF EXISTS (SELECT 1 FROM households WHERE id = NEW.id)
          AND NOT EXISTS (SELECT 1 FROM account_households WHERE household_id = NEW.id) THEN
          RAISE EXCEPTION 'a household is made with its first member' USING ERRCODE = '23514';
        END IF;
        RETURN NULL;
      END $f$;
    DROP TRIGGER IF EXISTS household_has_member ON households;
    CREATE CONSTRAINT TRIGGER household_has_member AFTER INSERT ON households
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION teammate_household_has_member();
    CREATE OR REPLACE FUNCTION teammate_list_bounded() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER
      AS $f$ DECLARE crowded text; BEGIN
        SELECT a.household_id INTO crowded FROM (SELECT DISTINCT household_id FROM added) a
        WHERE (SELECT count(*) FROM (SELECT 1 FROM items i WHERE i.household_id = a.household_id
          LIMIT \(itemLimit + 1)) n) > \(itemLimit)
        LIMIT 1;
        IF crowded IS NOT NULL THEN
          RAISE EXCEPTION 'a household''s list holds at most \(itemLimit) items'
            USING ERRCODE = '23514';
        END IF;
        RETURN NULL;
      END $f$;
    DROP TRIGGER IF EXISTS list_bounded ON items;
    CREATE TRIGGER list_bounded AFTER INSERT ON items REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION teammate_list_bounded();
    """

  /// How many items, got and cleared ones included, one household's list may hold.
  static let itemLimit = 10_000
}
