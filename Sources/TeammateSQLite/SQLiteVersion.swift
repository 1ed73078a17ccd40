import CSQLite

/// The SQLite library this build links, for `--verbose` and the benchmark table.
public enum SQLiteLibrary {
  /// The version of the SQLite library the store runs on.
  public static var version: String { String(cString: sqlite3_libversion()) }
}
