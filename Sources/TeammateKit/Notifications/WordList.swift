/// Words joined as a sentence lists them: "title", "title and time", "title, note and time";
/// each language gives its own marks (「標題、備註和時間」).
package enum WordList {
  package static func joined(
    _ words: [String], separator: String = ", ", conjunction: String = " and "
  ) -> String {
    guard words.count > 1, let last = words.last else { return words.first ?? "" }
    return words.dropLast().joined(separator: separator) + conjunction + last
  }
}
