extension EnglishWording {
  /// Things named as a sentence lists them: "milk", "milk and eggs", "milk, eggs and 2 more".
  static func things(_ things: [String]) -> String {
    let (names, more) = ListNews.shortened(things)
    return WordList.joined(names + (more > 0 ? ["\(more) more"] : []))
  }

  /// The list notification's body: "Added milk and eggs. Got nappies."
  static func listBody(added: [String], got: [String]) -> String {
    [
      added.isEmpty ? nil : "Added \(things(added)).",
      got.isEmpty ? nil : "Got \(things(got)).",
    ].compactMap { $0 }.joined(separator: " ")
  }
}
