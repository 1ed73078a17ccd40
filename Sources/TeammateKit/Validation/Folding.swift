import Foundation

/// When two names a person typed are one thing: what differs only in case, Unicode width or
/// surrounding spaces is the same (`Curry`, `curry` and `ｃｕｒｒｙ`; `牛奶` and `牛奶 `).
package enum Folding {
  /// The text two names that are one share: the compatibility form (full-width letters and
  /// digits as their plain kin, the ideographic space as a space), trimmed, in lower case.
  ///
  /// NB: plain ASCII is its own compatibility form and has only ASCII spaces to trim, so it
  /// takes the short road, the same key (`wholeKey` is the long one, and a test holds the
  /// two together): every item read from a store is folded, and the long road was a fifth
  /// of reading a list.
  package static func key(_ text: String) -> String {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return wholeKey(text) }
    let bytes = text.utf8
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }),
      let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(decoding: bytes[first...last], as: UTF8.self).lowercased()
  }

  /// The key by Foundation's compatibility mapping, trimming and lower case, for any text.
  package static func wholeKey(_ text: String) -> String {
    text.precomposedStringWithCompatibilityMapping.trimmingCharacters(in: .whitespacesAndNewlines)
      .lowercased()
  }
}
