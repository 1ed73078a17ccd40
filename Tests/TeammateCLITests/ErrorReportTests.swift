import Foundation
import TeammateKit
import TeammateSQLite
import Testing

@testable import TeammateCLI

@Suite struct ErrorReportTests {
  struct Sample: Sendable, CustomStringConvertible {
    let error: any Error & Sendable
    let exitCode: Int32
    let hint: String?
    var description: String { "\(error)" }
  }

  static let samples: [Sample] = [
    Sample(error: UsageError(message: "unknown option '--x'."), exitCode: 64, hint: nil),
    Sample(error: CLIError.missingAccount, exitCode: 64, hint: "pass --as UID"),
    Sample(error: CLIError.noHousehold("bob"), exitCode: 1, hint: "create one with"),
    Sample(error: CLIError.notFound("no such invite"), exitCode: 1, hint: nil),
    Sample(error: TeammateError.invalidTime("x", offset: "Z"), exitCode: 64, hint: nil),
    Sample(error: TeammateError.invalidQuietHours("1:00-1:00"), exitCode: 64, hint: nil),
    Sample(error: TeammateError.cardNotFound("c1"), exitCode: 1, hint: nil),
    Sample(
      error: TeammateError.staleAcknowledgement("c1", seen: 1, current: 2), exitCode: 1,
      hint: "see it with 'teammate card show ID'"),
    Sample(error: TeammateError.notInHousehold("bob"), exitCode: 1, hint: "create one with"),
    Sample(error: StoreError.missing("/s"), exitCode: 1, hint: nil),
    Sample(error: StoreError.notADatabase("/s"), exitCode: 74, hint: nil),
    Sample(error: SQLiteError(code: 11, message: "malformed"), exitCode: 74, hint: nil),
  ]

  @Test(arguments: samples)
  func test_AC_CLI_53_everyErrorSaysHowItIsReported(sample: Sample) throws {
    let command = try #require(Commands.table.command(["pending"]))
    let failure = Failure(sample.error, topic: .command(command))
    #expect(failure.exitCode == sample.exitCode)
    #expect(failure.text.hasPrefix("teammate: error: "))
    if let hint = sample.hint {
      #expect(failure.text.contains("\nhint: \(hint)"), "\(failure.text)")
    } else {
      #expect(!failure.text.contains("\nhint: "))
    }
    // NB: only a usage error ends with the usage line.
    #expect(failure.text.contains("Usage: teammate pending") == (sample.exitCode == 64))
  }
}

@Suite struct ServerMessageTests {
  @Test func test_AC_CLI_71_aServersMessageIsOneLine() {
    let error = ServerError(
      url: "postgresql://bob:s3cret@localhost:1/teammate",
      reason: "connection to server at \"localhost\" failed: Connection refused\n\tIs the server "
        + "running on that host and accepting TCP/IP connections?\n")
    #expect(
      error.description
        == "the store at postgresql://bob:***@localhost:1/teammate cannot be used: connection "
        + "to server at \"localhost\" failed: Connection refused Is the server running on that "
        + "host and accepting TCP/IP connections?")
  }
}

@Suite struct ColourTests {
  @Test func test_AC_CLI_72_noColorCountsOnlyWithAValue() {
    #expect(Session.colour(environment: [:], terminal: true))
    #expect(Session.colour(environment: ["NO_COLOR": ""], terminal: true))
    #expect(!Session.colour(environment: ["NO_COLOR": "1"], terminal: true))
    #expect(!Session.colour(environment: ["TERM": "dumb"], terminal: true))
    #expect(!Session.colour(environment: [:], terminal: false))
  }
}
