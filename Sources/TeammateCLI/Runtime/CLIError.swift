import TeammateKit

/// Refusals that belong to the command line itself rather than to a rule or the store.
enum CLIError: Error, Equatable {
  /// No account given: nothing can be done on behalf of nobody.
  case missingAccount
  /// The account has no household yet, and the command needs one.
  case noHousehold(AccountID)
  /// Something asked for does not exist (an invite, a notification…).
  case notFound(String)
}

extension CLIError: CustomStringConvertible {
  var description: String {
    switch self {
    case .missingAccount:
      return "no account to act as"
    case .noHousehold(let uid):
      return "'\(uid)' is not in a household yet"
    case .notFound(let what):
      return what
    }
  }

  var hint: String? {
    switch self {
    case .missingAccount:
      return "pass --as UID (for example --as alice) or set TEAMMATE_USER"
    case .noHousehold:
      return
        "create one with 'teammate household create --name NAME', "
        + "or join one with 'teammate household join CODE'"
    case .notFound:
      return nil
    }
  }
}
