extension PostgresSchema {
  /// Schema 16: a household inserted under the id a device made (AC-OFF-12), saying whether
  /// it was. An id another household holds inserts nothing; the policies hide that household
  /// from the maker, and an insert that returned its row would be held to the policy for
  /// reading it, which the maker does not pass until it is a member (as would naming the
  /// conflict's column, which reads it: the id is the table's one key). The function runs as
  /// its caller (the policies apply), so it lends no right of the owner's.
  static let householdsWithTheirIDs = """
    CREATE OR REPLACE FUNCTION teammate_make_household(made text, document text)
      RETURNS boolean LANGUAGE plpgsql SECURITY INVOKER
      AS $f$ BEGIN
        INSERT INTO households (id, body) VALUES (made, document) ON CONFLICT DO NOTHING;
        RETURN FOUND;
      END $f$;
    """
    + callable(["teammate_make_household"]) + pinned(["teammate_make_household"])
}
