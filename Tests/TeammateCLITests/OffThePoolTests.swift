import Foundation
import Synchronization
import TeammateTestHarness
import Testing

/// The tests' waits for programs and servers (`offThePool`) hold none of Swift's cooperative
/// threads: two such waits once held both, and the whole run stood still meanwhile.
@Suite struct OffThePoolTests {
  /// Four times as many waits as there are cores, each released only once every one of them
  /// is waiting: the releasing task can run only while the waits leave it a thread. Held
  /// threads fail the test when the waits' own limit runs out, never hang it (60 s: a loaded
  /// machine once took more than 10 to start them all).
  @Test func blockedWaitsLeaveTheCooperativeThreadsFree() async throws {
    let count = ProcessInfo.processInfo.activeProcessorCount * 4
    let gate = DispatchSemaphore(value: 0)
    let waiting = Waiting()
    async let released = withThrowingTaskGroup(of: Bool.self) { group in
      for _ in 0..<count {
        group.addTask {
          try await offThePool {
            waiting.count.add(1, ordering: .sequentiallyConsistent)
            return gate.wait(timeout: .now() + 60) == .success
          }
        }
      }
      return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
    }
    while waiting.count.load(ordering: .sequentiallyConsistent) < count { await Task.yield() }
    for _ in 0..<count { gate.signal() }
    #expect(try await released == count)
  }

  /// How many waits have begun, shared with their threads.
  final class Waiting: Sendable {
    let count = Atomic<Int>(0)
  }
}
