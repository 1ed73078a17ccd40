import Foundation
import TeammateKit

extension Commands {
  static let completions: CommandSpec = CommandSpec(
    path: ["completions"],
    abstract: "Print a shell completion script: bash, zsh or fish.",
    discussion:
      "Load it with: source <(teammate completions bash), or write it where your shell looks.",
    arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish.")],
    store: .readOnly,
    examples: [
      "source <(teammate completions bash)",
      "teammate completions fish > ~/.config/fish/completions/teammate.fish",
    ]
  ) { session, arguments in
    let shell = arguments.argument("shell") ?? ""
    guard let script = CompletionScript.render(shell, table: table) else {
      throw CLIError.nothingToDo(
        "'\(shell)' is not a shell teammate completes: give bash, zsh or fish")
    }
    session.write(script)
  }
}
