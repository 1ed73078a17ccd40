import Foundation
import TeammateCLI

let outcome = await Teammate.run(
  Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
FileHandle.standardOutput.write(Data(outcome.stdout.utf8))
FileHandle.standardError.write(Data(outcome.stderr.utf8))
exit(outcome.exitCode)
