import Foundation
import TeammateCLI

let outcome = await Teammate.run(
  Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)

/// Writes the text to a file descriptor without copying it first, whatever its size.
func emit(_ text: String, to descriptor: Int32) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}

emit(outcome.stdout, to: STDOUT_FILENO)
emit(outcome.stderr, to: STDERR_FILENO)
exit(outcome.exitCode)
