import TeammateKit

/// A device's waiting writes and what did not land, in Traditional Chinese (AC-LANG-09): what
/// `outbox` lists and `sync` says did not land; English stays `OutboxText`'s.
enum OutboxWords {
  /// 「修改」、「知道」…: what a write is, as a noun.
  static func noun(_ write: DeviceWrite) -> String {
    switch write {
    case .addCard(let draft): draft.meal == nil ? "新卡片" : "餐點計畫"
    case .editCard: "修改"
    case .acknowledge, .acknowledgePending: "「知道了」"
    case .setDone(_, let done): done ? "完成" : "重新打開"
    case .skipOccurrence: "略過"
    case .deleteCard: "刪除"
    case .restoreCard: "復原"
    case .updateSettings: "設定修改"
    case .changeMeal(_, let change, _): mealNoun(change)
    case .addDish: "新菜色"
    case .editDish: "菜色修改"
    case .removeDish: "菜色移除"
    case .restoreDish: "菜色復原"
    case .updateMealSettings: "餐點時間修改"
    case .addItems, .addItemsFromMeal: "加進清單"
    case .getItems: "買到"
    case .undoItem: "又要買"
    case .moveItem: "換走道"
    case .clearItems, .clearGotItems: "清除"
    case .createHousehold: "新的家"
    }
  }

  private static func mealNoun(_ change: MealChange) -> String {
    switch change {
    case .propose: "提議"
    case .pick: "選擇"
    case .decide: "決定"
    case .skip: "不吃"
    case .move: "移動"
    case .cook: "換人煮"
    }
  }

  /// `outbox`'s one line for a waiting write: 「知道「Checkup」（第 1 版）」.
  static func line(
    _ write: DeviceWrite, title: (CardID) -> String, text: (ItemID) -> String
  ) -> String {
    func named(_ id: CardID) -> String { "「\(TerminalText.visible(title(id)))」" }
    func items(_ ids: [ItemID]) -> String {
      ids.map { "「\(TerminalText.visible(text($0)))」" }.joined(separator: "、")
    }
    let fields: (CardEdit) -> String = { edit in
      [
        edit.title != .keep ? "標題" : nil, edit.note != .keep ? "備註" : nil,
        edit.time != .keep ? "時間" : nil, edit.assignee != .keep ? "對象" : nil,
        edit.replyBy != .keep ? "回覆期限" : nil, edit.repeatRule != .keep ? "重複" : nil,
      ].compactMap { $0 }.joined(separator: "、")
    }
    switch write {
    case .addCard(let draft) where draft.meal != nil:
      return "計畫「\(TerminalText.visible(draft.title))」"
    case .addCard(let draft):
      let kind = CardWords(language: .traditionalChinese).kind(draft.kind)
      return "記錄\(kind)「\(TerminalText.visible(draft.title))」"
    case .editCard(let id, let edit, _): return "修改\(named(id))的\(fields(edit))"
    case .acknowledge(let seen):
      return "知道" + seen.map { "\(named($0.id))（第 \($0.revision) 版）" }.joined(separator: "、")
    case .acknowledgePending: return "知道所有待知道的事"
    case .setDone(let id, let done): return (done ? "完成" : "重新打開") + named(id)
    case .skipOccurrence(let id): return "略過\(named(id))這一次"
    case .deleteCard(let id): return "刪除\(named(id))"
    case .restoreCard(let id): return "復原\(named(id))"
    case .updateSettings: return "修改你的提醒設定"
    case .changeMeal(let id, let change, _): return "\(mealNoun(change))\(named(id))"
    case .addDish(let draft): return "把「\(TerminalText.visible(draft.name))」加進菜色"
    case .editDish(let id, _): return "修改菜色 \(id)"
    case .removeDish(let id): return "移除菜色 \(id)"
    case .restoreDish(let id): return "復原菜色 \(id)"
    case .updateMealSettings: return "修改家裡的用餐時間"
    case .addItems(let drafts):
      return "把"
        + drafts.map { "「\(TerminalText.visible($0.text))」" }.joined(separator: "、")
        + "加進購物清單"
    case .getItems(let ids, _): return "買到\(items(ids))"
    case .undoItem(let id): return "又要買\(items([id]))"
    case .moveItem(let id, let category):
      return "把\(items([id]))移到「\(ListWords(language: .traditionalChinese).aisle(category))」"
    case .clearItems(let ids): return "清除\(items(ids))"
    case .clearGotItems: return "清除已買的東西"
    case .addItemsFromMeal(let id, _): return "把\(named(id))的材料加進購物清單"
    case .createHousehold(let name, _, _): return "建立「\(TerminalText.visible(name))」這個家"
    }
  }

  /// What did not land, in a sentence; `name` gives a member's name, `value` a field value.
  static func conflict(
    _ conflict: SyncConflict, name: (AccountID) -> String, value: (FieldValue) -> String,
    when: (MealDay) -> String, changedBy: AccountID?
  ) -> String {
    let title = "「\(TerminalText.visible(conflict.title ?? conflict.cardID?.rawValue ?? ""))」"
    func subject(_ uid: AccountID) -> String { TraditionalChineseWording.subject(name(uid)) }
    switch conflict.reason {
    case .refused(let write, .staleAcknowledgement):
      let who = changedBy.map(subject) ?? "另一半"
      return "\(who)在你離線時改了\(title)；你的\(noun(write))是對舊版本做的："
        + "用「teammate card show \(conflict.cardID?.rawValue ?? "ID")」看看"
    case .refused(let write, .mealSlotTaken(let slot, let day, let by, _)):
      return "\(subject(by))已經安排了\(when(day))的\(MealWords.slots[slot] ?? "")："
        + "你對\(title)的\(noun(write))沒有送達"
    case .refused(let write, .itemCleared(let text, let by)):
      return "\(subject(by))已經清除了「\(TerminalText.visible(text))」：你的\(noun(write))沒有送達"
    case .refused(let write, .cardDeleted):
      return "\(title)在你離線時被刪除了；你的\(noun(write))沒有送達"
    case .refused(let write, let error):
      return "你對\(title)的\(noun(write))沒有送達：\(error.description)"
    case .overwritten(let overwrite, let by):
      let fields: [CardRules.CardField: String] = [
        .title: "標題", .note: "備註", .time: "時間", .assignee: "對象", .replyBy: "回覆期限",
        .repeatRule: "重複", .meal: "選擇", .mealSlot: "日子和餐別", .cook: "誰煮",
      ]
      let field = fields[overwrite.field] ?? overwrite.field.rawValue
      return "\(subject(by))也改了\(title)的\(field)，而且比較晚送達：你的\(value(overwrite.lost))被取代了"
    }
  }

  /// The outbox's table headings.
  static let headers = ["時間", "寫入"]

  /// Nothing waits.
  static let empty = "沒有等待中的寫入：每一筆都送達了。"

  /// How many wait, and what sends them.
  static func waiting(_ count: Int) -> String {
    "\(count) 筆寫入在等待；「teammate sync」會送出。"
  }

  /// The heading over what did not land.
  static let didNotLand = "沒有照你做的送達："
}
