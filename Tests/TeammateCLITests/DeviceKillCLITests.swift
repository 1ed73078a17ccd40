import Foundation
import TeammateKit
import TeammateTestSupport
import Testing

/// The command line's device, killed at random points: nothing lost, nothing twice.
@Suite struct DeviceKillCLITests {
  @Test func test_AC_DEV_13_aHundredAddsKilledAtRandomLoseNothingAndLandOnce() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    var random = SeededRandomNumberGenerator(seed: 13)
    var said: [String] = []
    var diedBeforeSaying = 0
    // NB: how many looks at a process one add lasts on this machine (the middle of three left
    // to finish); the kill points are drawn evenly over the logarithm of up to eight times
    // that, so that most die early, at any point of the run, and some live to say so.
    var spans: [Int] = []
    for run in 0..<3 { spans.append(try await Self.looksUntilDone(scratch, run: run)) }
    let span = max(1, spans.sorted()[1])
    // NB: a hundred in the soak; verify kills a quarter as many, which still dies early and late.
    let adds = Soak.size(verify: 25, soak: 100)
    for index in 0..<adds {
      let title = "kill \(index)"
      let output = Pipe()
      let process = try Self.add(
        title, offline: index % 2 == 1, in: scratch, output: output)
      // NB: a random point of the run, counted in looks at the process rather than in time.
      let looks = Int(exp(Double.random(in: 0...log(8 * Double(span)), using: &random)))
      for _ in 0..<looks where !process.isRunning { break }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let printed = String(
        decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      if printed.isEmpty { diedBeforeSaying += 1 } else { said.append(title) }
    }
    let synced = await scratch.run("bob", ["sync"])
    #expect(synced.exitCode == 0, "\(synced.stderr)")
    let listed = try await scratch.json("bob", ["card", "list"])
    let titles = try #require(listed["cards"] as? [[String: Any]]).compactMap {
      $0["title"] as? String
    }
    #expect(Set(titles).count == titles.count, "a card is there twice")
    for title in said { #expect(titles.contains(title), "'\(title)' was said added, and lost") }
    #expect(
      diedBeforeSaying >= adds / 20 && said.count >= adds / 20,
      "\(diedBeforeSaying) died before saying")
  }

  /// Bob's `card add title` started through the built binary, its output to `output` (a
  /// `Pipe`, whose writing end the process then holds alone, or a `FileHandle`).
  static func add(
    _ title: String, offline: Bool = false, in scratch: Scratch,
    output: Any = FileHandle.nullDevice
  ) throws -> Process {
    let process = Process()
    process.executableURL = Binary.url
    process.arguments = ["--as", "bob", "card", "add", title] + (offline ? ["--offline"] : [])
    process.environment = scratch.environment
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// How many looks at it an add left to run lasts.
  static func looksUntilDone(_ scratch: Scratch, run: Int) async throws -> Int {
    let process = try add("measured \(run)", in: scratch)
    var looks = 0
    while process.isRunning { looks += 1 }
    process.waitUntilExit()
    return looks
  }
}
