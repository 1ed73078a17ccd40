extension PostgresSchema {
  /// Run by the migrator after the steps it applied (issue 61), so that no step has to
  /// remember it: every function of the store's schema is the owner's (`teammate_owner`, made
  /// by schema 13) and nobody's to run but as a step says (`callable`); every
  /// `SECURITY DEFINER` one finds names in the store's schema and then the session's
  /// temporary one.
  static let definerHardening = """
    DO $$ DECLARE f record; BEGIN
      FOR f IN SELECT p.oid::regprocedure AS name, p.prosecdef AS definer FROM pg_proc p
          WHERE p.pronamespace = current_schema()::regnamespace LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO teammate_owner', f.name);
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f.name);
        IF f.definer THEN
          EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', f.name,
            current_schema());
        END IF;
      END LOOP;
    END $$;

    """

  /// SQL that has the store's functions `names` (plain names, this code's own), which run as
  /// their caller, find names as a definer does: in the store's schema, then `pg_temp`.
  static func pinned(_ names: [String]) -> String {
    let listed = names.map { "'\($0)'" }.joined(separator: ", ")
    return """
      DO $$ DECLARE f regprocedure; BEGIN
        FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
            WHERE p.pronamespace = current_schema()::regnamespace
              AND p.proname IN (\(listed)) LOOP
          EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', f, current_schema());
        END LOOP;
      END $$;

      """
  }

  /// SQL that lets the service and the devices run the store's functions `names` (plain
  /// names, this code's own): a step's declaration of who calls a function it made.
  static func callable(_ names: [String]) -> String {
    let listed = names.map { "'\($0)'" }.joined(separator: ", ")
    return """
      DO $$ DECLARE f regprocedure; BEGIN
        FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
            WHERE p.pronamespace = current_schema()::regnamespace
              AND p.proname IN (\(listed)) LOOP
          EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO teammate_app, teammate_device', f);
        END LOOP;
      END $$;

      """
  }
}
