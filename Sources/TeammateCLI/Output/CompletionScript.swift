import TeammateKit

/// Shell completion scripts made from the command table, so that they offer exactly the
/// commands and options the tool has. Bash also offers the store's card ids.
enum CompletionScript {
  /// The shells a script is made for.
  enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
  }

  static func render(_ shell: Shell, table: CommandTable) -> String {
    switch shell {
    case .bash: bash(table)
    case .zsh: zsh(table)
    case .fish: fish(table)
    }
  }

  private static var globals: [String] { GlobalOptions.specs.map { "--\($0.name)" } }

  /// `case` arms: the words after `teammate`, and what may follow them.
  private static func next(_ table: CommandTable) -> [(String, [String])] {
    var arms: [(String, [String])] = [("", table.topLevelNames + globals)]
    for name in table.topLevelNames where table.isGroup(name) {
      arms.append((name, table.subcommands(of: name)))
    }
    for command in table.commands {
      arms.append((command.path.joined(separator: " "), command.options.map { "--\($0.name)" }))
    }
    return arms
  }

  static func bash(_ table: CommandTable) -> String {
    // NB: commands that name a card also offer the store's card ids.
    let naming = Set(
      table.commands.filter { $0.arguments.contains { $0.name == "id" } }.map {
        $0.path.joined(separator: " ")
      })
    let arms = next(table).map { words, offered in
      let ids =
        naming.contains(words)
        ? " $(teammate card list 2>/dev/null | awk 'NR > 1 { print $1 }')" : ""
      return "    \"\(words)\") words=\"\(offered.joined(separator: " "))\(ids)\" ;;"
    }.joined(separator: "\n")
    let kinds = CardKind.allCases.map(\.rawValue).joined(separator: " ")
    let groups = table.topLevelNames.filter(table.isGroup).joined(separator: " ")
    let valued = (GlobalOptions.specs + table.commands.flatMap(\.options)).filter { !$0.isFlag }
      .map { "--\($0.name)" }
    let takesValue = Array(Set(valued)).sorted().joined(separator: "|")
    return """
      # teammate completions for bash: source <(teammate completions bash)
      _teammate() {
        local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
        local command_path="" word words i groups=" \(groups) "
        # The command: its first word, and a second after a group; arguments and values skipped.
        for ((i = 1; i < COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          case $word in -*) continue ;; esac
          case ${COMP_WORDS[i-1]} in \(takesValue)) continue ;; esac
          if [[ -z $command_path ]]; then
            command_path=$word
          elif [[ $groups == *" $command_path "* && $command_path != *" "* ]]; then
            command_path="$command_path $word"
          fi
        done
        case $previous in
          --kind) COMPREPLY=($(compgen -W "\(kinds)" -- "$current")); return ;;
          --assignee) COMPREPLY=($(compgen -W "me partner both" -- "$current")); return ;;
        esac
        case $command_path in
      \(arms)
          *) words="" ;;
        esac
        COMPREPLY=($(compgen -W "$words" -- "$current"))
      }
      complete -F _teammate teammate

      """
  }

  static func zsh(_ table: CommandTable) -> String {
    let arms = next(table).map { words, offered in
      "    \"\(words)\") compadd -- \(offered.joined(separator: " ")) ;;"
    }.joined(separator: "\n")
    return """
      #compdef teammate
      # teammate completions for zsh: teammate completions zsh > "${fpath[1]}/_teammate"
      _teammate() {
        local command_path=${(j: :)${words[2,CURRENT-1]:#-*}}
        case $command_path in
      \(arms)
        esac
      }
      compdef _teammate teammate

      """
  }

  static func fish(_ table: CommandTable) -> String {
    var lines = ["# teammate completions for fish", "complete -c teammate -f"]
    for name in table.topLevelNames {
      lines.append(
        "complete -c teammate -n '__fish_use_subcommand' -a '\(name)' -d '\(escape(table.abstract(ofTopLevel: name)))'"
      )
    }
    for name in table.topLevelNames where table.isGroup(name) {
      for sub in table.subcommands(of: name) {
        let abstract = table.command([name, sub])?.abstract ?? ""
        lines.append(
          "complete -c teammate -n '__fish_seen_subcommand_from \(name)' -a '\(sub)' -d '\(escape(abstract))'"
        )
      }
    }
    for spec in GlobalOptions.specs {
      lines.append("complete -c teammate -l \(spec.name) -d '\(escape(spec.help))'")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
  }
}
