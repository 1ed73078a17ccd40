import TeammateSQLite

/// One command of the tool: its words, help text, arguments, options and what it runs.
struct CommandSpec: Sendable {
  /// The words that name it: `["card", "add"]`.
  let path: [String]
  let abstract: String
  var discussion: String? = nil
  var arguments: [ArgumentSpec] = []
  var options: [OptionSpec] = []
  /// How the command uses the store: only reading commands open it read-only, and only the
  /// commands that start a store may create one.
  var store: StoreUse = .existing
  /// Command lines a person can copy, shown under EXAMPLES in the help page.
  var examples: [String] = []
  let run: @Sendable (inout Session, ParsedArguments) async throws -> Void

  var name: String { (["teammate"] + path).joined(separator: " ") }

  /// The usage line, as `swift-argument-parser` writes it.
  var usage: String {
    let arguments = self.arguments.map(\.usage)
    let options = self.options.map(\.usage)
    return ([name] + arguments + options).joined(separator: " ")
  }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
  enum Arity: Sendable { case required, optional, variadic }

  let name: String
  let help: String
  var arity: Arity = .required

  var usage: String {
    switch arity {
    case .required: "<\(name)>"
    case .optional: "[<\(name)>]"
    case .variadic: "[<\(name)> ...]"
    }
  }
}

/// A `--long` option with a value, or a flag without one.
struct OptionSpec: Sendable {
  let name: String
  var short: Character? = nil
  /// The value's placeholder; nil for a flag.
  var value: String? = nil
  let help: String
  var repeatable = false
  /// A value option that must be given.
  var required = false

  var isFlag: Bool { value == nil }

  var label: String {
    let long = "--\(name)" + (value.map { " <\($0)>" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }

  var usage: String {
    let text = "--\(name)" + (value.map { " <\($0)>" } ?? "")
    return (required ? text : "[\(text)]") + (repeatable ? " ..." : "")
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
  case readOnlyUnless([String])

  func access(_ arguments: ParsedArguments) -> StoreAccess {
    switch self {
    case .existing: return .existing
    case .create: return .create
    case .readOnly: return .readOnly
    case .readOnlyUnless(let options):
      let changes = options.contains {
        arguments.option($0) != nil || arguments.flag($0) || !arguments.values($0).isEmpty
      }
      return changes ? .existing : .readOnly
    }
  }
}
