/// Words joined as a sentence lists them: "title", "title and time", "title, note and time".
enum WordList {
  static func joined(_ words: [String], _ conjunction: String = "and") -> String {
    guard words.count > 1, let last = words.last else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
