import Foundation

/// Runs `work`, which blocks (a server's answer, a child process), on a thread of its own and
/// waits for it without holding one of Swift's few cooperative threads: a test blocking
/// there stalls every other test of the process meanwhile.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}
