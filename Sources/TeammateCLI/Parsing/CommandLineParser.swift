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

/// A command line that does not parse: the sentence, and the command whose usage helps.
struct UsageError: Error, Sendable {
  let message: String
  var topic: HelpTopic = .root
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
        let local = command?.options ?? []
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
        var value: String?
        if spec.isFlag {
          guard inline == nil else {
            throw UsageError(message: "'--\(spec.name)' takes no value.", topic: topic())
          }
        } else {
          guard let given = inline ?? tokens.popFirst() else {
            throw UsageError(message: "missing value for '\(spec.label)'.", topic: topic())
          }
          value = given
        }
        if GlobalOptions.specs.contains(where: { $0.name == spec.name }) {
          globals.set(spec.name, value)
        } else if let value {
          if !spec.repeatable && parsed.options[spec.name] != nil {
            throw UsageError(message: "'--\(spec.name)' was given twice.", topic: topic())
          }
          parsed.options[spec.name, default: []].append(value)
        } else {
          parsed.flags.insert(spec.name)
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
      } else if let leaf = table.command([token]) {
        command = leaf
      } else if table.isGroup(token) {
        group = token
      } else {
        throw unknown(token, among: table.topLevelNames + ["help"], topic: .root)
      }
    }

    if globals.version { return (.version, globals) }
    if let helpWords { return (.help(try helpTopic(helpWords)), globals) }
    if globals.help { return (.help(topic()), globals) }
    guard let command else {
      if let group {
        let names = table.subcommands(of: group).joined(separator: ", ")
        throw UsageError(message: "'\(group)' needs a subcommand: \(names).", topic: .group(group))
      }
      return (.help(.root), globals)
    }
    try assign(words, to: command, in: &parsed)
    return (.run(command, parsed), globals)
  }

  private func assign(
    _ words: [String], to command: CommandSpec, in parsed: inout ParsedArguments
  ) throws(UsageError) {
    var remaining = words[...]
    for argument in command.arguments {
      switch argument.arity {
      case .required:
        guard let word = remaining.popFirst() else {
          throw UsageError(
            message: "missing expected argument '<\(argument.name)>'.", topic: .command(command))
        }
        parsed.positionals[argument.name] = [word]
      case .optional:
        if let word = remaining.popFirst() { parsed.positionals[argument.name] = [word] }
      case .variadic:
        parsed.positionals[argument.name] = Array(remaining)
        remaining = []
      }
    }
    if let extra = remaining.first {
      throw UsageError(message: "unexpected argument '\(extra)'.", topic: .command(command))
    }
    for option in command.options where option.required && parsed.options[option.name] == nil {
      throw UsageError(
        message: "missing expected option '\(option.label)'.", topic: .command(command))
    }
  }

  private func helpTopic(_ words: [String]) throws(UsageError) -> HelpTopic {
    guard let first = words.first else { return .root }
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

  private static func split(_ token: String) -> (String, String?) {
    guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
    return (String(token[..<equals]), String(token[token.index(after: equals)...]))
  }

  private static func find(_ name: String, in specs: [OptionSpec]) -> OptionSpec? {
    if name.hasPrefix("--") { return specs.first { "--\($0.name)" == name } }
    return specs.first { $0.short.map { "-\($0)" } == name }
  }
}
