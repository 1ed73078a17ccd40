import TeammateKit

/// The list's own words in the language the person reads (AC-LANG-06): its headings, the
/// aisles, who added or got a thing, and what a list command did. The partner's news on the
/// list is the kit's wording (`SyncText`).
struct ListWords {
  let language: Language

  /// An item asked for by text or id that the list lacks (`typed`, made safe to show).
  func noItem(_ typed: String) -> String {
    language == .traditionalChinese
      ? "清單上沒有「\(typed)」（用「teammate list --all」看看）"
      : "there is no item '\(typed)' on the list (see it with 'teammate list --all')"
  }

  /// An item asked for by what names several (`typed`, made safe to show), with their ids.
  func severalItems(_ typed: String, ids: [String]) -> String {
    language == .traditionalChinese
      ? "「\(typed)」符合 \(ids.count) 個項目（" + ids.joined(separator: "、") + "）：請多給幾個編號的字"
      : "'\(typed)' names \(ids.count) items (" + ids.joined(separator: ", ")
        + "): give more of an id"
  }

  /// Who added, got or cleared an item, after it on its line.
  func whose(_ who: String) -> String {
    language == .english ? "  (\(who))" : "  （\(who)）"
  }

  private var chinese: Bool { language == .traditionalChinese }

  /// The built-in aisles as written in Taiwan; the household's own keep the name they gave.
  static var chineseAisles: [ItemCategory: String] { ItemCategory.traditionalChineseNames }

  /// The aisle a person named, in either language: `乳製品` is `dairy`.
  static func aisle(named name: String) -> ItemCategory {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    return chineseAisles.first { $0.value == trimmed }?.key ?? ItemCategory(rawValue: name)
  }

  /// An aisle as a heading: `Meat and fish`, `肉類海鮮`, the household's own as it named it.
  func aisle(_ category: ItemCategory) -> String {
    if chinese, let named = Self.chineseAisles[category] { return named }
    return TerminalText.visible(
      category.rawValue.prefix(1).uppercased() + category.rawValue.dropFirst())
  }

  /// The list's parts: what is needed (walking `shop`, when one is named), got, cleared.
  func heading(_ part: ListPart, shop: String?) -> String {
    let shopName = shop.map(TerminalText.visible)
    switch (part, chinese) {
    case (.needed, false): return "Needed" + (shopName.map { ", in \($0)" } ?? "")
    case (.needed, true): return "要買" + (shopName.map { "（在 \($0)）" } ?? "")
    case (.got, false): return "Got"
    case (.got, true): return "已買"
    case (.cleared, false): return "Cleared"
    case (.cleared, true): return "已清除"
    }
  }

  /// Who put a thing where it is: "added by Alice", 「Alice 加的」.
  func who(_ state: ItemState, addedBy adder: String, name: (AccountID) -> String)
    -> String
  {
    switch (state, chinese) {
    case (.needed, false): "added by \(adder)"
    case (.needed, true): TraditionalChineseWording.subject(adder) + "加的"
    case (.got(let by, _), false): "got by \(name(by))"
    case (.got(let by, _), true): TraditionalChineseWording.subject(name(by)) + "買的"
    case (.cleared(let by, _), false): "cleared by \(name(by))"
    case (.cleared(let by, _), true): TraditionalChineseWording.subject(name(by)) + "清除的"
    }
  }

  /// What a list command did, as the line before the things it did it to.
  func done(_ act: ListAct, offline: Bool) -> String {
    let said: String =
      switch (act, chinese) {
      case (.added, false): "On the list"
      case (.added, true): "已加入清單"
      case (.got, false): "Got"
      case (.got, true): "已買"
      case (.neededAgain, false): "Needed again"
      case (.neededAgain, true): "又要買了"
      case (.cleared, false): "Cleared"
      case (.cleared, true): "已清除"
      case (.moved(let category), false): "Moved to \(TerminalText.visible(category.rawValue))"
      case (.moved(let category), true): "已移到「\(aisle(category))」"
      case (.edited, false): "Changed"
      case (.edited, true): "已修改"
      }
    return said + (offline ? language.waitsOffline : "") + (chinese ? "：" : ":")
  }

  /// A list command that changed nothing.
  var nothingChanged: String { chinese ? "沒有變更。" : "Nothing changed." }

  /// An empty list, with how to add to it.
  var empty: String {
    chinese
      ? "清單是空的：用 teammate list add 加東西。"
      : "The list is empty: add to it with 'teammate list add TEXT'."
  }
}

/// The parts the list is shown in.
enum ListPart { case needed, got, cleared }

/// What a list command did.
enum ListAct: Equatable {
  case added, got, neededAgain, cleared
  case moved(ItemCategory)
  /// Edited in place (its text, say): the items as they now read tell what.
  case edited
}
