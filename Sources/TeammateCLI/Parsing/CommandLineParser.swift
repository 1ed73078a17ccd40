/// What the command line asked for.
enum Request: Sendable {
  case run(CommandSpec, ParsedArguments)
  case help(HelpTopic)
  case version
}

/// Which help page to show.
enum HelpTopic: Sendable {
  case root
  case group(String)
  case command(CommandSpec)
}

/// Reads `teammate [global options] <command> [arguments]` the way swift-argument-parser
/// does: options anywhere after the command, `--name=value` or `--name value`, `--` ends
/// the options, and every mistake names what was expected.
struct CommandLineParser {
  let table: CommandTable

  func parse(_ arguments: [String]) throws(UsageError) -> (Request, GlobalOptions) {
    var globals = GlobalOptions()
    var group: String?
    var command: CommandSpec?
    var helpWords: [String]?
    var words: [String] = []
    var parsed = ParsedArguments()
    /// Each option given so far, with its text, to refuse a repeat.
    var given: [String: String] = [:]
    /// The first value that did not convert.
    var invalid: UsageError?
    var tokens = arguments[...]
    var optionsEnded = false

    func topic() -> HelpTopic {
      command.map { .command($0) } ?? group.map { .group($0) } ?? .root
    }

    while let token = tokens.popFirst() {
      if !optionsEnded && token == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded && token.hasPrefix("-") && token.count > 1 {
        let (name, inline) = Self.split(token)
        // NB: a group that runs on its own (`meal`) takes its own options before a subcommand.
        let local = command?.options ?? group.flatMap { table.command([$0])?.options } ?? []
        guard let spec = Self.find(name, in: GlobalOptions.specs + local) else {
          let known = (GlobalOptions.specs + local).map { "--\($0.name)" }
          var hint =
            Suggestion.nearest(to: name, among: known).map { " Did you mean '\($0)'?" } ?? ""
          if hint.isEmpty, name.dropFirst().first?.isNumber == true || name.contains(" ") {
            // NB: text that starts with a dash (`-5 degrees`) reads as an option.
            hint = " To give text that starts with '-', put '--' before it: -- '\(token)'."
          }
          throw UsageError(message: "unknown option '\(name)'.\(hint)", topic: topic())
        }
        var text: String?
        if spec.isFlag {
          guard inline == nil else {
            throw UsageError(message: "'--\(spec.name)' takes no value.", topic: topic())
          }
        } else {
          guard let supplied = inline ?? tokens.popFirst() else {
            throw UsageError(message: "missing value for '\(spec.label)'.", topic: topic())
          }
          text = supplied
        }
        if !spec.repeatable, let earlier = given[spec.name] {
          throw UsageError(message: Self.repeated(spec, earlier, text), topic: topic())
        }
        given[spec.name] = text ?? ""
        var value: (any Sendable)?
        if let text {
          // NB: a value that does not convert waits, so that `--help` still shows help.
          do { value = try spec.convert(text) } catch {
            invalid = invalid ?? error.about(topic())
            continue
          }
        }
        if GlobalOptions.specs.contains(where: { $0.name == spec.name }) {
          globals.record(spec.name, value)
        } else {
          parsed.record(spec, text: text, value: value)
        }
        continue
      }
      if helpWords != nil {
        helpWords?.append(token)
      } else if command != nil {
        words.append(token)
      } else if let chosen = group {
        guard let leaf = table.command([chosen, token]) else {
          throw unknown(token, among: table.subcommands(of: chosen), topic: .group(chosen))
        }
        command = leaf
      } else if token == "help" {
        helpWords = []
      } else if table.isGroup(token) {
        group = token
      } else if let leaf = table.command([token]) {
        command = leaf
      } else {
        throw unknown(token, among: table.topLevelNames + ["help"], topic: .root)
      }
    }

    if globals.version { return (.version, globals) }
    if let helpWords { return (.help(try helpTopic(helpWords)), globals) }
    if globals.help { return (.help(topic()), globals) }
    if var invalid {
      invalid.globals = globals
      throw invalid
    }
    if command == nil, let group, let bare = table.command([group]) { command = bare }
    guard let command else {
      if let group {
        let names = table.subcommands(of: group).joined(separator: ", ")
        throw UsageError(message: "'\(group)' needs a subcommand: \(names).", topic: .group(group))
      }
      return (.help(.root), globals)
    }
    parsed.declared = Set(command.options.map(\.name) + command.arguments.map(\.name))
    try assign(words, to: command, in: &parsed)
    try Self.checkConflicts(command, parsed)
    do { try command.validate(parsed) } catch { throw error.about(.command(command)) }
    return (.run(command, parsed), globals)
  }

  private func assign(
    _ words: [String], to command: CommandSpec, in parsed: inout ParsedArguments
  ) throws(UsageError) {
    var remaining = words[...]
    for argument in command.arguments {
      var taken: [String] = []
      switch argument.arity {
      case .required:
        guard let word = remaining.popFirst() else {
          throw UsageError(
            message: "missing expected argument '<\(argument.name)>'.", topic: .command(command))
        }
        taken = [word]
      case .optional:
        if let word = remaining.popFirst() { taken = [word] }
      case .variadic:
        taken = Array(remaining)
        remaining = []
      }
      var values: [any Sendable] = []
      for word in taken {
        do { values.append(try argument.convert(word)) } catch {
          throw error.about(.command(command))
        }
      }
      if !taken.isEmpty { parsed.record(argument, values: values) }
    }
    if let extra = remaining.first {
      throw UsageError(message: "unexpected argument '\(extra)'.", topic: .command(command))
    }
    for option in command.options where option.required && !parsed.given(option.name) {
      throw UsageError(
        message: "missing expected option '\(option.label)'.", topic: .command(command))
    }
  }

  private func helpTopic(_ words: [String]) throws(UsageError) -> HelpTopic {
    guard let first = words.first else { return .root }
    // NB: a group that also runs on its own (`meal`) shows its group page.
    if words.count == 1, table.isGroup(first) { return .group(first) }
    if let leaf = table.command(Array(words.prefix(2))) { return .command(leaf) }
    if let leaf = table.command([first]) { return .command(leaf) }
    if table.isGroup(first) {
      if words.count > 1 {
        throw unknown(words[1], among: table.subcommands(of: first), topic: .group(first))
      }
      return .group(first)
    }
    throw unknown(first, among: table.topLevelNames, topic: .root)
  }

  private func unknown(_ word: String, among names: [String], topic: HelpTopic) -> UsageError {
    var hint = Suggestion.nearest(to: word, among: names).map { " Did you mean '\($0)'?" } ?? ""
    if case .root = topic, hint.isEmpty {
      // NB: `teammate add` means a command of a group; `teammate version`, the option.
      let within = names.filter(table.isGroup).filter { table.subcommands(of: $0).contains(word) }
      if !within.isEmpty {
        hint = " Did you mean \(Suggestion.list(within.map { "\($0) \(word)" }))?"
      } else if ["version", "help"].contains(word.lowercased()) {
        hint = " Did you mean '--\(word.lowercased())'?"
      }
    }
    return UsageError(message: "unknown command '\(word)'.\(hint)", topic: topic)
  }

  /// Two options given together that the command declared as contradicting each other.
  private static func checkConflicts(
    _ command: CommandSpec, _ parsed: ParsedArguments
  ) throws(UsageError) {
    for option in command.options where parsed.given(option.name) {
      for other in option.conflicts where parsed.given(other) {
        throw UsageError.conflict("'--\(option.name)'", "'--\(other)'").about(.command(command))
      }
    }
  }

  /// "'--as' was given twice ('alice' and 'bob'): give it once".
  private static func repeated(_ spec: OptionSpec, _ earlier: String, _ text: String?) -> String {
    let values = text.map { " ('\(earlier)' and '\($0)')" } ?? ""
    return "'--\(spec.name)' was given twice\(values): give it once."
  }

  private static func split(_ token: String) -> (String, String?) {
    guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
    return (String(token[..<equals]), String(token[token.index(after: equals)...]))
  }

  private static func find(_ name: String, in specs: [OptionSpec]) -> OptionSpec? {
    if name.hasPrefix("--") { return specs.first { "--\($0.name)" == name } }
    return specs.first { $0.short.map { "-\($0)" } == name }
  }
}
