/// One command of the tool: its words, help text, typed arguments and options, the checks
/// that need more than one of them, and what it runs.
struct CommandSpec: Sendable {
  /// The words that name it: `["card", "add"]`.
  let path: [String]
  let abstract: String
  var discussion: String? = nil
  let arguments: [ArgumentSpec]
  let options: [OptionSpec]
  /// How the command uses the store: only reading commands open it read-only, and only the
  /// commands that start a store may create one.
  var store: StoreUse = .existing
  /// Command lines a person can copy, shown under EXAMPLES in the help page.
  var examples: [String] = []
  /// Whether the command needs the backend itself (creating, joining, leaving): with
  /// `--offline` it is refused rather than left to wait.
  var needsNetwork = false
  /// Checks across values, made with the parsing, before anything runs (argument-parser's
  /// `validate()`).
  let validate: @Sendable (ParsedArguments) throws(UsageError) -> Void
  let run: @Sendable (inout Session, ParsedArguments) async throws -> Void

  init(
    path: [String], abstract: String, discussion: String? = nil,
    arguments: [any ArgumentKey] = [], options: [any OptionKey] = [],
    store: StoreUse = .existing, examples: [String] = [], needsNetwork: Bool = false,
    validate: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Void = { _ in },
    run: @escaping @Sendable (inout Session, ParsedArguments) async throws -> Void
  ) {
    self.path = path
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments.map(\.spec)
    self.options = options.map(\.spec)
    self.store = store
    self.examples = examples
    self.needsNetwork = needsNetwork
    self.validate = validate
    self.run = run
  }

  var name: String { (["teammate"] + path).joined(separator: " ") }

  /// The usage line, as `swift-argument-parser` writes it.
  var usage: String {
    let arguments = self.arguments.map(\.usage)
    let options = self.options.map(\.usage)
    return ([name] + arguments + options).joined(separator: " ")
  }
}

/// How a command uses the store file.
enum StoreUse: Sendable {
  /// Reads and writes a store that must exist.
  case existing
  /// May start a store (`household create`, `join`, `account link`).
  case create
  /// Only reads: opens the store read-only.
  case readOnly
  /// Only reads unless one of these options is given.
  case readOnlyUnless([any OptionKey])
}
