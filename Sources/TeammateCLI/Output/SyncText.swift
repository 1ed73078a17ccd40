import TeammateKit

/// The words of a sync: one summary line, then one line per thing the partner did.
enum SyncText {
  /// "3 new, 1 changed, Bob knows 2 of yours; 5 reminders planned.", or in Traditional
  /// Chinese 「新增 3 件、修改 1 件，Bob 知道你的 2 件事；已排定 5 個提醒。」
  static func summary(
    _ report: SyncReport, names: [AccountID: String], in language: Language = .english
  ) -> String {
    var counts: [PartnerNews.Kind: Int] = [:]
    for entry in report.news { counts[entry.kind, default: 0] += 1 }
    let chinese = language == .traditionalChinese
    var parts: [String] = []
    let words: [(PartnerNews.Kind, String, String)] = [
      (.logged, "new", "新增"), (.changed, "changed", "修改"), (.completed, "done", "完成"),
      (.reopened, "reopened", "重開"), (.deleted, "deleted", "刪除"), (.restored, "restored", "復原"),
    ]
    for (kind, english, zh) in words {
      if let count = counts[kind] {
        parts.append(chinese ? "\(zh) \(count) 件" : "\(count) \(english)")
      }
    }
    if let known = counts[.acknowledged] {
      let who = report.news.first { $0.kind == .acknowledged }.flatMap { names[$0.actor] }
      parts.append(
        chinese
          ? TraditionalChineseWording.subject(who ?? "另一半") + "知道你的 \(known) 件事"
          : "\(who ?? "your partner") knows \(known) of yours")
    }
    let meals = report.news.filter { $0.meal != nil && ![.deleted, .restored].contains($0.kind) }
    if !meals.isEmpty {
      parts.append(chinese ? "\(meals.count) 則關於餐點" : "\(meals.count) about meals")
    }
    let dishKinds: [PartnerNews.Kind] = [.dishAdded, .dishEdited, .dishRemoved, .dishRestored]
    let dishes = report.news.filter { dishKinds.contains($0.kind) }.count
    if dishes > 0 { parts.append(chinese ? "\(dishes) 則關於菜色" : "\(dishes) about dishes") }
    let household = report.news.filter { $0.cardID == nil && !dishKinds.contains($0.kind) }.count
    if household > 0 {
      parts.append(chinese ? "\(household) 則關於家裡" : "\(household) about the household")
    }
    if chinese {
      let news = parts.isEmpty ? "另一半沒有新動態" : parts.joined(separator: "、")
      let planned = "已排定 \(report.planned) 個提醒"
      guard report.sent > 0 else { return "\(news)；\(planned)。" }
      return "已送出 \(report.sent) 筆等待中的寫入；\(news)；\(planned)。"
    }
    let news = parts.isEmpty ? "Nothing new from your partner" : parts.joined(separator: ", ")
    let planned = report.planned == 1 ? "1 reminder" : "\(report.planned) reminders"
    guard report.sent > 0 else { return "\(news); \(planned) planned." }
    let sent = report.sent == 1 ? "1 waiting write sent" : "\(report.sent) waiting writes sent"
    let rest = parts.isEmpty ? "nothing new from your partner" : news
    return "\(sent); \(rest); \(planned) planned."
  }

  /// An offline sync: what waits in the outbox, and the reminders planned from what the
  /// device shows.
  static func offline(_ report: SyncReport, in language: Language) -> String {
    guard language == .english else {
      return "離線：\(report.outbox) 筆寫入在待送清單等待；依這台裝置所見排定了 \(report.planned) 個提醒。"
    }
    let waiting = report.outbox == 1 ? "1 write waits" : "\(report.outbox) writes wait"
    return "Offline: \(waiting) in the outbox; \(report.planned) reminders planned from what "
      + "this device shows."
  }

  /// "Badge: 3" / 「未讀：3」.
  static func badge(_ count: Int, in language: Language) -> String {
    language == .traditionalChinese ? "未讀：\(count)" : "Badge: \(count)"
  }

  /// One thing the partner did, in a sentence of `language`, with what a terminal cannot show
  /// escaped.
  static func line(_ entry: PartnerNews, name rawName: String, in language: Language = .english)
    -> String
  {
    var shown = entry
    shown.title = entry.title.map(TerminalText.visible)
    shown.items = entry.items.map(TerminalText.visible)
    return language.wording.news(shown, by: TerminalText.visible(rawName))
  }
}
