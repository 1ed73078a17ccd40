/// The server's tables. Every household row carries its household id and every key of a
/// household's table begins with it, so that each can be distributed by it (see
/// docs/sharding.md); the account, credential, invite-code and failed-join lookups are the
/// reference tables, not keyed by household.
enum PostgresSchema {
  /// The schema this build writes; kept in `teammate_schema`.
  static var version: Int { migrations.count }

  /// What marks a database as ours.
  static let application = "teammate"

  static let migrations: [String] = [
    """
    CREATE TABLE teammate_schema (application text NOT NULL, version integer NOT NULL);
    CREATE TABLE households (id text PRIMARY KEY, body text NOT NULL);
    CREATE TABLE account_households (
      account text PRIMARY KEY,
      household_id text NOT NULL
    );
    CREATE INDEX account_households_by_household ON account_households (household_id);
    CREATE TABLE invites (
      code text PRIMARY KEY,
      household_id text NOT NULL UNIQUE,
      body text NOT NULL
    );
    CREATE TABLE cards (
      household_id text NOT NULL,
      id text NOT NULL,
      position bigserial,
      maybe_pending_for_all_but text,
      body text NOT NULL,
      PRIMARY KEY (id)
    );
    CREATE INDEX cards_by_household ON cards (household_id, position);
    CREATE TABLE changes (
      household_id text NOT NULL,
      sequence bigint NOT NULL,
      card_id text,
      card_revision integer,
      body text NOT NULL,
      PRIMARY KEY (household_id, sequence)
    );
    CREATE INDEX changes_by_card ON changes (household_id, card_id, sequence);
    CREATE TABLE failed_joins (account text NOT NULL, at double precision NOT NULL);
    CREATE INDEX failed_joins_by_account ON failed_joins (account, at);
    CREATE INDEX failed_joins_by_time ON failed_joins (at);
    CREATE TABLE credentials (
      provider text NOT NULL,
      subject text NOT NULL,
      account text NOT NULL,
      PRIMARY KEY (provider, subject)
    );
    CREATE TABLE write_receipts (
      household_id text NOT NULL,
      account text NOT NULL,
      write_id text NOT NULL,
      outcome text NOT NULL,
      PRIMARY KEY (account, write_id)
    );
    CREATE INDEX write_receipts_by_household ON write_receipts (household_id);
    """,
    // Row-level security, mirroring the access table: the service acts as `teammate_app`,
    // which owns nothing, with the acting account named in `teammate.actor` for the
    // transaction; it sees and writes its own household's rows only. (Each function call is
    // a sub-select, so that it runs once per statement rather than once per row.)
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
    """,
    // 3: repeating tasks and events. A card's body may carry `repeatRule` (its RRULE text) and
    // `repeatStart`; a build that does not know them would drop them on its next write, so the
    // version moves and such a build refuses the store.
    """
    COMMENT ON TABLE cards IS 'Teammate cards; since schema 3 a body may carry repeatRule and repeatStart';
    """,
    // 4: the actor's household, which every policy asks for, in PL/pgSQL: its query is
    // planned once per connection, where a SQL function's body (never inlined when it runs
    // with its owner's rights) was parsed and planned again in every statement.
    """
    CREATE OR REPLACE FUNCTION teammate_household() RETURNS text LANGUAGE plpgsql STABLE
      SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ BEGIN
        RETURN (SELECT household_id FROM account_households WHERE account = teammate_actor());
      END $$;
    """,
    // 5: ready to be distributed by household (docs/sharding.md): every key of a household's
    // tables begins with its household. A card's id alone finds its household only for the
    // refusal of a stranger's card, on an index of its own.
    """
    ALTER TABLE cards DROP CONSTRAINT cards_pkey, ADD PRIMARY KEY (household_id, id);
    CREATE INDEX IF NOT EXISTS cards_by_id ON cards (id);
    ALTER TABLE write_receipts DROP CONSTRAINT write_receipts_pkey,
      ADD PRIMARY KEY (household_id, account, write_id);
    DROP INDEX IF EXISTS write_receipts_by_household;
    """,
    // 6: meals (ADR 0012). A card's body may carry `meal` (its day, slot, state and cook), a
    // household's its `dishes` and meal settings, a change's its `dish`; a build that does not
    // know them would drop them on its next write, so the version moves and such a build
    // refuses the store.
    """
    COMMENT ON TABLE households IS 'Teammate households; since schema 6 a body may carry dishes and meals';
    """,
    // 7: the shopping list (ADR 0013). An item is a row of its own, keyed by its household,
    // with its folded text beside it: the needed item of a text is found on a unique partial
    // index (one per list), never by reading the list. Members see their household's items.
    """
    CREATE TABLE IF NOT EXISTS items (
      household_id text NOT NULL,
      id text NOT NULL,
      list_id text NOT NULL,
      folded text NOT NULL,
      needed boolean NOT NULL,
      position bigserial,
      body text NOT NULL,
      PRIMARY KEY (household_id, id)
    );
    CREATE INDEX IF NOT EXISTS items_by_list ON items (household_id, list_id, position);
    CREATE UNIQUE INDEX IF NOT EXISTS items_needed ON items (household_id, list_id, folded)
      WHERE needed;
    GRANT SELECT, INSERT, UPDATE, DELETE ON items TO teammate_app;
    GRANT USAGE ON SEQUENCE items_position_seq TO teammate_app;
    ALTER TABLE items ENABLE ROW LEVEL SECURITY;
    ALTER TABLE items FORCE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS member_rows ON items;
    CREATE POLICY member_rows ON items
      USING (household_id = (SELECT teammate_household())) WITH CHECK (household_id = (SELECT teammate_household()));
    """,
    // 8: identity from the session (ADR 0014). A device signs in as a role of its own,
    // mapped to its account in `teammate_accounts`; the actor is that account, and the
    // `teammate.actor` setting counts only for a role of the service (a member of
    // `teammate_app`). Device roles hold the access table's grants through
    // `teammate_device` and nothing else. An invite of another household is read only
    // through `teammate_invite(code)`, after `teammate_guess(code)` has counted the code in
    // a transaction of its own (so a guess cannot be rolled back uncounted), and the
    // household it opens is writable for that transaction alone. Invites are written only
    // through `teammate_put_invite`, which chooses a device's new codes itself, so that no
    // write tells a device whether a code is taken. An account's household is
    // one whose members list it. Definer functions run as the tables' owner, whom the
    // policies do not hold back.
    """
    CREATE TABLE IF NOT EXISTS teammate_accounts (role name PRIMARY KEY, account text NOT NULL UNIQUE);
    CREATE TABLE IF NOT EXISTS join_guesses (
      account text NOT NULL,
      code text NOT NULL,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      guessed_in xid8 NOT NULL DEFAULT pg_current_xact_id(),
      admitted_in xid8
    );
    CREATE INDEX IF NOT EXISTS join_guesses_by_account ON join_guesses (account, code);
    CREATE INDEX IF NOT EXISTS join_guesses_by_time ON join_guesses (at);
    CREATE TABLE IF NOT EXISTS teammate_join_guard (
      max_failures integer NOT NULL, max_store_wide integer NOT NULL, window_seconds integer NOT NULL
    );
    INSERT INTO teammate_join_guard SELECT 20, 200, 900 WHERE NOT EXISTS (SELECT 1 FROM teammate_join_guard);
    REVOKE ALL ON teammate_accounts, join_guesses, teammate_join_guard FROM PUBLIC, teammate_app;
    DO $$ DECLARE t text; BEGIN
      FOREACH t IN ARRAY ARRAY['households', 'account_households', 'invites', 'cards', 'changes',
        'failed_joins', 'credentials', 'write_receipts', 'items'] LOOP
        EXECUTE format('ALTER TABLE %I NO FORCE ROW LEVEL SECURITY', t);
      END LOOP;
    END $$;
    CREATE OR REPLACE FUNCTION teammate_signed_in() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
      SET search_path FROM CURRENT
      AS $$ SELECT account FROM teammate_accounts WHERE role = session_user $$;
    CREATE OR REPLACE FUNCTION teammate_actor() RETURNS text LANGUAGE plpgsql STABLE SECURITY DEFINER
      SET search_path FROM CURRENT
      AS $$ DECLARE signed text; BEGIN
        SELECT account INTO signed FROM teammate_accounts WHERE role = session_user;
        IF signed IS NOT NULL THEN RETURN signed; END IF;
        IF pg_has_role(session_user, 'teammate_app', 'MEMBER') THEN
          RETURN nullif(current_setting('teammate.actor', true), '');
        END IF;
        RETURN NULL;
      END $$;
    CREATE OR REPLACE FUNCTION teammate_joining() RETURNS text LANGUAGE plpgsql STABLE SECURITY DEFINER
      SET search_path FROM CURRENT
      AS $$ BEGIN
        RETURN (SELECT i.household_id FROM join_guesses g JOIN invites i ON i.code = g.code
          WHERE g.account = teammate_actor() AND g.admitted_in = pg_current_xact_id_if_assigned()
          LIMIT 1);
      END $$;
    CREATE OR REPLACE FUNCTION teammate_guess(given text) RETURNS void LANGUAGE plpgsql VOLATILE
      SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ DECLARE me text := teammate_actor(); guard teammate_join_guard; since timestamptz; BEGIN
        IF me IS NULL THEN
          RAISE EXCEPTION 'no account is signed in' USING ERRCODE = '42501';
        END IF;
        SELECT * INTO guard FROM teammate_join_guard LIMIT 1;
        since := clock_timestamp() - make_interval(secs => guard.window_seconds);
        IF (SELECT count(*) FROM join_guesses WHERE admitted_in IS NULL AND at > since)
          >= guard.max_store_wide THEN
          RAISE EXCEPTION 'too many wrong invite codes on this server: joining is paused'
            USING ERRCODE = 'TM002';
        END IF;
        IF (SELECT count(*) FROM join_guesses WHERE account = me AND admitted_in IS NULL AND at > since)
          >= guard.max_failures THEN
          RAISE EXCEPTION 'too many wrong invite codes from this account' USING ERRCODE = 'TM001';
        END IF;
        INSERT INTO join_guesses (account, code) VALUES (me, given);
      END $$;
    CREATE OR REPLACE FUNCTION teammate_invite(given text) RETURNS text LANGUAGE plpgsql VOLATILE
      SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ DECLARE me text := teammate_actor(); found invites; BEGIN
        SELECT * INTO found FROM invites WHERE code = given;
        IF found.code IS NOT NULL AND found.household_id = teammate_household() THEN
          RETURN found.body;
        END IF;
        -- NB: a code not counted first, or counted in this very transaction (which could
        -- still be rolled back), opens nothing.
        IF found.code IS NULL OR me IS NULL OR NOT EXISTS (SELECT 1 FROM join_guesses
            WHERE account = me AND code = given
              AND guessed_in IS DISTINCT FROM pg_current_xact_id_if_assigned()) THEN
          RETURN NULL;
        END IF;
        UPDATE join_guesses SET admitted_in = pg_current_xact_id() WHERE account = me AND code = given;
        RETURN found.body;
      END $$;
    CREATE OR REPLACE FUNCTION teammate_failed_joins_after(since double precision)
      RETURNS SETOF double precision LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ SELECT at FROM failed_joins WHERE at > since ORDER BY at $$;
    CREATE OR REPLACE FUNCTION teammate_credential_owner(given_provider text, given_subject text)
      RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ SELECT account FROM credentials WHERE provider = given_provider AND subject = given_subject $$;
    CREATE OR REPLACE FUNCTION teammate_lists_member(household text, member text) RETURNS boolean
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ SELECT coalesce((SELECT body::jsonb -> 'members'
        @> jsonb_build_array(jsonb_build_object('uid', member)) FROM households WHERE id = household),
        false) $$;
    CREATE OR REPLACE FUNCTION teammate_put_invite(given text, household text, document text)
      RETURNS text LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ DECLARE held text; chosen text := given; BEGIN
        IF household IS DISTINCT FROM teammate_household()
          AND household IS DISTINCT FROM teammate_joining() THEN
          RAISE EXCEPTION 'an invite is written for one''s own household only'
            USING ERRCODE = '42501';
        END IF;
        SELECT household_id INTO held FROM invites WHERE code = given;
        -- NB: a device's new code is the server's choice, whatever it proposed: no write
        -- tells it whether a code is taken.
        IF held IS DISTINCT FROM household AND teammate_signed_in() IS NOT NULL THEN
          LOOP
            chosen := lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::bigint)
              % 1000000)::text, 6, '0');
            EXIT WHEN NOT EXISTS (SELECT 1 FROM invites WHERE code = chosen);
          END LOOP;
        END IF;
        DELETE FROM invites WHERE household_id = household AND code <> chosen;
        INSERT INTO invites (code, household_id, body)
          VALUES (chosen, household, jsonb_set(document::jsonb, '{code}', to_jsonb(chosen))::text)
          ON CONFLICT (code) DO UPDATE SET household_id = excluded.household_id, body = excluded.body;
        RETURN chosen;
      END $$;
    REVOKE ALL ON FUNCTION teammate_guess(text), teammate_invite(text) FROM PUBLIC;
    DROP POLICY IF EXISTS own_or_household ON account_households;
    CREATE POLICY own_or_household ON account_households
      USING (account = (SELECT teammate_actor()) OR household_id = (SELECT teammate_household()))
      WITH CHECK (account = (SELECT teammate_actor()) AND teammate_lists_member(household_id, account));
    DROP POLICY IF EXISTS member_or_joining ON households;
    CREATE POLICY member_or_joining ON households
      USING (id = (SELECT teammate_household()) OR id = (SELECT teammate_joining()))
      WITH CHECK (id = (SELECT teammate_household()) OR id = (SELECT teammate_joining())
        OR (SELECT teammate_household()) IS NULL);
    DROP POLICY IF EXISTS by_exact_code ON invites;
    DROP POLICY IF EXISTS member_or_joining ON invites;
    CREATE POLICY member_or_joining ON invites
      USING (household_id = (SELECT teammate_household()) OR household_id = (SELECT teammate_joining()))
      WITH CHECK (household_id = (SELECT teammate_household()) OR household_id = (SELECT teammate_joining()));
    DROP POLICY IF EXISTS counted_by_all ON failed_joins;
    DROP POLICY IF EXISTS own_failures_read ON failed_joins;
    CREATE POLICY own_failures_read ON failed_joins FOR SELECT USING (account = (SELECT teammate_actor()));
    DROP POLICY IF EXISTS looked_up_by_all ON credentials;
    DROP POLICY IF EXISTS own_credentials_read ON credentials;
    CREATE POLICY own_credentials_read ON credentials FOR SELECT USING (account = (SELECT teammate_actor()));
    DO $$ BEGIN
      CREATE ROLE teammate_device NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$;
    DO $$ BEGIN
      EXECUTE format('GRANT USAGE ON SCHEMA %I TO teammate_device', current_schema());
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$;
    GRANT SELECT ON teammate_schema TO teammate_device;
    GRANT SELECT, INSERT, UPDATE, DELETE
      ON households, account_households, cards, changes, items, write_receipts
      TO teammate_device;
    GRANT SELECT, DELETE ON invites TO teammate_device;
    GRANT SELECT, INSERT, DELETE ON failed_joins TO teammate_device;
    GRANT SELECT, INSERT ON credentials TO teammate_device;
    GRANT USAGE ON SEQUENCE cards_position_seq, items_position_seq TO teammate_device;
    GRANT EXECUTE ON FUNCTION teammate_guess(text), teammate_invite(text) TO teammate_device, teammate_app;
    """,
    // 9: the policies of the tables every call reads call no function of the owner's rights
    // (ADR 0015): each such call saved and restored its search path, in every statement, a
    // third of the server's time under load. A device role reads its own account and
    // household from its row of `teammate_accounts` (kept by a trigger on membership); the
    // service, which names its actor, names the actor's household beside it once per
    // transaction (`teammate_act_as`), kept by a trigger when the actor's membership changes.
    // Invites, failed joins and credentials keep the lookups of schema 8. The household of a
    // card that is not the actor's, asked on every add of a new card, is PL/pgSQL, planned
    // once per connection as schema 4 made the household's lookup.
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
        account: "(SELECT account FROM teammate_accounts WHERE role = session_user)"),
    // 10: no two households share an invite code. The kit checks that a code it drew is not
    // another household's live invite, but two households that drew one code at once both
    // passed that check, and the second's write took the first's invite over. A code held by
    // another household is now taken over only once its invite was used; otherwise the
    // server chooses another, which the kit reads back (as it does for a device's).
    """
    CREATE OR REPLACE FUNCTION teammate_put_invite(given text, household text, document text)
      RETURNS text LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ DECLARE held text; chosen text := given; placed text; BEGIN
        IF household IS DISTINCT FROM teammate_household()
          AND household IS DISTINCT FROM teammate_joining() THEN
          RAISE EXCEPTION 'an invite is written for one''s own household only'
            USING ERRCODE = '42501';
        END IF;
        SELECT household_id INTO held FROM invites WHERE code = given;
        -- NB: a device's new code is the server's choice, whatever it proposed: no write
        -- tells it whether a code is taken.
        IF held IS DISTINCT FROM household AND teammate_signed_in() IS NOT NULL THEN
          chosen := NULL;
        END IF;
        DELETE FROM invites WHERE household_id = household AND code IS DISTINCT FROM chosen;
        LOOP
          chosen := coalesce(chosen, lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 8))
            ::bit(32)::bigint) % 1000000)::text, 6, '0'));
          INSERT INTO invites (code, household_id, body)
            VALUES (chosen, household, jsonb_set(document::jsonb, '{code}', to_jsonb(chosen))::text)
            ON CONFLICT (code) DO UPDATE SET household_id = excluded.household_id,
              body = excluded.body
            WHERE invites.household_id = excluded.household_id
              OR (invites.body::jsonb ->> 'usedBy') IS NOT NULL
            RETURNING code INTO placed;
          EXIT WHEN placed IS NOT NULL;
          chosen := NULL;
        END LOOP;
        RETURN chosen;
      END $$;
    """,
    // 11: a new card's id is checked with the write's commit, not looked up in a round trip
    // of its own before it: the id is drawn at random and almost never taken. When it is
    // (anyone's card, in any household), the write fails with TM003 and runs again, its ids
    // looked up first.
    """
    CREATE OR REPLACE FUNCTION teammate_claim_card_id(card text) RETURNS void LANGUAGE plpgsql
      VOLATILE SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ BEGIN
        IF EXISTS (SELECT 1 FROM cards WHERE id = card) THEN
          RAISE EXCEPTION 'the card id % is taken', card USING ERRCODE = 'TM003';
        END IF;
      END $$;
    """,
    // 12: an add runs on the household's head the process knows and checks it in its one
    // round trip (ADR 0018): the round trip's transaction fails with TM004 when the head moved.
    """
    CREATE OR REPLACE FUNCTION teammate_expect_head(held boolean) RETURNS void LANGUAGE plpgsql
      AS $$ BEGIN
        IF held IS NOT TRUE THEN
          RAISE EXCEPTION 'the household changed since this process last wrote it'
            USING ERRCODE = 'TM004';
        END IF;
      END $$;
    """,
    // 13: a device is a hostile client (ADR 0019).
    hardening,
    // 14: a device holds no privilege that locks a table against others (ADR 0019).
    tableLocks,
    // 15: no household without a member, and a list of bounded length (ADR 0019).
    rowBounds,
  ]

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
