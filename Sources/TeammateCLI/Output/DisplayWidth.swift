/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji
/// shown as emoji take two, combining marks none, everything else one. Counted per
/// character (grapheme cluster), so a family emoji built of five scalars is two columns.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    // NB: plain ASCII is the common case and needs no look at Unicode properties.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  static func of(_ character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format, .control: continue
      default: break
      }
      width = max(width, isWide(scalar) ? 2 : 1)
    }
    // A text-style symbol followed by the emoji selector is shown as an emoji.
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { width = 2 }
    return width
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.properties.isEmojiPresentation { return true }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// `text` cut to at most `columns` columns, ending in "…" when anything was cut.
  static func truncated(_ text: String, to columns: Int) -> String {
    guard of(text) > columns else { return text }
    guard columns > 1 else { return columns == 1 ? "…" : "" }
    var result = ""
    var used = 0
    for character in text {
      let width = of(character)
      if used + width > columns - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }

  /// `text` followed by spaces up to `columns` columns.
  static func padded(_ text: String, to columns: Int) -> String {
    text + String(repeating: " ", count: max(0, columns - of(text)))
  }
}
