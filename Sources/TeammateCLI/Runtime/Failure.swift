import TeammateKit
import TeammateSQLite

/// How any error becomes what the user sees: a sentence, an optional hint, an exit status.
struct Failure {
  var message: String
  var hint: String?
  var exitCode: Int32
  /// Usage errors end with the usage line of the command concerned.
  var usage: HelpTopic?

  init(_ error: any Error, topic: HelpTopic?) {
    switch error {
    case let error as UsageError:
      self.init(message: error.message, exitCode: ExitCode.usage, usage: error.topic)
    case let error as CLIError:
      let usage: Bool
      switch error {
      case .missingAccount, .invalidValue, .nothingToDo: usage = true
      default: usage = false
      }
      self.init(
        message: error.description, hint: error.hint,
        exitCode: usage ? ExitCode.usage : ExitCode.refused, usage: usage ? topic : nil)
    case let error as TeammateError:
      switch error {
      case .invalidTime, .invalidTimeOfDay, .invalidLeadTime, .malformedCredential:
        self.init(message: error.description, exitCode: ExitCode.usage, usage: topic)
      case .staleAcknowledgement:
        self.init(
          message: error.description, hint: "see it with 'teammate card show ID', then acknowledge",
          exitCode: ExitCode.refused)
      case .notInHousehold(let uid):
        let noHousehold = CLIError.noHousehold(uid)
        self.init(message: error.description, hint: noHousehold.hint, exitCode: ExitCode.refused)
      default:
        self.init(message: error.description, exitCode: ExitCode.refused)
      }
    case StoreError.missing(let path):
      // NB: nothing is wrong with a store that is not there yet: it is not found, like a card.
      self.init(
        message: StoreError.missing(path).description, exitCode: ExitCode.refused)
    case let error as StoreError:
      self.init(message: error.description, exitCode: ExitCode.store)
    case let error as SQLiteError:
      self.init(message: error.description, exitCode: ExitCode.store)
    default:
      self.init(message: "\(error)", exitCode: ExitCode.refused)
    }
  }

  init(message: String, hint: String? = nil, exitCode: Int32, usage: HelpTopic? = nil) {
    self.message = message
    self.hint = hint
    self.exitCode = exitCode
    self.usage = usage
  }

  /// The text for stderr.
  var text: String {
    var text = "teammate: error: \(message)\n"
    if let hint { text += "hint: \(hint)\n" }
    if let usage { text += HelpText.usageReminder(usage) }
    return text
  }
}
