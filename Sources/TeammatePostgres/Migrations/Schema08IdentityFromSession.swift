extension PostgresSchema {
  /// Schema 8: identity from the session (ADR 0014). A device signs in as a role of its own,
  /// mapped to its account in `teammate_accounts`; the actor is that account, and the
  /// `teammate.actor` setting counts only for a role of the service (a member of
  /// `teammate_app`). Device roles hold the access table's grants through
  /// `teammate_device` and nothing else. An invite of another household is read only
  /// through `teammate_invite(code)`, after `teammate_guess(code)` has counted the code in
  /// a transaction of its own (so a guess cannot be rolled back uncounted), and the
  /// household it opens is writable for that transaction alone. Invites are written only
  /// through `teammate_put_invite`, which chooses a device's new codes itself, so that no
  /// write tells a device whether a code is taken. An account's household is
  /// one whose members list it. Definer functions run as the tables' owner, whom the
  /// policies do not hold back.
  static let identityFromSession =
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
    """
}
