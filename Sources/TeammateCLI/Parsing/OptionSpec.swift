/// A `--long` option with a value, or a flag without one, as the parser, the help pages and
/// the completion scripts see it. Commands declare options as typed keys (`Option`, `Flag`),
/// each of which holds one of these.
struct OptionSpec: Sendable {
  let name: String
  var short: Character? = nil
  /// The value's placeholder; nil for a flag.
  var value: String? = nil
  let help: String
  var repeatable = false
  /// A value option that must be given.
  var required = false
  /// The options that cannot be given with this one.
  var conflicts: [String] = []
  /// Turns one given text into the typed value the command reads, before the command runs.
  var convert: @Sendable (String) throws(UsageError) -> any Sendable = { $0 }

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

/// A positional argument.
struct ArgumentSpec: Sendable {
  enum Arity: Sendable { case required, optional, variadic }

  let name: String
  let help: String
  var arity: Arity = .required
  var convert: @Sendable (String) throws(UsageError) -> any Sendable = { $0 }

  var usage: String {
    switch arity {
    case .required: "<\(name)>"
    case .optional: "[<\(name)>]"
    case .variadic: "[<\(name)> ...]"
    }
  }
}
