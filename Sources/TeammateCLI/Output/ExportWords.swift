/// What `export` and `import` say in the language the person reads (AC-LANG-13).
struct ExportWords {
  let language: Language

  private var chinese: Bool { language == .traditionalChinese }

  /// The calendar written: how many events and tasks, and where.
  func calendar(events: Int, tasks: Int, path: String) -> String {
    chinese
      ? "已把 \(events) 個行程和 \(tasks) 個待辦寫到 \(path)。"
      : "Wrote \(events) event(s) and \(tasks) task(s) to \(path)."
  }

  /// The household written whole: what it holds, and where.
  func household(_ name: String, path: String, cards: Int, items: Int, changes: Int) -> String {
    chinese
      ? "已把「\(name)」這個家寫到 \(path)：\(cards) 張卡片、\(items) 個清單項目、\(changes) 筆變更。"
      : "Wrote the household '\(name)' to \(path): \(cards) card(s), \(items) list item(s), "
        + "\(changes) change(s)."
  }

  /// A household imported: its members and what came with it.
  func imported(_ name: String, members: [String], cards: Int, items: Int, changes: Int)
    -> String
  {
    chinese
      ? "已匯入「\(name)」這個家（\(members.joined(separator: "和"))）：\(cards) 張卡片、"
        + "\(items) 個清單項目、\(changes) 筆變更。"
      : "Imported the household '\(name)' of \(members.joined(separator: " and ")): "
        + "\(cards) card(s), \(items) list item(s), \(changes) change(s)."
  }

  /// A household moved to another store, and how its devices follow it.
  func moved(_ name: String, to location: String) -> String {
    chinese
      ? "已把「\(name)」這個家搬到 \(location)；每台裝置下次同步時用 --store \(location) 跟過去。"
      : "Moved the household '\(name)' to \(location); each device follows it on its next "
        + "sync, with --store \(location)."
  }

  /// A file that cannot be read, and why.
  func unreadable(_ path: String, reason: String) -> String {
    chinese ? "無法讀取 \(path)：\(reason)" : "cannot read \(path): \(reason)"
  }
}
