extension PostgresSchema {
  /// Schema 4: the actor's household, which every policy asks for, in PL/pgSQL: its query is
  /// planned once per connection, where a SQL function's body (never inlined when it runs
  /// with its owner's rights) was parsed and planned again in every statement.
  static let householdLookup =
    """
    CREATE OR REPLACE FUNCTION teammate_household() RETURNS text LANGUAGE plpgsql STABLE
      SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ BEGIN
        RETURN (SELECT household_id FROM account_households WHERE account = teammate_actor());
      END $$;
    """
}
