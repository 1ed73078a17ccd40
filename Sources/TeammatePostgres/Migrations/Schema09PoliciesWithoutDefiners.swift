extension PostgresSchema {
  /// Schema 9: the policies of the tables every call reads call no function of the owner's rights
  /// (ADR 0015): each such call saved and restored its search path, in every statement, a
  /// third of the server's time under load. A device role reads its own account and
  /// household from its row of `teammate_accounts` (kept by a trigger on membership); the
  /// service, which names its actor, names the actor's household beside it once per
  /// transaction (`teammate_act_as`), kept by a trigger when the actor's membership changes.
  /// Invites, failed joins and credentials keep the lookups of schema 8. The household of a
  /// card that is not the actor's, asked on every add of a new card, is PL/pgSQL, planned
  /// once per connection as schema 4 made the household's lookup.
  static let policiesWithoutDefiners =
    """
    CREATE OR REPLACE FUNCTION teammate_card_household(card text) RETURNS text LANGUAGE plpgsql
      STABLE SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ BEGIN
        RETURN (SELECT household_id FROM cards WHERE id = card);
      END $$;
    ALTER TABLE teammate_accounts ADD COLUMN IF NOT EXISTS household_id text;
    UPDATE teammate_accounts t SET household_id = a.household_id
      FROM account_households a WHERE a.account = t.account;
    CREATE OR REPLACE FUNCTION teammate_role_household() RETURNS trigger LANGUAGE plpgsql
      SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ BEGIN
        IF TG_OP <> 'INSERT' THEN
          UPDATE teammate_accounts SET household_id = NULL WHERE account = OLD.account;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          UPDATE teammate_accounts SET household_id = NEW.household_id WHERE account = NEW.account;
        END IF;
        RETURN NULL;
      END $$;
    DROP TRIGGER IF EXISTS role_household ON account_households;
    CREATE TRIGGER role_household AFTER INSERT OR UPDATE OR DELETE ON account_households
      FOR EACH ROW EXECUTE FUNCTION teammate_role_household();
    CREATE OR REPLACE FUNCTION teammate_account_household() RETURNS trigger LANGUAGE plpgsql
      SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ BEGIN
        NEW.household_id := (SELECT household_id FROM account_households WHERE account = NEW.account);
        RETURN NEW;
      END $$;
    DROP TRIGGER IF EXISTS account_household ON teammate_accounts;
    CREATE TRIGGER account_household BEFORE INSERT OR UPDATE OF account ON teammate_accounts
      FOR EACH ROW EXECUTE FUNCTION teammate_account_household();
    -- NB: no SECURITY DEFINER and no SET clause, so that what it sets lasts the transaction;
    -- it runs with the rights of whoever writes the membership.
    CREATE OR REPLACE FUNCTION teammate_follow_actor() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN
        IF TG_OP <> 'INSERT' AND OLD.account = current_setting('teammate.actor', true) THEN
          PERFORM set_config('teammate.household', '', true);
        END IF;
        IF TG_OP <> 'DELETE' AND NEW.account = current_setting('teammate.actor', true) THEN
          PERFORM set_config('teammate.household', NEW.household_id, true);
        END IF;
        RETURN NULL;
      END $$;
    DROP TRIGGER IF EXISTS follow_actor ON account_households;
    CREATE TRIGGER follow_actor AFTER INSERT OR UPDATE OR DELETE ON account_households
      FOR EACH ROW EXECUTE FUNCTION teammate_follow_actor();
    CREATE OR REPLACE FUNCTION teammate_act_as(actor text) RETURNS text LANGUAGE plpgsql
      AS $$ DECLARE home text; BEGIN
        PERFORM set_config('teammate.actor', actor, true);
        SELECT household_id INTO home FROM account_households WHERE account = actor;
        PERFORM set_config('teammate.household', coalesce(home, ''), true);
        RETURN home;
      END $$;
    ALTER TABLE teammate_accounts ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS own_role ON teammate_accounts;
    CREATE POLICY own_role ON teammate_accounts FOR SELECT TO teammate_device
      USING (role = session_user);
    GRANT SELECT ON teammate_accounts TO teammate_device;
    DROP POLICY IF EXISTS member_rows ON cards;
    DROP POLICY IF EXISTS member_rows ON changes;
    DROP POLICY IF EXISTS member_rows ON items;
    DROP POLICY IF EXISTS own_answers ON write_receipts;
    DROP POLICY IF EXISTS member_or_joining ON households;
    DROP POLICY IF EXISTS own_or_household ON account_households;
    """
    + policies(
      "service", to: "teammate_app",
      household: "(SELECT nullif(current_setting('teammate.household', true), ''))",
      account: "(SELECT nullif(current_setting('teammate.actor', true), ''))")
    + policies(
      "device", to: "teammate_device",
      household: "(SELECT household_id FROM teammate_accounts WHERE role = session_user)",
      account: "(SELECT account FROM teammate_accounts WHERE role = session_user)")

  /// Schema 9's policies for one kind of role (ADR 0015), each named `prefix` and what it
  /// keeps, made again if they were there: `household` and `account` are the SQL that names,
  /// once per statement, the household and the account the role acts for.
  private static func policies(
    _ prefix: String, to role: String, household: String, account: String
  ) -> String {
    let policies =
      ["cards", "changes", "items"].map { table in
        (
          "\(prefix)_rows", table,
          "USING (household_id = \(household)) WITH CHECK (household_id = \(household))"
        )
      } + [
        (
          "\(prefix)_answers", "write_receipts",
          "USING (account = \(account)) WITH CHECK (account = \(account) AND household_id = \(household))"
        ),
        (
          "\(prefix)_or_joining", "households",
          "USING (id = \(household) OR id = (SELECT teammate_joining())) "
            + "WITH CHECK (id = \(household) OR id = (SELECT teammate_joining()) OR \(household) IS NULL)"
        ),
        (
          "\(prefix)_own_or_household", "account_households",
          "USING (account = \(account) OR household_id = \(household)) "
            + "WITH CHECK (account = \(account) AND teammate_lists_member(household_id, account))"
        ),
      ]
    return policies.map { name, table, rule in
      "DROP POLICY IF EXISTS \(name) ON \(table);\nCREATE POLICY \(name) ON \(table) TO \(role) \(rule);\n"
    }.joined()
  }
}
