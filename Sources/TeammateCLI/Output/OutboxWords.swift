import TeammateKit

/// A device's waiting writes and what did not land, in Traditional Chinese (AC-LANG-09): what
/// `outbox` lists and `sync` says did not land; English stays `OutboxText`'s.
enum OutboxWords {
  /// 「修改」、「知道」…: what a write is, as a noun (its kind's words).
  static func noun(_ write: DeviceWrite) -> String {
    write.kind.words(WriteNames(title: \.rawValue)).traditionalChinese.noun
  }

  /// `outbox`'s one line for a waiting write: 知道「Checkup」（第 1 版）, what people typed in
  /// it made safe for the terminal.
  static func line(
    _ write: DeviceWrite, title: @escaping (CardID) -> String,
    text: @escaping (ItemID) -> String
  ) -> String {
    TerminalText.visible(
      write.kind.words(WriteNames(title: title, text: text)).traditionalChinese.line)
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
    case .unreadableWrite(let madeAt):
      let made = madeAt.map { "在\(value(.time($0)))" } ?? ""
      return "你\(made)做的一筆寫入無法由這個版本讀取：它沒有送出"
    case .stateSetAside:
      return "這台裝置保存的狀態無法由這個版本讀取：已另外保留，裝置從這個家重新開始"
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

  /// 「…」、沒有時間…: a field's value as a conflict names it, in this household's names, zone
  /// and dishes.
  static func value(
    _ value: FieldValue, times: TimeText, name: (AccountID) -> String, dishes: [Dish]
  ) -> String {
    switch value {
    case .text(let text): text.map { "「\(TerminalText.visible($0))」" } ?? "空白"
    case .time(let time): time.map { times.human($0) } ?? "沒有時間"
    case .account(let uid): uid.map(name) ?? "兩個人"
    case .rule(let rule):
      rule.map { "「\(RepeatText.words($0, at: nil, zone: times.zone, chinese: true))」" }
        ?? "不重複"
    case .meal(let meal): meal.map { MealWords.plan($0, dishes: dishes, proposer: "你") } ?? "沒有餐點"
    }
  }
}
