extension PostgresSchema {
  /// Schema 12: an add runs on the household's head the process knows and checks it in its one
  /// round trip (ADR 0018): the round trip's transaction fails with TM004 when the head moved.
  static let expectedHead =
    """
    CREATE OR REPLACE FUNCTION teammate_expect_head(held boolean) RETURNS void LANGUAGE plpgsql
      AS $$ BEGIN
        IF held IS NOT TRUE THEN
          RAISE EXCEPTION 'the household changed since this process last wrote it'
            USING ERRCODE = 'TM004';
        END IF;
      END $$;
    """
}
