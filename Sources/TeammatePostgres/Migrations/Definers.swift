extension PostgresSchema {
  /// SQL that makes the store's functions `names` (plain names, this code's own) definers as
  /// schema 13 made the others: the owner's, finding names in the store's schema and then the
  /// session's temporary one, run by nobody, or (`callable`) by the service and the devices.
  static func definers(_ names: [String], callable: Bool) -> String {
    let listed = names.map { "'\($0)'" }.joined(separator: ", ")
    let granting =
      callable
      ? "\n        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO teammate_app, teammate_device', f);"
      : ""
    return """
      DO $$ DECLARE f regprocedure; BEGIN
        FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
            WHERE p.pronamespace = current_schema()::regnamespace
              AND p.proname IN (\(listed)) LOOP
          EXECUTE format('ALTER FUNCTION %s OWNER TO teammate_owner', f);
          EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', f, current_schema());
          EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);\(granting)
        END LOOP;
      END $$;

      """
  }
}
