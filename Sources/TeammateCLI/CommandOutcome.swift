/// What one invocation produced: the two streams and the exit status.
public struct CommandOutcome: Sendable, Equatable {
  public var stdout: String
  public var stderr: String
  public var exitCode: Int32

  public init(stdout: String = "", stderr: String = "", exitCode: Int32 = 0) {
    self.stdout = stdout
    self.stderr = stderr
    self.exitCode = exitCode
  }
}

/// Exit statuses of the command line, as `sysexits.h` names them.
public enum ExitCode {
  public static let success: Int32 = 0
  /// Refused by a rule, or not found.
  public static let refused: Int32 = 1
  /// `EX_USAGE`: the command line itself is wrong.
  public static let usage: Int32 = 64
  /// `EX_IOERR`: the store is unusable.
  public static let store: Int32 = 74
}
