extension PostgresSchema {
  /// Schema 10: no two households share an invite code. The kit checks that a code it drew is not
  /// another household's live invite, but two households that drew one code at once both
  /// passed that check, and the second's write took the first's invite over. A code held by
  /// another household is now taken over only once its invite was used; otherwise the
  /// server chooses another, which the kit reads back (as it does for a device's).
  static let uniqueInviteCodes =
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
    """
}
