import Foundation
import TeammateKit

/// `--every`, `--until` and `--times`, which `card add` and `card edit` share.
struct RepeatOptions: Sendable {
  let every = Option(
    "every", value: "when",
    help:
      "Repeat: 'day', '2 days', 'week on tue,fri', '2 weeks on sat', 'month on 1', "
      + "'month on last', or daily, weekly, weekdays, fortnightly ('none' stops repeating).",
    parse: RepeatWords.parse)
  let until = Option(
    "until", value: "date", help: "The last day it repeats (YYYY-MM-DD, or a time).",
    parse: Values.until)
  let times: Option<Int>

  init() {
    times = Option(
      "times", value: "count", help: "How many times it happens in all.", conflicts: [until],
      parse: Values.count("times"))
  }

  var keys: [any OptionKey] { [every, until, times] }

  /// `--until` and `--times` say how a rule ends, so they need `--every` with a rule.
  func validate(_ arguments: ParsedArguments) throws(UsageError) {
    for end in [until.spec.name, times.spec.name] where arguments.given(end) {
      guard case .rule? = arguments[every] else {
        throw UsageError(message: "--\(end) says when a repeat ends: give --every with it")
      }
    }
  }

  /// The rule the options give, ended as they say; nil without `--every`, `.none` to stop.
  func choice(_ arguments: ParsedArguments, session: inout Session) async throws -> RepeatChoice? {
    guard case .rule(var rule)? = arguments[every] else { return arguments[every] }
    if let count = arguments[times] { rule.end = .count(count) }
    if let input = arguments[until] {
      let time = try await session.time(input.time)
      rule.end = .until(input.wholeDay ? time + 59 : time)
    }
    return .rule(rule)
  }
}
