import Foundation

/// Why a household document was not read or not imported; the store is as it was.
public enum HouseholdDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bytes are not a household document this kit can read.
  case unreadable(reason: String)
  /// The document was written by a newer kit, in a format this one does not know.
  case formatTooNew(Int, newest: Int)
  /// The store holds that household already: an import makes a household, never merges.
  case householdAlreadyHere(HouseholdID)
  /// One of the household's members is in another household of this store.
  case memberElsewhere(AccountID, in: HouseholdID)
  /// A card or list item of the document has an id another household of this store uses.
  case idTaken(String)

  public var description: String {
    switch self {
    case .unreadable(let reason):
      "this is not a household document this version can read: \(reason)"
    case .formatTooNew(let format, let newest):
      "the document is of format \(format), written by a newer version; this one reads up to "
        + "format \(newest): update it first"
    case .householdAlreadyHere(let id):
      "this store holds household \(id) already: import it into a store that does not"
    case .memberElsewhere(let uid, let household):
      "\(uid) is in household \(household) of this store already: an account is in one "
        + "household at a time"
    case .idTaken(let id):
      "the id \(id) is another household's in this store"
    }
  }
}
