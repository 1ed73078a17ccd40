/// What the parser read for one command: positionals by name, option values, flags.
struct ParsedArguments: Sendable, Equatable {
  var positionals: [String: [String]] = [:]
  var options: [String: [String]] = [:]
  var flags: Set<String> = []

  func argument(_ name: String) -> String? { positionals[name]?.first }
  func arguments(_ name: String) -> [String] { positionals[name] ?? [] }
  func option(_ name: String) -> String? { options[name]?.last }
  func values(_ name: String) -> [String] { options[name] ?? [] }
  func flag(_ name: String) -> Bool { flags.contains(name) }
}
