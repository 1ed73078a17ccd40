extension TraditionalChineseWording {
  /// Things named as a sentence lists them: 「牛奶」「牛奶和雞蛋」「牛奶、雞蛋和另外 2 項」.
  static func things(_ things: [String]) -> String {
    let (names, more) = ListNews.shortened(things)
    return WordList.joined(
      names + (more > 0 ? ["另外 \(more) 項"] : []), separator: "、", conjunction: "和")
  }

  /// The list notification's body: 「加了牛奶和雞蛋。買了尿布。」
  static func listBody(added: [String], got: [String]) -> String {
    [
      added.isEmpty ? nil : "加了\(things(added))。",
      got.isEmpty ? nil : "買了\(things(got))。",
    ].compactMap { $0 }.joined()
  }
}
