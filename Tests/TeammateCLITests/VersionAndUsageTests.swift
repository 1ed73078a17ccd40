import TeammateCLI
import Testing

@Suite struct VersionAndUsageTests {
  @Test func versionGoesToStdoutAndExitsZero() async {
    let outcome = await Teammate.run(["--version"])
    #expect(outcome == CommandOutcome(stdout: "teammate \(Teammate.version)\n"))
  }

  @Test func unknownCommandIsAUsageError() async {
    let outcome = await Teammate.run(["fly"])
    #expect(outcome.exitCode == ExitCode.usage)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("teammate: error: "))
  }
}
