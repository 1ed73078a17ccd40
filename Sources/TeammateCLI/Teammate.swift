/// The `teammate` command line: parses, calls the kit and the store, formats.
public enum Teammate {
  public static let version = "0.1.0"

  /// Runs one invocation and returns what it printed instead of printing it.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:]
  ) async -> CommandOutcome {
    switch arguments.first {
    case "--version":
      return CommandOutcome(stdout: "teammate \(version)\n")
    case "demo":
      return CommandOutcome(
        stdout: "teammate demo: alice and bob share a household (coming soon)\n")
    case nil, "--help", "-h", "help":
      return CommandOutcome(
        stdout: "OVERVIEW: Two partners, one household, cards the other knows.\n")
    case let command?:
      return CommandOutcome(
        stderr: "teammate: error: unknown command '\(command)'\n", exitCode: ExitCode.usage)
    }
  }
}
