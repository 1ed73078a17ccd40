extension PostgresSchema {
  /// Schema 20: a member whose household moved asks which it was (AC-PORT-19), so that a
  /// phone that follows no household yet is told where it went rather than that it is in
  /// none. The marks stay unreadable: the function answers the acting account alone, with
  /// the first by id of the moved households that listed it.
  static let movedMembers = """
    CREATE OR REPLACE FUNCTION teammate_moved_from() RETURNS text
      LANGUAGE plpgsql STABLE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_acting();
        RETURN (SELECT min(id) FROM moved_households WHERE me.account = ANY (members));
      END $f$;
    """
    + callable(["teammate_moved_from"])
}
