import TeammateKit

/// The store's tables, one migration per schema version; the version lives in
/// `PRAGMA user_version`.
///
/// Dates are `REAL` seconds since 2001-01-01 (Foundation's reference date), which round-trips
/// a `Date` exactly.
enum Schema {
  /// The newest schema this build knows.
  static var version: Int { migrations.count }

  /// What a store's catalogue is compared with: every table and index SQLite keeps, by type,
  /// name and the text SQLite holds for it.
  static let catalogueQuery = """
    SELECT type || ' ' || name || ': ' || coalesce(sql, '') AS entry FROM sqlite_master
    WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name
    """

  /// The catalogue of a store at each version, made once by migrating an empty database.
  private static let catalogues: [[String]] = {
    var result: [[String]] = [[]]
    guard let connection = try? SQLiteConnection(path: ":memory:") else { return result }
    for migration in migrations {
      try? connection.execute(migration.sql)
      result.append((try? connection.rows(catalogueQuery) { try $0.text(named: "entry") }) ?? [])
    }
    return result
  }()

  /// The tables and indexes a store at `version` has.
  static func catalogue(version: Int) -> [String]? {
    catalogues.indices.contains(version) ? catalogues[version] : nil
  }

  /// `migrations[n]` takes a store from version n to n + 1, each step named for what it brings.
  static let migrations: [Migration] = [
    Migration(
      name: "tables",
      sql: """
        CREATE TABLE households (
          id TEXT PRIMARY KEY NOT NULL,
          body TEXT NOT NULL
        );
        CREATE TABLE account_households (
          account TEXT PRIMARY KEY NOT NULL,
          household_id TEXT NOT NULL
        );
        CREATE TABLE invites (
          code TEXT PRIMARY KEY NOT NULL,
          household_id TEXT NOT NULL UNIQUE,
          created_by TEXT NOT NULL,
          created_at REAL NOT NULL,
          expires_at REAL NOT NULL,
          used_by TEXT,
          used_at REAL
        );
        CREATE TABLE cards (
          position INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          household_id TEXT NOT NULL,
          kind TEXT NOT NULL,
          title TEXT NOT NULL,
          note TEXT,
          time REAL,
          assignee TEXT,
          reply_by REAL,
          created_by TEXT NOT NULL,
          last_edited_by TEXT NOT NULL,
          created_at REAL NOT NULL,
          last_edited_at REAL NOT NULL,
          revision INTEGER NOT NULL,
          ack_by TEXT,
          ack_at REAL,
          ack_revision INTEGER,
          done INTEGER NOT NULL,
          deleted INTEGER NOT NULL
        );
        CREATE INDEX cards_by_household ON cards (household_id, position);
        CREATE TABLE changes (
          sequence INTEGER PRIMARY KEY AUTOINCREMENT,
          household_id TEXT NOT NULL,
          actor TEXT NOT NULL,
          at REAL NOT NULL,
          kind TEXT NOT NULL,
          needs_knowing INTEGER NOT NULL,
          card TEXT,
          household TEXT
        );
        CREATE INDEX changes_by_household ON changes (household_id, sequence);
        CREATE TABLE failed_joins (
          account TEXT NOT NULL,
          at REAL NOT NULL
        );
        CREATE INDEX failed_joins_by_account ON failed_joins (account, at);
        CREATE TABLE credentials (
          provider TEXT NOT NULL,
          subject TEXT NOT NULL,
          account TEXT NOT NULL,
          PRIMARY KEY (provider, subject)
        );
        CREATE TABLE devices (
          account TEXT PRIMARY KEY NOT NULL,
          state TEXT NOT NULL
        );
        CREATE TABLE device_notifications (
          account TEXT NOT NULL,
          id TEXT NOT NULL,
          kind TEXT NOT NULL,
          fire_at REAL NOT NULL,
          title TEXT NOT NULL,
          body TEXT NOT NULL,
          card_id TEXT,
          delivered INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (account, id)
        );
        """),
    // 2: the instant each planned reminder is about, so that a device remembers which
    // reminders it has shown; the fields each edit changed, for the partner's news.
    Migration(
      name: "reminders shown and the fields changed",
      sql: """
        ALTER TABLE device_notifications ADD COLUMN occurrence_at REAL;
        ALTER TABLE changes ADD COLUMN fields TEXT NOT NULL DEFAULT '';
        """),
    // 3: the card a change carries, in columns rather than as JSON, so that pulling the
    // feed costs what reading the cards costs. Older entries keep their JSON.
    Migration(
      name: "a change's card in columns",
      sql: """
        ALTER TABLE changes ADD COLUMN card_id TEXT;
        ALTER TABLE changes ADD COLUMN card_kind TEXT;
        ALTER TABLE changes ADD COLUMN card_title TEXT;
        ALTER TABLE changes ADD COLUMN card_note TEXT;
        ALTER TABLE changes ADD COLUMN card_time REAL;
        ALTER TABLE changes ADD COLUMN card_assignee TEXT;
        ALTER TABLE changes ADD COLUMN card_reply_by REAL;
        ALTER TABLE changes ADD COLUMN card_created_by TEXT;
        ALTER TABLE changes ADD COLUMN card_last_edited_by TEXT;
        ALTER TABLE changes ADD COLUMN card_created_at REAL;
        ALTER TABLE changes ADD COLUMN card_last_edited_at REAL;
        ALTER TABLE changes ADD COLUMN card_revision INTEGER;
        ALTER TABLE changes ADD COLUMN card_ack_by TEXT;
        ALTER TABLE changes ADD COLUMN card_ack_at REAL;
        ALTER TABLE changes ADD COLUMN card_ack_revision INTEGER;
        ALTER TABLE changes ADD COLUMN card_done INTEGER;
        ALTER TABLE changes ADD COLUMN card_deleted INTEGER;
        """),
    // 4: offline writes. Each change names the device write it came from and the partner's
    // values an edit made on an older revision replaced; the backend keeps the answer to
    // every device write, so that a write sent again is answered as the first time.
    Migration(
      name: "offline writes",
      sql: """
        ALTER TABLE changes ADD COLUMN write_id TEXT;
        ALTER TABLE changes ADD COLUMN overwritten TEXT;
        CREATE INDEX changes_by_card ON changes (card_id, sequence);
        CREATE TABLE write_receipts (
          account TEXT NOT NULL,
          write_id TEXT NOT NULL,
          household_id TEXT NOT NULL,
          outcome TEXT NOT NULL,
          PRIMARY KEY (account, write_id)
        );
        CREATE INDEX write_receipts_by_household ON write_receipts (household_id);
        """),
    // 5: repeating tasks and events. The rule is its RRULE text; the start is the series'
    // first occurrence, which the rule counts from. Cards made before keep NULL: no repeat.
    Migration(
      name: "repeats",
      sql: """
        ALTER TABLE cards ADD COLUMN repeat_rule TEXT;
        ALTER TABLE cards ADD COLUMN repeat_start REAL;
        ALTER TABLE changes ADD COLUMN card_repeat_rule TEXT;
        ALTER TABLE changes ADD COLUMN card_repeat_start REAL;
        """),
    // 6: meals. A meal card's plan (its day, slot, state and cook) as JSON; a change to the
    // household's dishes names its dish. Cards made before keep NULL: no plan.
    Migration(
      name: "meals",
      sql: """
        ALTER TABLE cards ADD COLUMN meal TEXT;
        ALTER TABLE changes ADD COLUMN card_meal TEXT;
        ALTER TABLE changes ADD COLUMN dish TEXT;
        """),
    // 7: the shopping list (ADR 0013). An item is a row of its own, keyed by its household,
    // with its folded text beside it: the needed item of a text is found on an index (at
    // most one per list), never by reading the list. A change to an item carries it as JSON.
    Migration(
      name: "the shopping list",
      sql: """
        CREATE TABLE items (
          household_id TEXT NOT NULL,
          id TEXT NOT NULL,
          list_id TEXT NOT NULL,
          folded TEXT NOT NULL,
          needed INTEGER NOT NULL,
          added_at REAL NOT NULL,
          body TEXT NOT NULL,
          PRIMARY KEY (household_id, id)
        );
        CREATE INDEX items_by_list ON items (household_id, list_id, added_at, id);
        CREATE UNIQUE INDEX items_needed ON items (household_id, list_id, folded) WHERE needed = 1;
        ALTER TABLE changes ADD COLUMN item TEXT;
        """),
    // A change of a meal records the act it was, as JSON (AC-NEWS-03); older rows have none.
    Migration(
      name: "meal acts",
      sql: """
        ALTER TABLE changes ADD COLUMN meal_act TEXT;
        """),
    // A device file keeps its card copies a row each, so that a turn's save writes the cards
    // it changed, not every card (ADR 0020). Older files keep them in the state's JSON until
    // their next save.
    Migration(
      name: "device cards",
      sql: """
        CREATE TABLE device_cards (
          account TEXT NOT NULL,
          id TEXT NOT NULL,
          applied INTEGER NOT NULL,
          body TEXT NOT NULL,
          PRIMARY KEY (account, id)
        );
        """),
    // A device file keeps the rest of the state a part a row, so that a save writes the
    // parts a turn changed (AC-DEV-18). Older files keep it whole in `devices` until their
    // next save.
    Migration(
      name: "device parts",
      sql: """
        CREATE TABLE device_parts (
          account TEXT NOT NULL,
          part TEXT NOT NULL,
          body TEXT NOT NULL,
          PRIMARY KEY (account, part)
        );
        """),
    // An item's folded text is its thing's name without the quantity (AC-LIST-24): an item
    // kept before with a quantity in its text keeps its old key until its next change, and
    // may stand beside a needed item of its thing, so the index of needed items is no longer
    // unique (the rules keep one needed item a thing).
    Migration(
      name: "items by their thing",
      sql: """
        DROP INDEX items_needed;
        CREATE INDEX items_needed ON items (household_id, list_id, folded) WHERE needed = 1;
        """),
    // A household moved to another store (AC-PORT-12): where, and who its members were then
    // (a JSON array), for them to be told.
    Migration(
      name: "moved households",
      sql: """
        CREATE TABLE moved_households (
          id TEXT PRIMARY KEY NOT NULL,
          location TEXT NOT NULL,
          members TEXT NOT NULL
        );
        """),
    // A device's saved state this build could not read, kept aside rather than deleted
    // (AC-INPUT-10): each of its rows, named by what it was.
    Migration(
      name: "device states set aside",
      sql: """
        CREATE TABLE device_set_aside (
          account TEXT NOT NULL,
          part TEXT NOT NULL,
          body TEXT NOT NULL
        );
        """),
    // The place each account's device state last followed its household at, a server's with
    // no credential (AC-PORT-34): a state opened at another place arrives there.
    Migration(
      name: "device places",
      sql: """
        CREATE TABLE device_places (
          account TEXT PRIMARY KEY NOT NULL,
          place TEXT NOT NULL
        );
        """),
  ]
}
