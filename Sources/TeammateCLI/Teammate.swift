import TeammateKit
import TeammateSQLite
import TeammateSystem

/// The `teammate` command line: parses, calls the kit and the store, formats.
///
/// `run` never prints: it returns what the tool would write, so that tests run it in process
/// and the executable's `main` only copies the outcome to the real streams.
public enum Teammate {
  public static let version = "0.1.0"

  /// Runs one invocation given as the bytes the system passed: an argument that is not UTF-8
  /// is a usage error that names it, rather than a silently repaired string.
  ///
  /// With `flush`, stdout is handed on in pieces as it is written (the outcome holds the
  /// rest), so that a large listing is never held whole.
  public static func run(
    rawArguments: [[UInt8]], environment: [String: String] = [:],
    flush: (@Sendable (String) -> Bool)? = nil, flushError: (@Sendable (String) -> Void)? = nil
  ) async -> CommandOutcome {
    var arguments: [String] = []
    for (index, bytes) in rawArguments.enumerated() {
      // NB: decoding repairs what is not UTF-8 (macOS 14 has no `String(validating:as:)`): an
      // argument that reads back as other bytes was not UTF-8.
      let shown = String(decoding: bytes, as: UTF8.self)
      guard shown.utf8.elementsEqual(bytes) else {
        let failure = Failure(
          message:
            "argument \(index + 1) ('\(TerminalText.visible(shown))') is not valid UTF-8; "
            + "give names and text in UTF-8",
          exitCode: ExitCode.usage)
        return CommandOutcome(stderr: failure.text, exitCode: failure.exitCode)
      }
      arguments.append(shown)
    }
    return await run(arguments, environment: environment, flush: flush, flushError: flushError)
  }

  /// Runs one invocation and returns what it printed instead of printing it.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:],
    flush: (@Sendable (String) -> Bool)? = nil, flushError: (@Sendable (String) -> Void)? = nil
  ) async -> CommandOutcome {
    var topic: HelpTopic?
    var logs = ""
    var language = Language.english
    do {
      let (request, globals) = try CommandLineParser(table: Commands.table).parse(arguments)
      switch request {
      case .version:
        return CommandOutcome(stdout: "teammate \(version)\n")
      case .help(let page):
        return CommandOutcome(stdout: HelpText.render(page, table: Commands.table))
      case .run(let command, let parsed):
        topic = .command(command)
        var session = try Session(globals: globals, environment: environment)
        language = session.language
        if command.needsNetwork, session.offline { throw CLIError.needsNetwork(command.name) }
        session.access = command.store.access(parsed)
        session.flush = flush
        session.flushError = flushError
        session.log(
          "\(command.name) as \((try? session.account().rawValue) ?? "nobody")")
        do {
          try await command.run(&session, parsed)
        } catch TeammateError.householdMoved(let id, let place) {
          // NB: this device follows the household: what it kept goes where it moved
          // (AC-PORT-15), and the person is told where.
          try? await session.handOver(to: place)
          logs = session.stderr
          throw TeammateError.householdMoved(id, to: place)
        } catch {
          logs = session.stderr
          session.removeWhatItMade()
          throw error
        }
        if globals.verbose {
          let peak = PeakMemory.mebibytes.map { String(format: ", peak memory %.1f MiB", $0) }
          session.log("\(command.name): done\(peak ?? "")")
        }
        return CommandOutcome(stdout: session.stdout, stderr: session.stderr)
      }
    } catch {
      var error = error
      if let usage = error as? UsageError, usage.time != nil {
        error = await inHouseholdTime(usage, environment: environment)
      }
      let failure = Failure(error, topic: topic, language: language)
      return CommandOutcome(stderr: logs + failure.text, exitCode: failure.exitCode)
    }
  }

  /// A time that did not parse, its examples worded in the offset of the household the run
  /// would have acted in (found read-only), else of this machine.
  private static func inHouseholdTime(
    _ error: UsageError, environment: [String: String]
  ) async -> UsageError {
    guard let text = error.time else { return error }
    var session = try? Session(globals: error.globals ?? GlobalOptions(), environment: environment)
    session?.access = .readOnly
    let zone = await session?.timeZone() ?? .current
    let now = session?.now ?? SystemWallClock().now()
    var worded = error
    worded.message =
      TeammateError.invalidTime(text, offset: TimeExpression.offset(of: zone, at: now))
      .description
    return worded
  }
}
