import TeammateKit

/// A command line that does not parse: the sentence, and the command whose usage helps.
struct UsageError: Error, Sendable {
  var message: String
  /// The page whose usage line follows; nil for the command that was running.
  var topic: HelpTopic?
  var hint: String? = nil
  /// A time that does not parse: its message gives examples in the household's offset, which
  /// only the store can tell, so the tool words it once it has looked (see `Teammate.run`).
  var time: String? = nil
  /// The global options read before the error, so that the tool can find that household.
  var globals: GlobalOptions? = nil

  init(message: String, topic: HelpTopic? = nil, hint: String? = nil) {
    self.message = message
    self.topic = topic
    self.hint = hint
  }

  /// "'x' is not a valid value for '--kind': expected note, task, event or topic".
  static func invalidValue(option: String, value: String, expected: String) -> UsageError {
    UsageError(message: "'\(value)' is not a valid value for '--\(option)': expected \(expected)")
  }

  /// Two options that cannot go together, both named.
  static func conflict(_ first: String, _ second: String) -> UsageError {
    UsageError(message: "\(first) and \(second) cannot be given together: choose one")
  }

  /// A time that is none of the accepted forms, worded here in `offset`.
  static func invalidTime(_ text: String, offset: String = "Z") -> UsageError {
    var error = UsageError(
      message: TeammateError.invalidTime(text, offset: offset).description,
      hint: TimeExpression.hint(for: text))
    error.time = text
    return error
  }

  /// The same error, with the usage line of `topic`.
  func about(_ topic: HelpTopic) -> UsageError {
    var error = self
    error.topic = topic
    return error
  }

  /// A rule's refusal of a malformed value (a time of day, a credential), as a usage error.
  init(_ error: TeammateError) { self.init(message: error.description) }
}
