extension PostgresSchema {
  /// Schema 18: an account erased (AC-PORT-06, ADR 0022). A device may not rewrite its
  /// household's feed, so `teammate_erase_account` does it for the account acting and nobody
  /// else, once the household no longer lists it: in the household it has left, every
  /// document names the former member (`~former`) wherever it named the account (the uid as
  /// a JSON string, and a column holding exactly it), and a member that is the former member's
  /// in a household's history loses its display name; the account's credentials, receipts,
  /// failed joins, guesses, household link and its row in `teammate_accounts` go, so that its
  /// role, until the operator drops it, acts as nobody.
  static let erasedAccounts = """
    CREATE OR REPLACE FUNCTION teammate_unnamed(doc jsonb) RETURNS jsonb
      LANGUAGE sql IMMUTABLE
      AS $f$ SELECT CASE jsonb_typeof(doc)
        WHEN 'object' THEN (SELECT coalesce(jsonb_object_agg(k, CASE
            WHEN k = 'displayName' AND doc ->> 'uid' = '~former' THEN to_jsonb('~former'::text)
            ELSE teammate_unnamed(v) END), '{}'::jsonb) FROM jsonb_each(doc) AS e(k, v))
        WHEN 'array' THEN (SELECT coalesce(jsonb_agg(teammate_unnamed(v) ORDER BY i), '[]'::jsonb)
          FROM jsonb_array_elements(doc) WITH ORDINALITY AS a(v, i))
        ELSE doc END $f$;
    CREATE OR REPLACE FUNCTION teammate_erase_account() RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; uid text; former text := to_json('~former'::text)::text; BEGIN
        SELECT * INTO me FROM teammate_acting();
        IF me.account IS NULL OR me.account = '~former' THEN
          RAISE EXCEPTION 'no account is signed in' USING ERRCODE = '42501';
        END IF;
        IF me.household IS NOT NULL AND teammate_lists_member(me.household, me.account) THEN
          RAISE EXCEPTION 'an account is erased once its household no longer lists it'
            USING ERRCODE = '42501';
        END IF;
        uid := to_json(me.account)::text;
        IF me.household IS NOT NULL THEN
          UPDATE households SET body = replace(body, uid, former)
            WHERE id = me.household AND strpos(body, uid) > 0;
          UPDATE cards SET body = replace(body, uid, former),
              maybe_pending_for_all_but = CASE WHEN maybe_pending_for_all_but = me.account
                THEN '~former' ELSE maybe_pending_for_all_but END
            WHERE household_id = me.household
              AND (strpos(body, uid) > 0 OR maybe_pending_for_all_but = me.account);
          UPDATE changes SET body = replace(body, uid, former)
            WHERE household_id = me.household AND strpos(body, uid) > 0;
          UPDATE items SET body = replace(body, uid, former),
              folded = CASE WHEN folded = me.account THEN '~former' ELSE folded END
            WHERE household_id = me.household AND (strpos(body, uid) > 0 OR folded = me.account);
          UPDATE invites SET body = replace(body, uid, former)
            WHERE household_id = me.household AND strpos(body, uid) > 0;
          UPDATE write_receipts SET outcome = replace(outcome, uid, former)
            WHERE household_id = me.household AND strpos(outcome, uid) > 0;
          -- NB: a household's history keeps its members with their names.
          UPDATE changes SET body = teammate_unnamed(body::jsonb)::text
            WHERE household_id = me.household AND strpos(body, former) > 0
              AND strpos(body, '"displayName"') > 0;
          UPDATE write_receipts SET outcome = teammate_unnamed(outcome::jsonb)::text
            WHERE household_id = me.household AND strpos(outcome, former) > 0
              AND strpos(outcome, '"displayName"') > 0;
        END IF;
        DELETE FROM write_receipts WHERE account = me.account;
        DELETE FROM credentials WHERE account = me.account;
        DELETE FROM failed_joins WHERE account = me.account;
        DELETE FROM join_guesses WHERE account = me.account;
        DELETE FROM account_households WHERE account = me.account;
        DELETE FROM teammate_accounts WHERE account = me.account;
      END $f$;
    """
    + callable(["teammate_erase_account"]) + pinned(["teammate_unnamed"])
}
