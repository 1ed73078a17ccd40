import TeammateSQLite

/// The store file's access a command's use of it asks for, given what was typed: the parsing
/// layer names the use, the runtime opens the store (so that parsing imports no store).
extension StoreUse {
  func access(_ arguments: ParsedArguments) -> StoreAccess {
    switch self {
    case .existing: return .existing
    case .create: return .create
    case .readOnly: return .readOnly
    case .readOnlyUnless(let options):
      return options.contains { arguments.given($0.spec.name) } ? .existing : .readOnly
    }
  }
}
