import TeammateKit

/// A time a person typed, known to be one of the accepted forms; the command reads it in
/// the household's zone once it knows the household.
struct TimeInput: Sendable, Equatable, CustomStringConvertible {
  let text: String
  var description: String { text }
}

/// `--until`: a time, or a whole day (which ends at its last second).
struct UntilInput: Sendable, Equatable, CustomStringConvertible {
  let time: TimeInput
  let wholeDay: Bool
  var description: String { time.text }
}

/// Who a card is for, as typed: resolved against the household when the command runs.
enum AssigneeChoice: Sendable, Equatable, CustomStringConvertible {
  case me, partner, both
  case account(AccountID)

  var description: String {
    switch self {
    case .me: "me"
    case .partner: "partner"
    case .both: "both"
    case .account(let uid): uid.rawValue
    }
  }
}

/// `--quiet`: a range, or `off`.
enum QuietChoice: Sendable, Equatable {
  case off
  case hours(QuietHours)
}

/// The value parsers options share: each turns one text into a typed value or refuses it
/// with a usage error that says what was expected.
enum Values {
  static func kind(_ option: String) -> @Sendable (String) throws(UsageError) -> CardKind {
    { text throws(UsageError) in
      // NB: a meal is planned with 'teammate meal', never logged as a card.
      guard let kind = CardKind(rawValue: text.lowercased()), kind != .meal else {
        throw .invalidValue(option: option, value: text, expected: "note, task, event or topic")
      }
      return kind
    }
  }

  static func notificationKind(
    _ option: String
  ) -> @Sendable (String) throws(UsageError) -> NotificationKind {
    { text throws(UsageError) in
      guard let kind = NotificationKind(rawValue: text.lowercased()) else {
        throw .invalidValue(
          option: option, value: text, expected: "activity, digest, event, task, reply-by or meal")
      }
      return kind
    }
  }

  /// A language the tool speaks, by its tag or a locale: `en`, `zh-Hant`, `zh_TW.UTF-8`.
  static func language(_ text: String) throws(UsageError) -> String {
    guard let language = Language.reads(text) else {
      throw .invalidValue(option: "lang", value: text, expected: "en or zh-Hant")
    }
    return language.rawValue
  }

  static func time(_ text: String) throws(UsageError) -> TimeInput {
    guard TimeExpression.isWellFormed(text) else { throw .invalidTime(text) }
    return TimeInput(text: text)
  }

  static func assignee(_ text: String) -> AssigneeChoice {
    switch text.lowercased() {
    case "me": .me
    case "partner": .partner
    case "both", "none": .both
    default: .account(AccountID(text))
    }
  }

  static func timeOfDay(_ text: String) throws(UsageError) -> TimeOfDay {
    do { return try TimeOfDay(parsing: text) } catch { throw UsageError(error) }
  }

  static func quiet(_ text: String) throws(UsageError) -> QuietChoice {
    if text.lowercased() == "off" { return .off }
    do { return .hours(try QuietHours(parsing: text)) } catch { throw UsageError(error) }
  }

  static func leadMinutes(_ text: String) throws(UsageError) -> Int {
    let range = NotificationSettings.leadMinutesRange
    guard let minutes = Int(text) else {
      throw .invalidValue(
        option: "lead", value: text,
        expected: "a number of minutes from \(range.lowerBound) to \(range.upperBound)")
    }
    do {
      return try NotificationSettings(eventLeadMinutes: minutes).validated().eventLeadMinutes
    } catch { throw UsageError(error) }
  }

  /// A day (`2027-03-01`, to its last second) or any time a person may type.
  static func until(_ text: String) throws(UsageError) -> UntilInput {
    let parts = text.split(separator: "-")
    if parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }), text.count == 10 {
      guard TimeExpression.isWellFormed(text + "T23:59") else { throw .invalidTime(text) }
      return UntilInput(time: TimeInput(text: text + "T23:59"), wholeDay: true)
    }
    return UntilInput(time: try time(text), wholeDay: false)
  }

  /// A whole number from 1 up.
  static func count(_ option: String) -> @Sendable (String) throws(UsageError) -> Int {
    { text throws(UsageError) in
      guard let number = Int(text), number >= 1, number <= 10_000 else {
        throw .invalidValue(option: option, value: text, expected: "a number from 1 to 10000")
      }
      return number
    }
  }

  /// A number of whole seconds within `range`, for `option`.
  static func seconds(
    _ option: String, _ range: ClosedRange<Int>
  ) -> @Sendable (String) throws(UsageError) -> Int {
    { text throws(UsageError) in
      guard let seconds = Int(text), range.contains(seconds) else {
        throw .invalidValue(
          option: option, value: text,
          expected: "a number of seconds from \(range.lowerBound) to \(range.upperBound)")
      }
      return seconds
    }
  }

  static func revision(_ text: String) throws(UsageError) -> Int {
    guard let number = Int(text), number > 0 else {
      throw .invalidValue(option: "revision", value: text, expected: "a positive number")
    }
    return number
  }

  static func order(_ text: String) throws(UsageError) -> CardFilter.Order {
    guard let order = CardFilter.Order(rawValue: text.lowercased()) else {
      throw .invalidValue(option: "sort", value: text, expected: "created or due")
    }
    return order
  }

  static func credential(_ text: String) throws(UsageError) -> Credential {
    do { return try Credential(parsing: text) } catch { throw UsageError(error) }
  }
}
