extension PostgresSchema {
  /// Schema 19: a household moved to another store (AC-PORT-12). The mark keeps where it went
  /// and who its members were; it is reached through two functions only: a member of the
  /// household marks it (its members are no longer linked to it, so every call on it is
  /// refused), and one of those members, refused, asks where it went. Nobody else reads it.
  static let movedHouseholds = """
    CREATE TABLE IF NOT EXISTS moved_households (
      id text PRIMARY KEY,
      location text NOT NULL CHECK (octet_length(location) <= 2000),
      members text[] NOT NULL
    );
    ALTER TABLE moved_households OWNER TO teammate_owner;
    REVOKE ALL ON moved_households FROM PUBLIC, teammate_app, teammate_device;
    CREATE OR REPLACE FUNCTION teammate_mark_moved(given text, place text) RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_acting();
        IF given IS NULL OR given IS DISTINCT FROM me.household THEN
          RAISE EXCEPTION 'a household is moved by its members only' USING ERRCODE = '42501';
        END IF;
        INSERT INTO moved_households (id, location, members)
          SELECT given, place, array_agg(account) FROM account_households WHERE household_id = given;
        DELETE FROM account_households WHERE household_id = given;
      END $f$;
    CREATE OR REPLACE FUNCTION teammate_moved_to(given text) RETURNS text
      LANGUAGE plpgsql STABLE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_acting();
        RETURN (SELECT location FROM moved_households WHERE id = given AND me.account = ANY (members));
      END $f$;
    """
    + callable(["teammate_mark_moved", "teammate_moved_to"])
}
