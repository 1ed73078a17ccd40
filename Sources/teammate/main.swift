import Foundation
import TeammateCLI

#if canImport(Glibc)
  import Glibc
#endif

// NB: a closed pipe is reported as EPIPE below, so that it can end the tool the way the shell's
// own tools end.
signal(SIGPIPE, SIG_IGN)

/// The arguments as the system passed them, bytes and all: one that is not UTF-8 must be
/// refused, not silently repaired.
let rawArguments = (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
  guard let argument = CommandLine.unsafeArgv[index] else { return [] }
  return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map {
    UInt8(bitPattern: $0)
  }
}

/// The first error writing stdout, if any: the rest of the output is then dropped.
nonisolated(unsafe) var stdoutFailure: Int32?

let outcome = await Teammate.run(
  rawArguments: rawArguments, environment: ProcessInfo.processInfo.environment,
  flush: { piece in
    // NB: the tool runs one command at a time: only one piece is written at once.
    if stdoutFailure == nil { stdoutFailure = emit(piece, to: STDOUT_FILENO) }
    return stdoutFailure == nil
  },
  flushError: { text in _ = emit(text, to: STDERR_FILENO) })

/// Writes all of the text to a file descriptor; the `errno` of a failed write, or nil.
func emit(_ text: String, to descriptor: Int32) -> Int32? {
  var text = text
  return text.withUTF8 { bytes -> Int32? in
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }
}

if stdoutFailure == nil { stdoutFailure = emit(outcome.stdout, to: STDOUT_FILENO) }
if let failure = stdoutFailure {
  if failure == EPIPE {
    // The reader went away (`teammate card list | head -1`): end quietly, as `cat` would.
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
  }
  _ = emit(outcome.stderr, to: STDERR_FILENO)
  _ = emit(
    "teammate: error: cannot write the output: \(String(cString: strerror(failure)))\n",
    to: STDERR_FILENO)
  exit(74)
}
_ = emit(outcome.stderr, to: STDERR_FILENO)
exit(outcome.exitCode)
