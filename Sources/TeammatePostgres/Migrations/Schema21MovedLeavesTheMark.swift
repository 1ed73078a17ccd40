extension PostgresSchema {
  /// Schema 21: a household that moves leaves only its mark (ADR 0024). Marking it moved
  /// deletes its rows — cards, items, feed, invites, every member's receipts, the household
  /// and its members' links — in the same transaction as the mark, which keeps where it went
  /// and who its members were; removing a household a member has just marked moved finds
  /// nothing left to remove; and an account erased afterwards leaves the marks that listed
  /// it (`teammate_unmark_member`), so no row of a store a household left names it.
  static let movedLeavesTheMark = """
    CREATE OR REPLACE FUNCTION teammate_mark_moved(given text, place text) RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_acting();
        IF given IS NULL OR given IS DISTINCT FROM me.household THEN
          RAISE EXCEPTION 'a household is moved by its members only' USING ERRCODE = '42501';
        END IF;
        INSERT INTO moved_households (id, location, members)
          SELECT given, place, array_agg(account) FROM account_households WHERE household_id = given;
        DELETE FROM cards WHERE household_id = given;
        DELETE FROM items WHERE household_id = given;
        DELETE FROM changes WHERE household_id = given;
        DELETE FROM invites WHERE household_id = given;
        DELETE FROM write_receipts WHERE household_id = given;
        DELETE FROM households WHERE id = given;
        DELETE FROM account_households WHERE household_id = given;
      END $f$;
    CREATE OR REPLACE FUNCTION teammate_delete_household(given text) RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_acting();
        IF given IS NOT NULL AND me.household IS NULL AND EXISTS (
          SELECT 1 FROM moved_households m WHERE m.id = given AND me.account = ANY (m.members)
        ) THEN
          -- NB: its rows went with its mark.
          RETURN;
        END IF;
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
    CREATE OR REPLACE FUNCTION teammate_unmark_member() RETURNS void
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER
      AS $f$ DECLARE me record; BEGIN
        SELECT * INTO me FROM teammate_acting();
        UPDATE moved_households SET members = array_remove(members, me.account)
          WHERE me.account = ANY (members);
      END $f$;
    """
    + callable(["teammate_mark_moved", "teammate_delete_household", "teammate_unmark_member"])
}
