/// A declared option of either kind, as a command lists it.
protocol OptionKey: Sendable {
  var spec: OptionSpec { get }
}

/// A value option, typed: declared once with its name, value parser, default, help and the
/// options it cannot go with, and read back by the command as a `Value` already converted.
struct Option<Value: Sendable>: OptionKey {
  let spec: OptionSpec
  /// What the command reads when the option is absent.
  let fallback: Value?

  /// - Parameters:
  ///   - defaultValue: read when the option is absent.
  ///   - defaultText: the default as help shows it. NB: given, never worked out from the
  ///     value: printing a value of any type asks the runtime about its type, the first
  ///     time at some cost, and every command's table is built at every start.
  ///   - conflicts: options that cannot be given with this one (a usage error names both).
  init(
    _ name: String, short: Character? = nil, value placeholder: String, help: String,
    default defaultValue: Value? = nil, defaultText: String? = nil, repeatable: Bool = false,
    required: Bool = false, conflicts: [any OptionKey] = [],
    parse: @escaping @Sendable (String) throws(UsageError) -> Value
  ) {
    let shown = defaultText
    spec = OptionSpec(
      name: name, short: short, value: placeholder,
      help: shown.map { Self.help(help, default: $0) } ?? help, repeatable: repeatable,
      required: required, conflicts: conflicts.map(\.spec.name),
      convert: { text throws(UsageError) in try parse(text) })
    fallback = defaultValue
  }

  /// "note, task, event or topic (default: note)."
  private static func help(_ help: String, default shown: String) -> String {
    let sentence = help.hasSuffix(".") ? String(help.dropLast()) : help
    return "\(sentence) (default: \(shown))."
  }
}

extension Option where Value == String {
  /// A text option, taken as given.
  init(
    _ name: String, value placeholder: String, help: String, defaultText: String? = nil,
    required: Bool = false, conflicts: [any OptionKey] = []
  ) {
    self.init(
      name, value: placeholder, help: help, defaultText: defaultText, required: required,
      conflicts: conflicts, parse: { $0 })
  }
}

/// An option without a value: given or not.
struct Flag: OptionKey {
  let spec: OptionSpec

  init(_ name: String, short: Character? = nil, help: String, conflicts: [any OptionKey] = []) {
    spec = OptionSpec(name: name, short: short, help: help, conflicts: conflicts.map(\.spec.name))
  }
}

/// A declared positional argument, as a command lists it.
protocol ArgumentKey: Sendable {
  var spec: ArgumentSpec { get }
}

/// A positional argument, typed like an option.
struct Argument<Value: Sendable>: ArgumentKey {
  let spec: ArgumentSpec

  init(
    _ name: String, help: String, arity: ArgumentSpec.Arity = .required,
    parse: @escaping @Sendable (String) throws(UsageError) -> Value
  ) {
    spec = ArgumentSpec(
      name: name, help: help, arity: arity, convert: { text throws(UsageError) in try parse(text) })
  }
}

extension Argument where Value == String {
  init(_ name: String, help: String, arity: ArgumentSpec.Arity = .required) {
    self.init(name, help: help, arity: arity, parse: { $0 })
  }
}
