import Foundation
import TeammateCLI
import Testing

@Suite struct HelpAndUsageTests {
  @Test(arguments: [
    ["--help"], ["-h"], ["help"], ["help", "card", "add"], ["card", "add", "--help"],
    ["card", "--help"], ["help", "pending"],
  ])
  func test_AC_CLI_01_helpGoesToStdoutAndExitsZero(arguments: [String]) async {
    let outcome = await Teammate.run(arguments)
    #expect(outcome.exitCode == 0)
    #expect(outcome.stderr.isEmpty)
    #expect(outcome.stdout.hasPrefix("OVERVIEW: "))
    #expect(outcome.stdout.contains("USAGE: teammate"))
    #expect(outcome.stdout.contains("OPTIONS:"))
  }

  @Test func test_AC_CLI_01_commandHelpListsArgumentsAndGroupsListSubcommands() async {
    let add = await Teammate.run(["help", "card", "add"])
    #expect(add.stdout.contains("ARGUMENTS:\n  <title>"))
    #expect(add.stdout.contains("--kind <kind>"))
    let card = await Teammate.run(["card", "--help"])
    #expect(card.stdout.contains("SUBCOMMANDS:\n  add"))
    let version = await Teammate.run(["--version"])
    #expect(version == CommandOutcome(stdout: "teammate \(Teammate.version)\n"))
  }

  struct UsageCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    let usage: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let usageCases: [UsageCase] = [
    UsageCase(
      arguments: ["--as", "a", "pendng"],
      message: "unknown command 'pendng'. Did you mean 'pending'?",
      usage: "Usage: teammate <subcommand>"),
    UsageCase(
      arguments: ["--as", "a", "card", "ad", "x"],
      message: "unknown command 'ad'. Did you mean 'add'?",
      usage: "Usage: teammate card <subcommand>"),
    UsageCase(
      arguments: ["--as", "a", "card", "add", "x", "--knd", "task"],
      message: "unknown option '--knd'. Did you mean '--kind'?",
      usage: "Usage: teammate card add <title>"),
    UsageCase(
      arguments: ["--as", "a", "card", "add"], message: "missing expected argument '<title>'.",
      usage: "Usage: teammate card add <title>"),
    UsageCase(
      arguments: ["--as", "a", "card", "add", "x", "--kind"],
      message: "missing value for '--kind <kind>'.", usage: "Usage: teammate card add <title>"),
    UsageCase(
      arguments: ["--as", "a", "card", "show", "x", "y"], message: "unexpected argument 'y'.",
      usage: "Usage: teammate card show <id>"),
    UsageCase(
      arguments: ["--as", "a", "household", "create"],
      message: "missing expected option '--name <name>'.",
      usage: "Usage: teammate household create --name <name>"),
    UsageCase(
      arguments: ["--as", "a", "card"],
      message: "'card' needs a subcommand: add, edit, show, list, done, skip, delete, restore.",
      usage: "Usage: teammate card <subcommand>"),
    UsageCase(
      arguments: ["--as", "a", "sync", "--json=yes"], message: "'--json' takes no value.",
      usage: "Usage: teammate sync"),
  ]

  @Test(arguments: usageCases)
  func test_AC_CLI_02_usageErrorsExit64WithTheUsageLine(usage: UsageCase) async throws {
    let scratch = try Scratch()
    let outcome = await Teammate.run(usage.arguments, environment: scratch.environment)
    #expect(outcome.exitCode == 64)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("teammate: error: \(usage.message)\n"), "\(outcome.stderr)")
    #expect(outcome.stderr.contains(usage.usage))
    #expect(outcome.stderr.contains("--help' for more."))
  }

  @Test func test_AC_CLI_03_missingAccountSaysHowToSetOne() async throws {
    let scratch = try Scratch()
    let outcome = await scratch.run(nil, ["pending"])
    #expect(outcome.exitCode == 64)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("teammate: error: no account to act as"))
    #expect(
      outcome.stderr.contains("hint: pass --as UID (for example --as alice) or set TEAMMATE_USER"))
  }
}

@Suite struct OptionSyntaxTests {
  @Test func test_AC_CLI_22_optionFormsAndTheDoubleDash() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let equals = try await scratch.card("alice", ["--kind=task", "Recycling", "--at=today 19:00"])
    #expect(equals["kind"] as? String == "task")
    #expect(equals["time"] as? String == "2026-12-01T19:00:00+08:00")
    let dashed = try await scratch.json(
      "alice", ["card", "add", "--note", "cold", "--", "-5 degrees tonight"])
    #expect((dashed["card"] as? [String: Any])?["title"] as? String == "-5 degrees tonight")
    let globalFirst = await Teammate.run(
      ["--json", "--as", "bob", "pending"], environment: scratch.environment)
    #expect(globalFirst.exitCode == 0)
    #expect(globalFirst.stdout.hasPrefix("{"))
    let withoutDash = await scratch.run("alice", ["card", "add", "-5 degrees"])
    #expect(withoutDash.exitCode == 64)
  }
}
