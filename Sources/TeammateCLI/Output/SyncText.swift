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
    let household = report.news.filter { $0.cardID == nil }.count
    if household > 0 { parts.append("\(household) about the household") }
    let news = parts.isEmpty ? "Nothing new from your partner" : parts.joined(separator: ", ")
    let planned = report.planned == 1 ? "1 reminder" : "\(report.planned) reminders"
    return "\(news); \(planned) planned."
  }

  /// One thing the partner did, in a sentence.
  static func line(_ entry: PartnerNews, name rawName: String) -> String {
    let name = TerminalText.visible(rawName)
    let title = "\"\(TerminalText.visible(entry.title ?? ""))\""
    switch entry.kind {
    case .logged:
      return "\(name) logged \(title)" + (entry.needsKnowing ? "" : " (you know it)")
    case .changed:
      let fields = entry.changed.map(fieldName)
      let what = fields.isEmpty ? "" : " the " + WordList.joined(fields) + " of"
      return "\(name) changed\(what) \(title)"
        + (entry.needsKnowing ? ": you need to know it again" : "")
    case .acknowledged: return "\(name) knows \(title)"
    case .completed: return "\(name) completed \(title)"
    case .reopened: return "\(name) reopened \(title)"
    case .skipped: return "\(name) skipped an occurrence of \(title)"
    case .deleted: return "\(name) deleted \(title)"
    case .restored: return "\(name) restored \(title)"
    case .joined: return "\(name) joined the household"
    case .left: return "\(name) left the household"
    case .renamed: return "\(name) renamed the household to \(title)"
    case .movedTimeZone: return "\(name) moved the household to \(entry.title ?? "") time"
    }
  }

  private static func fieldName(_ field: CardRules.CardField) -> String {
    switch field {
    case .title: "title"
    case .note: "note"
    case .time: "time"
    case .assignee: "assignee"
    case .replyBy: "reply-by time"
    case .repeatRule: "repeat"
    }
  }
}
