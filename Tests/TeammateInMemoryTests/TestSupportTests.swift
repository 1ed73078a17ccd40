import Foundation
import TeammateTestSupport
import Testing

/// The test doubles keep their promises: a run never deletes another run's folders, and a
/// lost push fails a test instead of hanging it.
@Suite struct TestSupportTests {
  @Test func temporaryFoldersOfRunningProcessesAreSpared() throws {
    let base = try TemporaryFolder.make().appending("runs")
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let names = ["1", "\(getpid())", "\(ended.processIdentifier)", "notes"]
    for name in names {
      try FileManager.default.createDirectory(
        atPath: base + "/" + name, withIntermediateDirectories: true)
    }
    #expect(TemporaryFolder.isRunning(1))
    #expect(!TemporaryFolder.isRunning(ended.processIdentifier))
    TemporaryFolder.sweep(base)
    let left = try FileManager.default.contentsOfDirectory(atPath: base).sorted()
    #expect(left == ["1", "\(getpid())", "notes"].sorted())
  }

  @Test func aPushThatNeverComesFailsWithinItsTimeLimit() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let inbox = PushInbox(stream)
    continuation.yield(7)
    #expect(try await inbox.next(within: 1) == 7)
    await #expect(throws: PushInbox<Int>.TimedOut.self) { try await inbox.next(within: 0.05) }
    continuation.finish()
    #expect(try await inbox.next(within: 1) == nil)
  }
}
