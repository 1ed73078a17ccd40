import TeammateKit

/// Refusals that belong to the command line itself rather than to a rule or the store.
enum CLIError: Error, Equatable {
  /// No account given: nothing can be done on behalf of nobody.
  case missingAccount
  /// The account has no household yet, and the command needs one.
  case noHousehold(AccountID)
  /// Something asked for does not exist (an invite, a notification…).
  case notFound(String)
  /// A command that cannot wait in the outbox, run with `--offline`.
  case needsNetwork(String)
  /// A file the command writes (an export) could not be written; nothing was left half-made.
  case cannotWrite(String, reason: String)
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
    case .needsNetwork(let command):
      return "'\(command)' needs the network and cannot wait in the outbox"
    case .cannotWrite(let path, let reason):
      return "cannot write \(path): \(reason)"
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
    case .needsNetwork:
      return "run it without --offline (and with TEAMMATE_OFFLINE unset)"
    case .cannotWrite:
      return "check that the folder exists and may be written"
    case .notFound:
      return nil
    }
  }
}
