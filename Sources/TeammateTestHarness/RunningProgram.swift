import Foundation
import TeammateTestSupport

/// A program left running while a test goes on: its output and error output arrive line by
/// line, each awaited with a time limit, until the test ends it.
///
/// ```swift
/// let watch = try RunningProgram(tool, ["watch"], environment: env)
/// let line = try await watch.lines.next(within: 3)   // throws `PushInbox.TimedOut`
/// watch.interrupt()
/// ```
public final class RunningProgram: @unchecked Sendable {
  private let process = Process()
  /// Lines of stdout, without their newline.
  public let lines: PushInbox<String>
  /// Lines of stderr, without their newline.
  public let errors: PushInbox<String>
  private let ended: PushInbox<Int32>

  public init(_ executable: URL, _ arguments: [String], environment: [String: String]) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    lines = PushInbox(Self.lines(of: out.fileHandleForReading))
    errors = PushInbox(Self.lines(of: err.fileHandleForReading))
    let (exits, exited) = AsyncStream.makeStream(of: Int32.self)
    ended = PushInbox(exits)
    process.terminationHandler = { process in
      exited.yield(process.terminationStatus)
      exited.finish()
    }
    try process.run()
  }

  /// Asks the program to stop, as Ctrl-C would.
  public func interrupt() {
    if process.isRunning { process.interrupt() }
  }

  /// The exit status, once it has ended by itself within `seconds`.
  public func exitStatus(within seconds: Double) async throws -> Int32? {
    try await ended.next(within: seconds)
  }

  deinit { if process.isRunning { process.terminate() } }

  /// Every line a pipe carries, read on a thread of its own until the pipe closes.
  private static func lines(of handle: FileHandle) -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let reader = Thread {
      var pending = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        pending.append(chunk)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          continuation.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
          pending = Data(pending[pending.index(after: newline)...])
        }
      }
      if !pending.isEmpty { continuation.yield(String(decoding: pending, as: UTF8.self)) }
      continuation.finish()
    }
    reader.start()
    return stream
  }
}
