import Foundation
import TeammateKit
import Testing

@testable import TeammateCLI

/// The parser alone: a command declared here, parsed, never run.
@Suite struct ParserTests {
  let title = Argument<String>("title", help: "What it is.")
  let kind = Option(
    "kind", value: "kind", help: "The kind.", default: CardKind.note, parse: Values.kind("kind"))
  let at = Option("at", value: "time", help: "When.", parse: Values.time)
  let lead = Option("lead", value: "minutes", help: "Lead.", parse: Values.leadMinutes)
  let enable = Option(
    "enable", value: "kind", help: "Kinds.", repeatable: true,
    parse: Values.notificationKind("enable"))
  let urgent = Flag("urgent", short: "u", help: "Urgent.")

  var table: CommandTable {
    CommandTable(
      commands: [
        CommandSpec(
          path: ["card", "add"], abstract: "Log.", arguments: [title],
          options: [kind, at, lead, enable, urgent]
        ) { _, _ in }
      ], groupAbstracts: ["card": "Cards."])
  }

  func parsed(_ arguments: [String]) throws -> (ParsedArguments, GlobalOptions) {
    let (request, globals) = try CommandLineParser(table: table).parse(arguments)
    guard case .run(_, let parsed) = request else {
      Issue.record("\(arguments) did not parse to a command")
      return (ParsedArguments(), globals)
    }
    return (parsed, globals)
  }

  @Test func test_AC_CLI_54_theParserHandsOverTypedValues() throws {
    let (spaced, globals) = try parsed(
      ["-v", "card", "add", "--kind", "TASK", "Recycling", "--at", "in 2h", "--lead=45", "-u"])
    #expect(spaced[title] == "Recycling")
    #expect(spaced[kind] == .task)
    #expect(spaced[at] == TimeInput(text: "in 2h"))
    #expect(spaced[lead] == 45)
    #expect(spaced[urgent])
    #expect(globals.verbose)

    let (defaults, _) = try parsed(["card", "add", "Recycling"])
    #expect(defaults.value(kind) == .note)
    #expect(defaults[at] == nil)
    #expect(!defaults[urgent])
    #expect(!defaults.given("kind"))

    let (dashed, _) = try parsed(["card", "add", "--enable", "digest", "--", "-5 degrees"])
    #expect(dashed[title] == "-5 degrees")
    let (repeated, _) = try parsed(
      ["card", "add", "x", "--enable", "digest", "--enable=event", "--enable", "task"])
    #expect(repeated.all(enable) == [.digest, .eventReminder, .taskDue])
    #expect(repeated.texts(of: "enable") == ["digest", "event", "task"])
  }

  @Test(arguments: [
    (["card", "add", "x", "--kind", "idea"], "'idea' is not a valid value for '--kind'"),
    (["card", "add", "x", "--lead", "2000"], "a reminder lead time of 2000 minutes"),
    (["card", "add", "x", "--lead", "soon"], "'soon' is not a valid value for '--lead'"),
    (["card", "add", "x", "--at", "someday"], "'someday' is not a time"),
    (["card", "add", "x", "--kind", "task", "--kind", "note"], "'--kind' was given twice"),
    (["--as", "a", "--as", "b", "card", "add", "x"], "'--as' was given twice ('a' and 'b')"),
    (["card", "add", "x", "-u", "--urgent"], "'--urgent' was given twice: give it once."),
  ])
  func test_AC_CLI_54_badValuesAndRepeatsAreRefusedWhileParsing(
    arguments: [String], message: String
  ) throws {
    #expect {
      _ = try CommandLineParser(table: table).parse(arguments)
    } throws: { error in
      (error as? UsageError)?.message.contains(message) == true
    }
  }

  @Test func test_AC_CLI_54_helpWinsOverAValueThatDoesNotConvert() throws {
    let (request, _) = try CommandLineParser(table: table).parse(
      ["card", "add", "x", "--kind", "idea", "--help"])
    guard case .help(.command(let command)) = request else {
      Issue.record("expected the command's help, got \(request)")
      return
    }
    #expect(command.path == ["card", "add"])
  }

  @Test func test_AC_CLI_54_theToolsOwnTableDeclaresEachOptionOnce() {
    for command in Commands.table.commands {
      let names = command.options.map(\.name) + GlobalOptions.specs.map(\.name)
      #expect(Set(names).count == names.count, "\(command.name) declares an option twice")
      for option in command.options {
        for other in option.conflicts {
          #expect(
            command.options.contains { $0.name == other },
            "\(command.name): '--\(option.name)' conflicts with undeclared '--\(other)'")
        }
      }
    }
  }
}
