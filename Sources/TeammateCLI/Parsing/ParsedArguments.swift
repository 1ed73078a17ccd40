/// What the parser read for one command, every value already converted to its key's type.
///
/// A command reads its values through the keys it declared; reading a key it did not
/// declare is a mistake in the command, caught the first time the command runs.
struct ParsedArguments: Sendable {
  /// The names of the command's options and arguments.
  var declared: Set<String> = []
  private(set) var values: [String: [any Sendable]] = [:]
  /// The option texts as given, in order, for messages and repeat checks.
  private(set) var texts: [String: [String]] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String: [any Sendable]] = [:]

  subscript<Value>(_ option: Option<Value>) -> Value? {
    (values(of: option.spec.name).last as? Value) ?? option.fallback
  }

  /// A required option, or one with a default: always there.
  func value<Value>(_ option: Option<Value>) -> Value {
    guard let value = self[option] else {
      preconditionFailure("'--\(option.spec.name)' is neither required nor defaulted")
    }
    return value
  }

  /// Every value of a repeatable option, in the order given.
  func all<Value>(_ option: Option<Value>) -> [Value] {
    values(of: option.spec.name).compactMap { $0 as? Value }
  }

  subscript(_ flag: Flag) -> Bool {
    checkDeclared(flag.spec.name)
    return flags.contains(flag.spec.name)
  }

  subscript<Value>(_ argument: Argument<Value>) -> Value? {
    checkDeclared(argument.spec.name)
    return positionals[argument.spec.name]?.first as? Value
  }

  /// Every word of a variadic argument.
  func all<Value>(_ argument: Argument<Value>) -> [Value] {
    checkDeclared(argument.spec.name)
    return (positionals[argument.spec.name] ?? []).compactMap { $0 as? Value }
  }

  /// Whether the option (or flag) was given at all.
  func given(_ name: String) -> Bool { flags.contains(name) || texts[name] != nil }

  /// The texts given for an option, in order.
  func texts(of name: String) -> [String] { texts[name] ?? [] }

  mutating func record(_ spec: OptionSpec, text: String?, value: (any Sendable)?) {
    if let text, let value {
      texts[spec.name, default: []].append(text)
      values[spec.name, default: []].append(value)
    } else {
      flags.insert(spec.name)
    }
  }

  mutating func record(_ spec: ArgumentSpec, values converted: [any Sendable]) {
    positionals[spec.name] = converted
  }

  private func values(of name: String) -> [any Sendable] {
    checkDeclared(name)
    return values[name] ?? []
  }

  private func checkDeclared(_ name: String) {
    precondition(declared.contains(name), "the command reads '\(name)', which it did not declare")
  }
}
