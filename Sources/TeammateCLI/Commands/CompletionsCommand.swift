import Foundation
import TeammateKit

extension Commands {
  static let completions: CommandSpec = {
    let shells = CompletionScript.Shell.allCases.map(\.rawValue)
    let shell = Argument("shell", help: "bash, zsh or fish.") { text throws(UsageError) in
      guard let shell = CompletionScript.Shell(rawValue: text.lowercased()) else {
        throw UsageError(
          message:
            "'\(text)' is not a shell teammate completes: give \(Suggestion.list(shells))")
      }
      return shell
    }
    return CommandSpec(
      path: ["completions"],
      abstract: "Print a shell completion script: bash, zsh or fish.",
      discussion:
        "Load it with: source <(teammate completions bash), or write it where your shell looks.",
      arguments: [shell], store: .readOnly,
      examples: [
        "source <(teammate completions bash)",
        "teammate completions fish > ~/.config/fish/completions/teammate.fish",
      ]
    ) { session, arguments in
      session.write(CompletionScript.render(arguments[shell] ?? .bash, table: table))
    }
  }()
}
