/// Schema 13: a device is a hostile client (ADR 0019). Whoever holds a device's secret may
/// run raw SQL with it, so the database itself keeps that session to what the kit's API needs.
extension PostgresSchema {
  /// Run by a superuser's session (the migration says so otherwise): it changes the owner of
  /// the store's objects and what `PUBLIC` may do in the database.
  static let hardening = """
    DO $$ BEGIN
      IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        RAISE EXCEPTION 'schema 13 of a Teammate store is made by a superuser''s session'
          USING ERRCODE = '42501';
      END IF;
    END $$;
    -- The owner of every table and function: no superuser, no login. A definer function runs
    -- as this role, which the policies do not hold back (they are not forced on the owner).
    DO $$ BEGIN
      CREATE ROLE teammate_owner NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$;
    DO $$ BEGIN
      EXECUTE format('GRANT USAGE ON SCHEMA %I TO teammate_owner', current_schema());
    END $$;
    -- The store's secret: channels and lock keys are derived from it, so that knowing a
    -- household's id names neither. Only the owner reads it.
    CREATE TABLE IF NOT EXISTS teammate_secret (value text NOT NULL);
    INSERT INTO teammate_secret
      SELECT md5(gen_random_uuid()::text) || md5(gen_random_uuid()::text)
      WHERE NOT EXISTS (SELECT 1 FROM teammate_secret);
    REVOKE ALL ON teammate_secret FROM PUBLIC, teammate_device;
    -- NB: the service derives keys and channels itself, in plain SQL (`StoreSecret`).
    GRANT SELECT ON teammate_secret TO teammate_app;
    CREATE OR REPLACE FUNCTION teammate_lock_key(purpose text, name text) RETURNS bigint
      LANGUAGE sql STABLE SECURITY DEFINER
      AS $f$ SELECT hashtextextended(purpose || ' ' || name || ' ' || value, 0) FROM teammate_secret $f$;
    CREATE OR REPLACE FUNCTION teammate_channel_of(household text) RETURNS text
      LANGUAGE sql STABLE SECURITY DEFINER
      AS $f$ SELECT 'teammate_' || substr(encode(sha256(convert_to(value || '/' || household, 'UTF8')),
        'hex'), 1, 40) FROM teammate_secret $f$;
    -- What a device names must be its own: its account, and the household it is in.
    CREATE OR REPLACE FUNCTION teammate_device_home(OUT device boolean, OUT account text,
      OUT household text) LANGUAGE plpgsql STABLE SECURITY DEFINER
      AS $f$ BEGIN
        SELECT true, a.account, a.household_id INTO device, account, household
          FROM teammate_accounts a WHERE a.role = session_user;
        device := coalesce(device, false);
      END $f$;
    -- A household's channel, for its members; for a device, its own household's only.
    CREATE OR REPLACE FUNCTION teammate_channel(given text) RETURNS text
      LANGUAGE plpgsql STABLE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_device_home();
        IF me.device AND given IS DISTINCT FROM me.household THEN
          RAISE EXCEPTION 'a device listens to its own household only' USING ERRCODE = '42501';
        END IF;
        RETURN teammate_channel_of(given);
      END $f$;
    -- A listener's presence on a channel (ADR 0017), held shared for its session; a device
    -- takes it on its own household's channel only, and may always let it go.
    CREATE OR REPLACE FUNCTION teammate_presence(channel text, held boolean) RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_device_home();
        IF NOT held THEN
          PERFORM pg_advisory_unlock_shared(teammate_lock_key('presence', channel));
          RETURN;
        END IF;
        IF me.device AND channel IS DISTINCT FROM teammate_channel_of(me.household) THEN
          RAISE EXCEPTION 'a device listens to its own household only' USING ERRCODE = '42501';
        END IF;
        PERFORM pg_advisory_lock_shared(teammate_lock_key('presence', channel));
      END $f$;
    -- A change's announcement (ADR 0017): sent only when a listener is present. A device
    -- announces in its own household only; elsewhere nothing is sent.
    CREATE OR REPLACE FUNCTION teammate_announce(household text, sequence bigint) RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; channel text; BEGIN
        SELECT * INTO me FROM teammate_device_home();
        IF me.device AND household IS DISTINCT FROM me.household THEN RETURN; END IF;
        channel := teammate_channel_of(household);
        IF NOT pg_try_advisory_xact_lock(teammate_lock_key('presence', channel)) THEN
          PERFORM pg_notify(channel, sequence::text);
        END IF;
      END $f$;
    -- An account's write lock (ADR 0009), for the transaction; a device locks its own only.
    CREATE OR REPLACE FUNCTION teammate_lock_account(actor text) RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_device_home();
        IF me.device AND actor IS DISTINCT FROM me.account THEN
          RAISE EXCEPTION 'a device locks its own account only' USING ERRCODE = '42501';
        END IF;
        PERFORM pg_advisory_xact_lock(teammate_lock_key('account', actor));
      END $f$;
    -- Failed joins are written by the database, for the account acting and at the time it
    -- is given, beside the server's own time: the store-wide count reads a row only while
    -- the server's window holds it, and at most the account's budget of one account's rows.
    ALTER TABLE failed_joins ADD COLUMN IF NOT EXISTS
      recorded_at timestamptz NOT NULL DEFAULT clock_timestamp();
    REVOKE INSERT, UPDATE, DELETE ON failed_joins FROM teammate_device;
    CREATE OR REPLACE FUNCTION teammate_record_failed_join(who text, at_time double precision)
      RETURNS void LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ BEGIN
        IF who IS NULL OR who IS DISTINCT FROM teammate_actor() THEN
          RAISE EXCEPTION 'a failed join is recorded for the account acting only'
            USING ERRCODE = '42501';
        END IF;
        INSERT INTO failed_joins (account, at) VALUES (who, at_time);
      END $f$;
    CREATE OR REPLACE FUNCTION teammate_forget_failed_joins(who text, through double precision)
      RETURNS void LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ BEGIN
        IF who IS NULL OR who IS DISTINCT FROM teammate_actor() THEN
          RAISE EXCEPTION 'failed joins are forgotten for the account acting only'
            USING ERRCODE = '42501';
        END IF;
        DELETE FROM failed_joins WHERE account = who AND at <= through;
      END $f$;
    -- NB: PL/pgSQL, the budget's numbers read first: a join against the budget's table made
    -- the planner expect millions of rows and compile the query (JIT) on every call.
    CREATE OR REPLACE FUNCTION teammate_failed_joins_after(since double precision)
      RETURNS SETOF double precision LANGUAGE plpgsql STABLE SECURITY DEFINER
      AS $f$ DECLARE guard teammate_join_guard; BEGIN
        SELECT * INTO guard FROM teammate_join_guard LIMIT 1;
        RETURN QUERY SELECT counted.at FROM (
          SELECT f.at, row_number() OVER (PARTITION BY f.account ORDER BY f.at DESC) AS nth
          FROM failed_joins f
          WHERE f.at > since
            AND f.recorded_at > clock_timestamp() - make_interval(secs => guard.window_seconds)
        ) counted WHERE counted.nth <= guard.max_failures ORDER BY counted.at;
      END $f$;
    -- Guesses of one account take turns (a lock of its own account, which a device holding
    -- it keeps from no one else), counted over what committed; the store-wide count takes at
    -- most an account's budget from each account. A guess opens an invite within its window
    -- only, and only while the budgets counted again over what committed still hold, so that
    -- guesses counted in parallel transactions cannot add up to more.
    CREATE OR REPLACE FUNCTION teammate_guesses_counted(since timestamptz, who text, cap integer)
      RETURNS TABLE (own bigint, everyone bigint) LANGUAGE sql STABLE SECURITY DEFINER
      AS $f$
        SELECT coalesce(sum(n) FILTER (WHERE account = who), 0)::bigint,
          coalesce(sum(least(n, cap)), 0)::bigint
        FROM (SELECT account, count(*) AS n FROM join_guesses
          WHERE admitted_in IS NULL AND at > since GROUP BY account) per
      $f$;
    CREATE OR REPLACE FUNCTION teammate_guess(given text) RETURNS void LANGUAGE plpgsql VOLATILE
      SECURITY DEFINER
      AS $f$ DECLARE me text := teammate_actor(); guard teammate_join_guard; counted record; BEGIN
        IF me IS NULL THEN
          RAISE EXCEPTION 'no account is signed in' USING ERRCODE = '42501';
        END IF;
        IF current_setting('transaction_isolation') <> 'read committed' THEN
          RAISE EXCEPTION 'an invite code is counted in a read committed transaction'
            USING ERRCODE = '25000';
        END IF;
        PERFORM pg_advisory_xact_lock(teammate_lock_key('guess', me));
        SELECT * INTO guard FROM teammate_join_guard LIMIT 1;
        SELECT * INTO counted FROM teammate_guesses_counted(
          clock_timestamp() - make_interval(secs => guard.window_seconds), me, guard.max_failures);
        IF counted.everyone >= guard.max_store_wide THEN
          RAISE EXCEPTION 'too many wrong invite codes on this server: joining is paused'
            USING ERRCODE = 'TM002';
        END IF;
        IF counted.own >= guard.max_failures THEN
          RAISE EXCEPTION 'too many wrong invite codes from this account' USING ERRCODE = 'TM001';
        END IF;
        INSERT INTO join_guesses (account, code) VALUES (me, given);
      END $f$;
    CREATE OR REPLACE FUNCTION teammate_invite(given text) RETURNS text LANGUAGE plpgsql VOLATILE
      SECURITY DEFINER
      AS $f$ DECLARE me text := teammate_actor(); found invites; guard teammate_join_guard;
        since timestamptz; counted record; BEGIN
        SELECT * INTO found FROM invites WHERE code = given;
        IF found.code IS NOT NULL AND found.household_id = teammate_household() THEN
          RETURN found.body;
        END IF;
        SELECT * INTO guard FROM teammate_join_guard LIMIT 1;
        since := clock_timestamp() - make_interval(secs => guard.window_seconds);
        -- NB: a code not counted first, counted in this very transaction (which could still
        -- be rolled back), or counted before the window, opens nothing.
        IF found.code IS NULL OR me IS NULL OR NOT EXISTS (SELECT 1 FROM join_guesses
            WHERE account = me AND code = given AND at > since
              AND guessed_in IS DISTINCT FROM pg_current_xact_id_if_assigned()) THEN
          RETURN NULL;
        END IF;
        SELECT * INTO counted FROM teammate_guesses_counted(since, me, guard.max_failures);
        IF counted.own > guard.max_failures OR counted.everyone > guard.max_store_wide THEN
          RETURN NULL;
        END IF;
        UPDATE join_guesses SET admitted_in = pg_current_xact_id() WHERE account = me AND code = given;
        RETURN found.body;
      END $f$;
    -- Bounds the database checks on every text a write stores (the rows a store holds today
    -- are kept as they are).
    DO $$ DECLARE t text; BEGIN
      FOREACH t IN ARRAY ARRAY['households', 'invites', 'cards', 'changes', 'items'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = t || '_body_bounded'
            AND conrelid = format('%I.%I', current_schema(), t)::regclass) THEN
          EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (octet_length(body) <= 1048576) NOT VALID',
            t, t || '_body_bounded');
        END IF;
      END LOOP;
    END $$;
    ALTER TABLE write_receipts DROP CONSTRAINT IF EXISTS write_receipts_outcome_bounded;
    ALTER TABLE write_receipts ADD CONSTRAINT write_receipts_outcome_bounded
      CHECK (octet_length(outcome) <= 1048576) NOT VALID;
    -- Every table and function is the owner's; every definer function finds names in the
    -- store's schema, then in the session's temporary one (last: a session's temporary table
    -- never stands in for the store's); only the service and the devices may call them.
    DO $$ DECLARE r record; BEGIN
      FOR r IN SELECT c.oid::regclass AS rel FROM pg_class c
          WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') LOOP
        EXECUTE format('ALTER TABLE %s OWNER TO teammate_owner', r.rel);
      END LOOP;
      FOR r IN SELECT p.oid::regprocedure AS fn, p.prosecdef AS definer,
            p.prorettype = 'trigger'::regtype
              OR p.proname IN ('teammate_lock_key', 'teammate_channel_of', 'teammate_guesses_counted')
              AS hidden
          FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO teammate_owner', r.fn);
        IF r.definer THEN
          EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', r.fn, current_schema());
        END IF;
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', r.fn);
        IF NOT r.hidden THEN
          EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO teammate_app, teammate_device', r.fn);
        END IF;
      END LOOP;
    END $$;
    -- What no device needs and every device could stall or fill the server with: locks of its
    -- own choosing, large objects, sleeps, notifications, temporary objects. The service's
    -- role and the owner keep what the store's own statements use.
    CREATE OR REPLACE FUNCTION pg_temp.teammate_public_functions() RETURNS SETOF regprocedure
      LANGUAGE sql AS $f$
        SELECT p.oid::regprocedure FROM pg_proc p
        WHERE p.pronamespace = 'pg_catalog'::regnamespace
          AND (p.proname LIKE 'pg\\_advisory%' OR p.proname LIKE 'pg\\_try\\_advisory%'
            OR p.proname IN ('lo_create', 'lo_creat', 'lo_from_bytea', 'lo_import', 'lo_put',
              'lo_open', 'lowrite', 'lo_truncate', 'lo_truncate64', 'lo_unlink', 'lo_export',
              'pg_sleep', 'pg_sleep_for', 'pg_sleep_until', 'pg_notify'))
          AND (p.proacl IS NULL OR EXISTS (SELECT 1 FROM aclexplode(p.proacl) a WHERE a.grantee = 0))
      $f$;
    CREATE OR REPLACE FUNCTION pg_temp.teammate_public_temporary() RETURNS boolean
      LANGUAGE sql AS $f$
        SELECT EXISTS (SELECT 1 FROM pg_database d WHERE d.datname = current_database()
          AND (d.datacl IS NULL OR EXISTS (SELECT 1 FROM aclexplode(d.datacl) a
            WHERE a.grantee = 0 AND a.privilege_type = 'TEMPORARY')))
      $f$;
    DO $$ DECLARE f regprocedure; BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_temp.teammate_public_functions())
          AND NOT pg_temp.teammate_public_temporary() THEN
        RETURN;
      END IF;
      -- NB: stores made at once in one database would edit the same rows of its catalogue:
      -- the first takes turns, and those after it find nothing left to do.
      PERFORM pg_advisory_xact_lock(hashtext('teammate.database'));
      FOR f IN SELECT * FROM pg_temp.teammate_public_functions() LOOP
        EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO teammate_app, teammate_owner', f);
      END LOOP;
      IF pg_temp.teammate_public_temporary() THEN
        EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
      END IF;
    END $$;
    DROP FUNCTION pg_temp.teammate_public_functions();
    DROP FUNCTION pg_temp.teammate_public_temporary();
    -- The devices' roles of the store: a bound on their connections and temporary files that
    -- no device may lift (`temp_file_limit` is the superuser's to set).
    DO $$ DECLARE r record; BEGIN
      FOR r IN SELECT role FROM teammate_accounts LOOP
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r.role) THEN
          EXECUTE format('ALTER ROLE %I CONNECTION LIMIT 20', r.role);
          EXECUTE format('ALTER ROLE %I SET temp_file_limit = ''64MB''', r.role);
        END IF;
      END LOOP;
    END $$;
    """
}
