/// One command of the tool: its words, help text, arguments, options and what it runs.
struct CommandSpec: Sendable {
  /// The words that name it: `["card", "add"]`.
  let path: [String]
  let abstract: String
  var discussion: String? = nil
  var arguments: [ArgumentSpec] = []
  var options: [OptionSpec] = []
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
