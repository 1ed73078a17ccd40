import Foundation

/// One program started at a time by this process's tests: Foundation's `Process.run()` on
/// Linux is not safe to call from several threads at once. Two verify runs of the whole suite
/// (2026-12-04) died inside it (SIGSEGV in a copy within `Process.run`, SIGILL before it) while
/// the command-line tests started binaries from many threads; starting one at a time costs a
/// few milliseconds, and what the programs then do still runs side by side.
public enum Spawning {
  private static let lock = NSLock()

  /// Starts `process`, after any other test's start has returned.
  public static func run(_ process: Process) throws {
    lock.lock()
    defer { lock.unlock() }
    try process.run()
  }
}
