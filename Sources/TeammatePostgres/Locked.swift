import Foundation

/// A value behind a lock of its own, for the process's tables that every backend shares.
/// An `NSLock`, not `Synchronization.Mutex`, which needs macOS 15 and iOS 18: the package
/// declares macOS 14 and iOS 17 (README, "Platforms").
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  /// Runs `body` on the value while holding the lock.
  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
