extension PostgresSchema {
  /// Schema 14: a device holds no privilege `LOCK TABLE` can stall a table with (ADR 0019).
  /// Taking any lock but `ACCESS SHARE` (with `SELECT`) or `ROW EXCLUSIVE` (with `INSERT`)
  /// needs a table's `UPDATE`, `DELETE` or `TRUNCATE`, and a column's `UPDATE` is not the
  /// table's: a device updates the columns it writes, and deletes through definer functions
  /// that delete what its policies let it see and nothing more.
  static let tableLocks = """
    REVOKE UPDATE, DELETE ON households, account_households, cards, changes, items,
      write_receipts, invites FROM teammate_device;
    GRANT UPDATE (body) ON households TO teammate_device;
    GRANT UPDATE (household_id) ON account_households TO teammate_device;
    GRANT UPDATE (maybe_pending_for_all_but, body) ON cards TO teammate_device;
    GRANT UPDATE (folded, needed, body) ON items TO teammate_device;
    -- The account acting and its household, as the policies name them: a device's own row
    -- of `teammate_accounts`, the service's settings.
    CREATE OR REPLACE FUNCTION teammate_acting(OUT account text, OUT household text)
      LANGUAGE plpgsql STABLE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_device_home();
        IF me.device THEN
          account := me.account;
          household := me.household;
        ELSIF pg_has_role(session_user, 'teammate_app', 'MEMBER') THEN
          account := nullif(current_setting('teammate.actor', true), '');
          household := nullif(current_setting('teammate.household', true), '');
        END IF;
      END $f$;
    CREATE OR REPLACE FUNCTION teammate_leave(who text) RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_acting();
        DELETE FROM account_households a WHERE a.account = who
          AND (who = me.account OR a.household_id = me.household);
      END $f$;
    CREATE OR REPLACE FUNCTION teammate_delete_invite(given text) RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_acting();
        DELETE FROM invites i WHERE i.code = given
          AND (i.household_id = me.household OR i.household_id = teammate_joining());
      END $f$;
    CREATE OR REPLACE FUNCTION teammate_delete_household(given text) RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_acting();
        IF given IS NULL OR given IS DISTINCT FROM me.household THEN
          RAISE EXCEPTION 'a household is removed by its members only' USING ERRCODE = '42501';
        END IF;
        DELETE FROM cards WHERE household_id = given;
        DELETE FROM items WHERE household_id = given;
        DELETE FROM changes WHERE household_id = given;
        DELETE FROM invites WHERE household_id = given;
        -- NB: as the policies let a member: its own receipts.
        DELETE FROM write_receipts WHERE household_id = given AND account = me.account;
        DELETE FROM households WHERE id = given;
        DELETE FROM account_households WHERE household_id = given;
      END $f$;
    CREATE OR REPLACE FUNCTION teammate_forget_receipts(given text, who text, writes json)
      RETURNS void LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_acting();
        DELETE FROM write_receipts WHERE household_id = given AND account = who
          AND who = me.account AND write_id IN (SELECT json_array_elements_text(writes));
      END $f$;
    """
    + callable([
      "teammate_acting", "teammate_leave", "teammate_delete_invite", "teammate_delete_household",
      "teammate_forget_receipts",
    ])
}
