import Foundation

/// When two names a person typed are one thing: what differs only in case, Unicode width or
/// surrounding spaces is the same (`Curry`, `curry` and `ｃｕｒｒｙ`; `牛奶` and `牛奶 `).
package enum Folding {
  /// The text two names that are one share: the compatibility form (full-width letters and
  /// digits as their plain kin, the ideographic space as a space), trimmed, in lower case.
  package static func key(_ text: String) -> String {
    text.precomposedStringWithCompatibilityMapping.trimmingCharacters(in: .whitespacesAndNewlines)
      .lowercased()
  }
}
