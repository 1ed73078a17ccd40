import Foundation
import TeammateTestHarness
import TeammateTestSupport
import Testing

/// The operator's watchdog through the built binary, against a device that holds a
/// transaction open on a session of its own (ADR 0019).
@Suite struct StalledTransactionCLITests {
  @Test func test_AC_PG_48_theOperatorsWatchdogEndsADevicesTransactionLeftOpen() async throws {
    let store = try ServerCLITests.server()
    let folder = try TemporaryFolder.make()
    let added = try await ServerAccountCLITests.add(
      "mallory", on: store, passfile: folder.appending("m.pgpass"))
    let mallory = try #require(added["url"] as? String)
    // NB: what someone holding her password file types into psql: every limit lifted, then
    // one transaction that reads every second and never ends.
    let script = folder.appending("hold.sql")
    try """
    SET statement_timeout = 0;
    SET idle_in_transaction_session_timeout = 0;
    BEGIN;
    SELECT count(*) FROM cards \\watch 1

    """.write(toFile: script, atomically: true, encoding: .utf8)
    let held = try RunningProgram(
      URL(fileURLWithPath: "/usr/bin/psql"), [mallory, "-X", "-q", "-f", script],
      environment: ["PATH": "/usr/bin:/bin"])
    defer { held.interrupt() }
    let watchdog = try RunningProgram(
      Binary.url,
      ["--store", store, "server", "end-stalled", "--older-than", "1", "--every", "1"],
      environment: ["PATH": "/usr/bin:/bin"])
    defer { watchdog.interrupt() }
    let line = try await watchdog.lines.next(within: 60)
    #expect(line == "Ended 1 device session whose transaction was open longer than 1 s.")
    let status = try await held.exitStatus(within: 30)
    #expect(status != nil && status != 0, "psql: \(String(describing: status))")

    // NB: once, from a timer, with nothing to end; and what is not a bound is refused.
    let once = try await Binary.run(
      ["--store", store, "--json", "server", "end-stalled", "--older-than", "3600"],
      environment: [:])
    #expect(once.exitCode == 0, "\(once.stderr)")
    let answer = try JSONSerialization.jsonObject(with: Data(once.stdout.utf8)) as? [String: Any]
    #expect(answer?["ended"] as? Int == 0, "\(once.stdout)")
    for bad in [["--every", "0"], ["--older-than", "-1"], ["--older-than", "soon"]] {
      let refused = try await Binary.run(
        ["--store", store, "server", "end-stalled"] + bad, environment: [:])
      #expect(refused.exitCode == 64, "\(bad): \(refused.stderr)")
    }
    let file = try await Binary.run(
      ["--store", folder.appending("x.sqlite"), "server", "end-stalled"], environment: [:])
    #expect(file.exitCode == 64, "\(file.stderr)")
  }
}
