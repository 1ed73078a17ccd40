import Foundation

/// A serial executor with a thread of its own: a store actor runs on it, so the store's
/// blocking work (SQLite's busy wait, a PostgreSQL server's answer) never holds one of Swift's
/// few shared cooperative threads.
package final class StoreThread: SerialExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false
  private var runner: Thread?

  package init(name: String) {
    let thread = Thread { [self] in run() }
    thread.name = name
    runner = thread
    thread.start()
  }

  /// Whether the calling code runs on this executor's thread.
  package var isCurrent: Bool { runner.map { Thread.current === $0 } ?? false }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Ends the thread once the jobs already enqueued have run.
  package func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      guard !jobs.isEmpty else {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedSerialExecutor())
    }
  }
}
