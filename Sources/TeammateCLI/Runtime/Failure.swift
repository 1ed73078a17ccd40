/// How any error becomes what the user sees: a sentence, an optional hint, an exit status.
struct Failure {
  var message: String
  var hint: String?
  var exitCode: Int32
  /// Usage errors end with the usage line of the command concerned.
  var usage: HelpTopic?
  /// The language the sentence and its hint are in.
  var language: Language = .english

  /// `topic` is the command that ran, for usage errors that do not name their own; a rule's
  /// refusal, the command line's own and their hints read in `language` (AC-LANG-10).
  init(_ error: any Error, topic: HelpTopic?, language: Language = .english) {
    guard let error = error as? any ReportedError else {
      self.init(message: "\(error)", exitCode: ExitCode.refused)
      return
    }
    let usage = error.showsUsage ? ((error as? UsageError)?.topic ?? topic ?? .root) : nil
    self.init(
      message: error.message(in: language), hint: error.hint(in: language),
      exitCode: error.kind.exitCode, usage: usage)
    self.language = language
  }

  init(message: String, hint: String? = nil, exitCode: Int32, usage: HelpTopic? = nil) {
    self.message = message
    self.hint = hint
    self.exitCode = exitCode
    self.usage = usage
  }

  /// The text for stderr: the sentence on one line and its hint on another, whatever they
  /// quote, each control character shown as an escape (AC-INPUT-04).
  var text: String {
    var text = "teammate: error: \(TerminalText.visible(message))\n"
    if let hint {
      text +=
        (language == .traditionalChinese ? "提示：" : "hint: ") + "\(TerminalText.visible(hint))\n"
    }
    if let usage { text += HelpText.usageReminder(usage) }
    return text
  }
}
