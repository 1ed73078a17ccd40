import Foundation

/// A program run to its end with nothing on its input, its output and error output captured
/// apart: for the tests and tools that drive the built binaries and the server's scripts.
public struct ProgramRun: Sendable {
  public let status: Int32
  public let printed: String
  public let complaint: String

  /// Runs `executable`; with `environment` nil it inherits this process's.
  public init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil)
    throws
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try Spawning.run(process)
    let printed = out.fileHandleForReading.readDataToEndOfFile()
    let complaint = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    status = process.terminationStatus
    self.printed = String(decoding: printed, as: UTF8.self)
    self.complaint = String(decoding: complaint, as: UTF8.self)
  }
}
