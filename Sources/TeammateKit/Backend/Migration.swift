import Foundation

/// One step of a store's schema, named for what it brings: both stores migrate by a list of
/// them, a store's version being how many it has run (as the store records it). A name says
/// in a log, a test or a review which step a store lacks, where a number alone would not.
package struct Migration: Sendable {
  /// What the step brings, in a few words; unique among its store's steps.
  package let name: String
  /// The statements that take a store from the step before it to this one.
  package let sql: String

  package init(name: String, sql: String) {
    self.name = name
    self.sql = sql
  }
}

extension [Migration] {
  /// Why these steps cannot be a store's: a step with no name, a name two steps share, or a
  /// step with no statements; nil when they can.
  package var flaw: String? {
    var seen: Set<String> = []
    for (number, step) in enumerated() {
      let name = step.name.trimmingCharacters(in: .whitespaces)
      if name.isEmpty { return "step \(number + 1) has no name" }
      if !seen.insert(name).inserted { return "two steps are named '\(name)'" }
      if step.sql.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
        return "step \(number + 1) ('\(name)') has no statements"
      }
    }
    return nil
  }
}
