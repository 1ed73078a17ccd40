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

  /// A card's kind as the table says it.
  func kind(_ kind: CardKind) -> String {
    guard chinese else { return kind.rawValue }
    return switch kind {
    case .note: "筆記"
    case .task: "待辦"
    case .event: "行程"
    case .topic: "話題"
    case .meal: "一餐"
    }
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
}
