import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program run to its end with nothing on its input, its output and error output captured
/// apart: for the tests and tools that drive the built binaries and the server's scripts.
///
/// NB: started with `posix_spawn` itself, not Foundation's `Process`: on Linux, Swift 6.3.1's
/// `Process.run()` over-reads a directory entry of `/proc/self/fd` and crashes now and then
/// (SIGSEGV in a copy, swift-corelibs-foundation #5472), which killed one whole test run in
/// about five here, where the command-line tests start a program hundreds of times.
public struct ProgramRun: Sendable {
  public let status: Int32
  public let printed: String
  public let complaint: String

  /// Runs `executable`; with `environment` nil it inherits this process's.
  public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil)
    throws
  {
    var output: [Int32] = [0, 0]
    var errors: [Int32] = [0, 0]
    guard pipe(&output) == 0 else { throw Self.failure("pipe") }
    guard pipe(&errors) == 0 else {
      close(output[0])
      close(output[1])
      throw Self.failure("pipe")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    for descriptor in [output[0], output[1], errors[0], errors[1]] {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    let path = executable.path
    let argv = [path] + arguments
    let envp =
      environment.map { $0.map { "\($0.key)=\($0.value)" } }
      ?? ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    var child: pid_t = 0
    let spawned = Self.withCStrings(argv) { argvPointer in
      Self.withCStrings(envp) { envpPointer in
        posix_spawn(&child, path, &actions, nil, argvPointer, envpPointer)
      }
    }
    close(output[1])
    close(errors[1])
    guard spawned == 0 else {
      close(output[0])
      close(errors[0])
      throw Self.failure("posix_spawn \(path)", code: spawned)
    }
    // NB: both pipes are drained at once, so that a program filling one never waits on it.
    let printedData = Self.drain(output[0], beside: errors[0])
    var waited: Int32 = 0
    while waitpid(child, &waited, 0) < 0, errno == EINTR {}
    status = Self.exitStatus(waited)
    printed = String(decoding: printedData.0, as: UTF8.self)
    complaint = String(decoding: printedData.1, as: UTF8.self)
  }

  /// Reads both descriptors to their end, together, and closes them.
  private static func drain(_ first: Int32, beside second: Int32) -> ([UInt8], [UInt8]) {
    var collected: [[UInt8]] = [[], []]
    var open = [first, second]
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while open.contains(where: { $0 >= 0 }) {
      var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      guard poll(&polled, nfds_t(polled.count), -1) >= 0 else {
        if errno == EINTR { continue }
        break
      }
      for index in 0..<2 where open[index] >= 0 && polled[index].revents != 0 {
        let count = read(open[index], &buffer, buffer.count)
        if count > 0 {
          collected[index] += buffer[0..<count]
        } else if count == 0 || errno != EINTR {
          close(open[index])
          open[index] = -1
        }
      }
    }
    return (collected[0], collected[1])
  }

  /// The exit status `waitpid` reported: the code, or the signal that ended it (as
  /// `Process.terminationStatus` gives it).
  private static func exitStatus(_ waited: Int32) -> Int32 {
    let signal = waited & 0x7f
    return signal == 0 ? (waited >> 8) & 0xff : signal
  }

  /// `strings` as a NULL-ended array of C strings for the length of `body`.
  private static func withCStrings<T>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T
  ) -> T {
    let copies = strings.map { strdup($0) } + [nil]
    defer { for copy in copies { free(copy) } }
    return copies.withUnsafeBufferPointer { buffer in
      // NB: never empty: it holds at least the NULL that ends it.
      guard let first = buffer.baseAddress else { preconditionFailure("an empty C array") }
      return body(first)
    }
  }

  private static func failure(_ what: String, code: Int32 = errno) -> NSError {
    NSError(
      domain: NSPOSIXErrorDomain, code: Int(code),
      userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(code)))"])
  }
}
