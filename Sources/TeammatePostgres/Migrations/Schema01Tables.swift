extension PostgresSchema {
  /// Schema 1: the tables, each household row keyed by its household.
  static let tables =
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
    """
}
