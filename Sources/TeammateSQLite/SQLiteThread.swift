import Foundation

/// A serial executor with a thread of its own: the store actor runs on it, so SQLite's
/// blocking work (a busy wait of up to ten seconds, the retry of a journal switch) never
/// holds one of Swift's few shared cooperative threads.
final class SQLiteThread: SerialExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false
  private var runner: Thread?

  init() {
    let thread = Thread { [self] in run() }
    thread.name = "teammate.sqlite"
    runner = thread
    thread.start()
  }

  /// Whether the calling code runs on this executor's thread.
  var isCurrent: Bool { runner.map { Thread.current === $0 } ?? false }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Ends the thread once the jobs already enqueued have run.
  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
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
