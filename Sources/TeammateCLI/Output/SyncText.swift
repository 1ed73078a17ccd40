import TeammateKit

/// The words of a sync: one summary line, then one line per thing the partner did.
enum SyncText {
  /// "3 new, 1 changed, Bob knows 2 of yours; 5 reminders planned."
  static func summary(_ report: SyncReport, names: [AccountID: String]) -> String {
    var counts: [PartnerNews.Kind: Int] = [:]
    for entry in report.news { counts[entry.kind, default: 0] += 1 }
    var parts: [String] = []
    let words: [(PartnerNews.Kind, String)] = [
      (.logged, "new"), (.changed, "changed"), (.completed, "done"), (.reopened, "reopened"),
      (.deleted, "deleted"), (.restored, "restored"),
    ]
    for (kind, word) in words {
      if let count = counts[kind] { parts.append("\(count) \(word)") }
    }
    if let known = counts[.acknowledged] {
      let who = report.news.first { $0.kind == .acknowledged }.flatMap { names[$0.actor] }
      parts.append("\(who ?? "your partner") knows \(known) of yours")
    }
    let meals = report.news.filter { $0.meal != nil && ![.deleted, .restored].contains($0.kind) }
    if !meals.isEmpty { parts.append("\(meals.count) about meals") }
    let dishKinds: [PartnerNews.Kind] = [.dishAdded, .dishEdited, .dishRemoved, .dishRestored]
    let dishes = report.news.filter { dishKinds.contains($0.kind) }.count
    if dishes > 0 { parts.append("\(dishes) about dishes") }
    let household = report.news.filter { $0.cardID == nil && !dishKinds.contains($0.kind) }.count
    if household > 0 { parts.append("\(household) about the household") }
    let news = parts.isEmpty ? "Nothing new from your partner" : parts.joined(separator: ", ")
    let planned = report.planned == 1 ? "1 reminder" : "\(report.planned) reminders"
    guard report.sent > 0 else { return "\(news); \(planned) planned." }
    let sent = report.sent == 1 ? "1 waiting write sent" : "\(report.sent) waiting writes sent"
    let rest = parts.isEmpty ? "nothing new from your partner" : news
    return "\(sent); \(rest); \(planned) planned."
  }

  /// One thing the partner did, in a sentence, with what a terminal cannot show escaped.
  static func line(_ entry: PartnerNews, name rawName: String) -> String {
    var shown = entry
    shown.title = entry.title.map(TerminalText.visible)
    shown.items = entry.items.map(TerminalText.visible)
    return EnglishWording().news(shown, by: TerminalText.visible(rawName))
  }
}
