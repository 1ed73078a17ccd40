extension PostgresSchema {
  /// Schema 2: row-level security, mirroring the access table: the service acts as `teammate_app`,
  /// which owns nothing, with the acting account named in `teammate.actor` for the
  /// transaction; it sees and writes its own household's rows only. (Each function call is
  /// a sub-select, so that it runs once per statement rather than once per row.)
  static let memberRows =
    """
    CREATE FUNCTION teammate_actor() RETURNS text LANGUAGE sql STABLE
      AS $$ SELECT nullif(current_setting('teammate.actor', true), '') $$;
    CREATE FUNCTION teammate_household() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
      SET search_path FROM CURRENT
      AS $$ SELECT household_id FROM account_households WHERE account = teammate_actor() $$;
    CREATE FUNCTION teammate_card_household(card text) RETURNS text LANGUAGE sql STABLE
      SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ SELECT household_id FROM cards WHERE id = card $$;
    CREATE FUNCTION teammate_setting(name text) RETURNS text LANGUAGE sql STABLE
      AS $$ SELECT nullif(current_setting(name, true), '') $$;
    DO $$ BEGIN
      CREATE ROLE teammate_app NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$;
    DO $$ BEGIN
      EXECUTE format('GRANT USAGE ON SCHEMA %I TO teammate_app', current_schema());
      -- NB: by name, not "ALL TABLES IN SCHEMA", which reads every relation of the database.
      GRANT SELECT, INSERT, UPDATE, DELETE ON teammate_schema, households, account_households,
        invites, cards, changes, failed_joins, credentials, write_receipts TO teammate_app;
      GRANT USAGE ON SEQUENCE cards_position_seq TO teammate_app;
      EXECUTE format('GRANT teammate_app TO %I', current_user);
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$;
    REVOKE INSERT, UPDATE, DELETE ON teammate_schema FROM teammate_app;
    DO $$ DECLARE t text; BEGIN
      FOREACH t IN ARRAY ARRAY['households', 'account_households', 'invites', 'cards', 'changes',
        'failed_joins', 'credentials', 'write_receipts'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
      END LOOP;
    END $$;
    CREATE POLICY member_rows ON cards
      USING (household_id = (SELECT teammate_household())) WITH CHECK (household_id = (SELECT teammate_household()));
    CREATE POLICY member_rows ON changes
      USING (household_id = (SELECT teammate_household())) WITH CHECK (household_id = (SELECT teammate_household()));
    CREATE POLICY own_answers ON write_receipts
      USING (account = (SELECT teammate_actor()))
      WITH CHECK (account = (SELECT teammate_actor()) AND household_id = (SELECT teammate_household()));
    CREATE POLICY member_or_joining ON households
      USING (id = (SELECT teammate_household()) OR id = (SELECT teammate_setting('teammate.joining')))
      WITH CHECK (id = (SELECT teammate_household()) OR id = (SELECT teammate_setting('teammate.joining'))
        OR (SELECT teammate_household()) IS NULL);
    CREATE POLICY own_or_household ON account_households
      USING (account = (SELECT teammate_actor()) OR household_id = (SELECT teammate_household()))
      WITH CHECK (account = (SELECT teammate_actor()));
    CREATE POLICY by_exact_code ON invites
      USING (household_id = (SELECT teammate_household()) OR code = (SELECT teammate_setting('teammate.code')))
      WITH CHECK (household_id = (SELECT teammate_household()) OR code = (SELECT teammate_setting('teammate.code')));
    CREATE POLICY counted_by_all ON failed_joins FOR SELECT USING (true);
    CREATE POLICY own_failures ON failed_joins FOR INSERT WITH CHECK (account = (SELECT teammate_actor()));
    CREATE POLICY own_failures_forgotten ON failed_joins FOR DELETE
      USING (account = (SELECT teammate_actor()));
    CREATE POLICY looked_up_by_all ON credentials FOR SELECT USING (true);
    CREATE POLICY own_credentials ON credentials FOR INSERT WITH CHECK (account = (SELECT teammate_actor()));
    """
}
