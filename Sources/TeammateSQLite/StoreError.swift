import Foundation

/// Why a store cannot be used: each case names the file and says what to do.
public enum StoreError: Error, Equatable, Sendable {
  case cannotCreateDirectory(String, reason: String)
  case notWritable(String)
  case cannotOpen(String, reason: String)
  case notADatabase(String)
  case damaged(String, detail: String)
  case newerSchema(String, found: Int, supported: Int)
  case missing(String)
  case needsUpgrade(String, found: Int)
  case failed(String, SQLiteError)
}

extension StoreError: CustomStringConvertible, LocalizedError {
  public var errorDescription: String? { description }

  public var description: String {
    switch self {
    case .cannotCreateDirectory(let path, let reason):
      return "cannot create the store's folder \(path): \(reason)"
    case .notWritable(let path):
      return "the store \(path) cannot be written: check its permissions"
    case .cannotOpen(let path, let reason):
      return "cannot open the store \(path): \(reason)"
    case .notADatabase(let path):
      return "\(path) is not a Teammate store (not an SQLite database); it was left untouched"
    case .damaged(let path, let detail):
      return "the store \(path) is damaged (\(detail)); it was left untouched"
    case .newerSchema(let path, let found, let supported):
      return
        "the store \(path) was written by a newer Teammate (schema \(found); this one knows "
        + "up to \(supported)); upgrade teammate to use it"
    case .missing(let path):
      return
        "there is no Teammate store at \(path): start one with 'teammate household create "
        + "--name NAME' or 'teammate household join CODE' (or give --store the right path)"
    case .needsUpgrade(let path, let found):
      return
        "the store \(path) is at schema \(found), older than this teammate's "
        + "\(Schema.version): run a command that writes to upgrade it"
    case .failed(let path, let error):
      return "the store \(path) failed: \(error.message)"
    }
  }
}
