extension PostgresSchema {
  /// Schema 11: A new card's id is checked with the write's commit, not looked up in a round trip
  /// of its own before it: the id is drawn at random and almost never taken. When it is
  /// (anyone's card, in any household), the write fails with TM003 and runs again, its ids
  /// looked up first.
  static let cardIDAtCommit =
    """
    CREATE OR REPLACE FUNCTION teammate_claim_card_id(card text) RETURNS void LANGUAGE plpgsql
      VOLATILE SECURITY DEFINER SET search_path FROM CURRENT
      AS $$ BEGIN
        IF EXISTS (SELECT 1 FROM cards WHERE id = card) THEN
          RAISE EXCEPTION 'the card id % is taken', card USING ERRCODE = 'TM003';
        END IF;
      END $$;
    """
}
