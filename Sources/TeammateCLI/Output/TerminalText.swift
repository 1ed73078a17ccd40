/// Text people typed, made safe for a terminal: control characters become visible escapes, so
/// a partner's title cannot clear the screen, retitle the window or break a table.
enum TerminalText {
  /// Every control character (C0, DEL, C1), and the marks that reorder text, as an escape.
  static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// Output the tool wrote itself, with user text inside: every control character but the
  /// newlines that end its lines is escaped.
  static func lines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) else {
      return text
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map {
      visible(String($0))
    }.joined(separator: "\n")
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Bidirectional overrides and isolates reorder what a terminal shows.
    case 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
