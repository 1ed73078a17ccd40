import TeammateKit

/// The cards' own words in the language the person reads (AC-LANG-07): the table's headings,
/// the kinds, where a card stands, and what `pending` says around them.
struct CardWords {
  let language: Language

  private var chinese: Bool { language == .traditionalChinese }

  /// The card table's headings.
  var headers: [String] {
    chinese ? ["編號", "類型", "標題", "時間", "狀態"] : ["ID", "KIND", "TITLE", "WHEN", "STATUS"]
  }

  /// What joins two parts of one cell.
  var comma: String { chinese ? "，" : ", " }

  /// A repeating card with no occurrence left.
  var noneNext: String { chinese ? "沒有了：最後一次已過" : "none: the last one is behind it" }

  /// Whom a card is for when it names nobody.
  var both: String { chinese ? "兩個人" : "both" }

  /// Who last edited a card, when, and its revision.
  func edited(by editor: String, at time: String, _ revision: Int) -> String {
    chinese ? "\(editor)，\(time)，第 \(revision) 版" : "\(editor), \(time), revision \(revision)"
  }

  /// A card's kind as the table says it.
  func kind(_ kind: CardKind) -> String {
    chinese ? kind.traditionalChineseName : kind.rawValue
  }

  /// One fact of where a card stands for the viewer; `knower` names who knows it.
  func standing(_ fact: CardStanding, topic: Bool, knower: String) -> String {
    switch (fact, chinese) {
    case (.deleted, false): "deleted"
    case (.deleted, true): "已刪除"
    case (.done, false): "done"
    case (.done, true): "已完成"
    case (.waitingForViewer, false): topic ? "waiting for your reply" : "waiting for you to know"
    case (.waitingForViewer, true): topic ? "等你回覆" : "等你知道"
    case (.knownByViewer, false): "you know"
    case (.knownByViewer, true): "你已知道"
    case (.knownBy, false): "\(knower) knows"
    case (.knownBy, true): TraditionalChineseWording.subject(knower) + "已知道"
    case (.waitingForPartner, false): "waiting for your partner"
    case (.waitingForPartner, true): "等對方知道"
    }
  }

  /// What a card command did, by the English verb the command names it with.
  static let verbs = [
    "Logged": "已記錄", "Unchanged": "沒有變更", "Changed": "已修改",
    "Changed (your partner must know it again)": "已修改（對方需要再知道一次）",
    "Not done": "已標為未完成", "Done": "已完成", "Done, next one": "已完成，換下一次",
    "Skipped": "已略過這一次", "Skipped (that was the last one)": "已略過（那是最後一次）",
    "Deleted": "已刪除", "Restored": "已復原",
  ]

  /// A card's fields as `card show` labels them, padded to one width in either language.
  func label(_ english: String) -> String {
    guard chinese else { return (english + ":").padding(toLength: 11, withPad: " ", startingAt: 0) }
    let chineseLabels = [
      "note": "備註", "time": "時間", "repeats": "重複", "next": "下一次", "reply by": "回覆期限",
      "for": "對象", "by": "修改", "status": "狀態",
    ]
    return (chineseLabels[english] ?? english) + "："
  }

  /// A card past its time.
  var overdue: String { chinese ? "逾期" : "overdue" }

  /// How the facts of a card join.
  var separator: String { chinese ? "、" : ", " }

  /// A repeat that has ended, where its next time would be.
  var ended: String { chinese ? "已結束" : "ended" }

  /// `pending` with nothing waiting.
  var nothingPending: String { chinese ? "沒有等你知道的事。未讀：0" : "Nothing waits for you. Badge: 0" }

  /// The badge under the pending cards.
  func badge(_ count: Int) -> String { chinese ? "未讀：\(count)" : "Badge: \(count)" }

  /// A filter `card list` was given, as the person typed it.
  enum Filter {
    case kind(String)
    case pending, open, done
    case assignedTo(String)
    case dueBefore(String)
    case containing(String)
  }

  /// A filter in words, to say which found nothing.
  func filter(_ filter: Filter) -> String {
    switch (filter, chinese) {
    case (.kind(let kind), false): "kind \(kind)"
    case (.kind(let kind), true): "類型\(kind)"
    case (.pending, false): "pending"
    case (.pending, true): "等你知道"
    case (.open, false): "open"
    case (.open, true): "未完成"
    case (.done, false): "done"
    case (.done, true): "已完成"
    case (.assignedTo(let who), false): "assigned to \(who)"
    case (.assignedTo(let who), true): "指派給\(who)"
    case (.dueBefore(let time), false): "due before \(time)"
    case (.dueBefore(let time), true): "在\(time)之前到期"
    case (.containing(let text), false): "containing '\(text)'"
    case (.containing(let text), true): "含有「\(text)」"
    }
  }

  /// A card logged at a time already past (`when`, in words).
  func past(_ when: String) -> String {
    chinese ? "\(when)已經過去了；卡片還是記錄了" : "\(when) is in the past; the card was logged all the same"
  }

  /// No card yet, and how to log one.
  var noCards: String {
    chinese
      ? "還沒有卡片。用「teammate card add TITLE」記錄一張。"
      : "No cards yet. Log one with 'teammate card add TITLE'."
  }

  /// No card matches the filters `said` (as typed), out of `listed` in all.
  func noneMatch(_ said: [String], of listed: Int) -> String {
    chinese
      ? "沒有符合的卡片（\(said.joined(separator: "、"))）；一共有 \(listed) 張。"
      : "No cards match (\(said.joined(separator: ", "))); \(listed) card(s) in all."
  }

  /// One card `ack` acknowledged.
  func known(_ card: Card) -> String {
    (chinese ? "已知道：" : "Known: ") + "\(card.id)  \(title(of: card))"
  }

  /// A card's title as shown: a meal's (stored as `dinner 2026-12-02`) by its day and slot
  /// in Chinese (「12月2日晚餐」), any other as its author wrote it.
  func title(of card: Card) -> String {
    guard chinese, let meal = card.meal else { return TerminalText.visible(card.title) }
    return "\(meal.day.month)月\(meal.day.day)日\(MealWords.slots[meal.slot] ?? "")"
  }

  /// What `ack` did in all: how many cards, whether it waits offline, and the badge after.
  func knowing(_ count: Int, offline: Bool, badge: Int) -> String {
    guard chinese else {
      let waiting = offline ? language.waitsOffline : ""
      return "You know \(count == 1 ? "1 card" : "\(count) cards") now\(waiting). Badge: \(badge)"
    }
    return "你現在知道 \(count) 張卡片了" + (offline ? language.waitsOffline : "")
      + "。未讀：\(badge)"
  }
}
