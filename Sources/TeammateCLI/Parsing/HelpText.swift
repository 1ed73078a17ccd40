/// Help pages laid out as swift-argument-parser lays them out.
enum HelpText {
  /// The variables the tool reads, with what each stands in for.
  static let environment: [(String, String)] = [
    ("TEAMMATE_STORE", "The store file or postgresql:// URL, as --store."),
    ("TEAMMATE_DEVICE", "This device's own state beside a server, as --device."),
    ("TEAMMATE_USER", "The account to act as, as --as."),
    ("TEAMMATE_NOW", "The clock for the run, as --now."),
    ("TEAMMATE_OFFLINE", "Set to 1: this device is offline, as --offline."),
    ("TEAMMATE_LANG", "The language to speak (en or zh-Hant), as --lang."),
    ("LC_ALL", "Without --lang or TEAMMATE_LANG, the first of these set names the language:"),
    ("LC_MESSAGES", "a zh_TW, zh_HK or zh_Hant locale is Traditional Chinese, any other English."),
    ("LANG", "As LC_ALL and LC_MESSAGES, read last."),
    ("XDG_DATA_HOME", "Where the default store lives: $XDG_DATA_HOME/teammate/teammate.sqlite."),
    (
      "XDG_STATE_HOME",
      "Where a device beside a server keeps its state: $XDG_STATE_HOME/teammate/device.sqlite."
    ),
    (
      "HOME",
      "Without XDG_DATA_HOME or XDG_STATE_HOME: ~/.local/share/teammate/teammate.sqlite and "
        + "~/.local/state/teammate/device.sqlite."
    ),
    ("NO_COLOR", "Set to any value but empty: no colour, even on a terminal."),
    ("TERM", "A terminal of type dumb gets no colour."),
  ]

  /// Every global option as the usage line shows it, from the options themselves, so that
  /// none is left out (help and version are the page's own).
  static var globalUsage: String {
    GlobalOptions.specs.filter { !["help", "version"].contains($0.name) }.map(\.usage)
      .joined(separator: " ")
  }

  /// The time forms every time option reads, in the household's zone.
  static let timeForms =
    "2026-12-01 20:00, today 20:00, tomorrow 7:30, tomorrow 9, 19:00, 7pm, mon 9:30, "
    + "next tue 18:00, in 2h, or ISO 8601; a day alone (tomorrow, fri) is 09:00"

  /// What `--as` and `--now` are, said where a person looks first.
  static let trust = """
    TRUST:
      --as and --now are a test and scripting identity and clock, like git's user.name:
      anyone who can run teammate on this machine can act as any account of a store here,
      at any time they name. Sign-in belongs to the app that embeds the kit. A store is
      created readable by its owner only.
    """

  static func render(_ topic: HelpTopic, table: CommandTable) -> String {
    switch topic {
    case .root:
      return page(
        overview: "Two partners, one household: cards the other partner comes to know.",
        usage: "teammate \(globalUsage) <subcommand>",
        sections: [
          ("OPTIONS", GlobalOptions.specs.map { ($0.label, $0.help) }),
          ("SUBCOMMANDS", table.topLevelNames.map { ($0, table.abstract(ofTopLevel: $0)) }),
          ("ENVIRONMENT", environment),
        ],
        footer: "See 'teammate help <subcommand>' for detailed help.", trust: true)
    case .group(let group):
      // NB: a group that runs on its own (`meal`) says what it does alone, with its options.
      let bare = table.command([group])
      return page(
        overview: table.groupAbstracts[group] ?? "",
        usage: bare.map { "\($0.usage) | <subcommand>" } ?? "teammate \(group) <subcommand>",
        sections: [
          (
            "OPTIONS",
            (bare?.options.map { ($0.label, $0.help) } ?? []) + [
              ("-h, --help", "Show help information.")
            ]
          ),
          (
            "SUBCOMMANDS",
            table.subcommands(of: group).map {
              ($0, table.command([group, $0])?.abstract ?? "")
            }
          ),
        ],
        footer: "See 'teammate help \(group) <subcommand>' for detailed help.")
    case .command(let command):
      var sections: [(String, [(String, String)])] = []
      if !command.arguments.isEmpty {
        sections.append(("ARGUMENTS", command.arguments.map { ("<\($0.name)>", $0.help) }))
      }
      sections.append(
        (
          "OPTIONS",
          command.options.map { ($0.label, $0.help) } + [("-h, --help", "Show help information.")]
        ))
      sections.append(
        (
          "GLOBAL OPTIONS",
          GlobalOptions.specs.filter { !["help", "version"].contains($0.name) }.map {
            ($0.label, $0.help)
          }
        ))
      if command.options.contains(where: { $0.value == "time" }) {
        sections.append(("TIMES", [("In the household's zone: " + timeForms + ".", "")]))
      }
      if !command.examples.isEmpty {
        sections.append(("EXAMPLES", command.examples.map { ($0, "") }))
      }
      return page(
        overview: command.abstract + (command.discussion.map { "\n\n" + $0 } ?? ""),
        usage: command.usage, sections: sections, footer: nil)
    }
  }

  /// The short usage reminder printed after an error.
  static func usageReminder(_ topic: HelpTopic) -> String {
    switch topic {
    case .root:
      return "Usage: teammate <subcommand>\n  See 'teammate --help' for more.\n"
    case .group(let group):
      return "Usage: teammate \(group) <subcommand>\n  See 'teammate \(group) --help' for more.\n"
    case .command(let command):
      return "Usage: \(command.usage)\n  See '\(command.name) --help' for more.\n"
    }
  }

  private static func page(
    overview: String, usage: String, sections: [(String, [(String, String)])], footer: String?,
    trust: Bool = false
  ) -> String {
    let paragraphs = ("OVERVIEW: " + overview).split(
      separator: "\n", omittingEmptySubsequences: false)
    var text = paragraphs.map { wrapped(String($0), first: "", rest: "") }.joined(separator: "\n")
    text += "\n\n" + wrapped(usage, first: "USAGE: ", rest: String(repeating: " ", count: 9)) + "\n"
    for (title, rows) in sections where !rows.isEmpty {
      text += "\n\(title):\n"
      for (label, help) in rows {
        if help.isEmpty {
          text += wrapped(label, first: "  ", rest: "    ") + "\n"
          continue
        }
        let padded =
          label.count < 24
          ? label.padding(toLength: 24, withPad: " ", startingAt: 0)
          : label + "\n" + String(repeating: " ", count: 26)
        text += wrapped(help, first: "  \(padded)", rest: String(repeating: " ", count: 26)) + "\n"
      }
    }
    if trust { text += "\n\(Self.trust)\n" }
    if let footer { text += "\n  \(footer)\n" }
    return text
  }

  /// How wide a help page may be: a terminal of 100 columns shows every line whole.
  static let width = 100

  /// The words of `text`, split at spaces outside brackets and quotes: `[--reply-by <time>]`
  /// and `'week on tue'` are carried to the next line whole.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    var depth = 0
    var quoted = false
    for character in text {
      switch character {
      case "[", "<": depth += 1
      case "]", ">": depth = max(0, depth - 1)
      // NB: a quote opens a word ('none'); an apostrophe inside one (household's) does not.
      case "'" where quoted: quoted = false
      case "'" where word.isEmpty || word.last == "(": quoted = true
      default: break
      }
      if character == " ", depth == 0, !quoted {
        words.append(word)
        word = ""
      } else {
        word.append(character)
      }
    }
    words.append(word)
    return words
  }

  /// `text` after `first`, its words carried to lines that start with `rest` where a line
  /// would pass `width`. A word longer than a line stands alone.
  static func wrapped(_ text: String, first: String, rest: String) -> String {
    let lead = first.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = lead.dropLast().map(String.init)
    var line = String(lead.last ?? "")
    var empty = true
    for word in words(text) {
      if !empty && line.count + 1 + word.count > width {
        lines.append(line)
        line = rest + word
      } else {
        line += (empty ? "" : " ") + word
      }
      empty = false
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
