import Foundation
import TeammateCLI
import TeammateTestSupport
import Testing

/// The fuzzer's short run, through the built binary; its long sweeps are the soak's.
@Suite struct FuzzerTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../scripts/fuzz.py").standardized

  func fuzz(_ arguments: [String]) async throws -> CommandOutcome {
    try await Binary.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Self.script.path, "--binary", Binary.url.path] + arguments,
      environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"])
  }

  @Test func test_AC_INPUT_07_theFuzzersShortRunIsCleanAndItsOracleFires() async throws {
    let clean = try await fuzz(["--seed", "7", "--commands", "30"])
    #expect(clean.exitCode == 0, "\(clean.stdout)\(clean.stderr)")
    #expect(clean.stdout.contains("fuzz: ok: 30 commands, seed 7"))
    // NB: a run that ends by a signal, as a trap ends one, fails it with the seed to replay.
    let planted = try await fuzz(["--seed", "7", "--commands", "3", "--plant"])
    #expect(planted.exitCode == 1)
    #expect(planted.stdout.contains("ended by signal 4"), "\(planted.stdout)")
    #expect(planted.stdout.contains("replay with: scripts/fuzz.py --seed 7"))
  }
}
