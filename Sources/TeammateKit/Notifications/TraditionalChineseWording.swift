/// The kit's words in Traditional Chinese (zh-Hant), as written in Taiwan. Times read 24-hour,
/// `20:00`; a title is quoted 「so」; counts take no plural.
public struct TraditionalChineseWording: Wording {
  /// The wording; it holds nothing, so any two are alike.
  public init() {}

  public var partner: String { "另一半" }

  /// A name as a sentence's subject: followed by a space only when it ends in a letter that
  /// is not Han, as Chinese is written beside other scripts ("Alice 記錄了", "小美記錄了").
  public var formerMember: String { "前成員" }

  package static func subject(_ name: String) -> String {
    guard let last = name.unicodeScalars.last, !last.properties.isIdeographic else { return name }
    return name + " "
  }

  public func title(of content: NotificationContent) -> String {
    switch content {
    case .activity(let partner, let action, let kind, _):
      let verb =
        switch action {
        case .created: "新增了"
        case .changed: "修改了"
        case .restored: "復原了"
        }
      return "\(Self.subject(partner))\(verb)\(Self.kind(kind))"
    case .activitySummary(let partner, let count, _): return "\(Self.subject(partner))的 \(count) 件事"
    case .digest: return "有事等你知道"
    case .eventReminder(let title, let startsAt, let minutesBefore):
      switch NotificationContent.soon(startsAt: startsAt, minutesBefore: minutesBefore) {
      case .startingNow: return "現在：\(title)"
      case .inMinutes(let minutes): return "\(minutes) 分鐘後：\(title)"
      case .at(let time): return "\(time)：\(title)"
      }
    case .taskDue(let title): return "現在到期：\(title)"
    case .replyByOverdue(let title): return "還沒談：\(title)"
    case .mealUndecided(let slot, let daysAhead):
      let meal = [MealSlot.breakfast: "早餐", .lunch: "午餐", .dinner: "晚餐"][slot, default: ""]
      return "\(daysAhead == 1 ? "明天" : "今天")\(meal)還沒決定"
    case .list(let partner, _, _): return "\(Self.subject(partner))更新了購物清單"
    }
  }

  public func body(of content: NotificationContent) -> String {
    switch content {
    case .activity(_, _, _, let title): return title
    case .activitySummary(_, let count, let titles):
      return titles.map { "「\($0)」" }.joined(separator: "、") + "等 \(count) 件"
    case .digest(let pending): return "有 \(pending) 件事等你知道。"
    case .eventReminder(_, let startsAt, _): return "\(startsAt) 開始。"
    case .taskDue: return "這是你的待辦，現在到期。"
    case .replyByOverdue: return "這個話題該在現在之前回覆。"
    case .mealUndecided: return "提議一個，或從提議裡選一個。"
    case .list(_, let added, let got): return Self.listBody(added: added, got: got)
    }
  }

  public func news(_ entry: PartnerNews, by partner: String) -> String {
    if let words = mealNews(entry, by: partner) { return words }
    let title = "「\(entry.title ?? "")」"
    switch entry.kind {
    case .logged:
      return "\(Self.subject(partner))記錄了\(title)" + (entry.needsKnowing ? "" : "（你已知道）")
    case .changed:
      let fields = entry.changed.map(Self.field)
      let what =
        fields.isEmpty ? "" : "的" + WordList.joined(fields, separator: "、", conjunction: "和")
      return "\(Self.subject(partner))修改了\(title)\(what)" + (entry.needsKnowing ? "：你需要再知道一次" : "")
    case .acknowledged: return "\(Self.subject(partner))知道了\(title)"
    case .completed: return "\(Self.subject(partner))完成了\(title)"
    case .reopened: return "\(Self.subject(partner))重新打開了\(title)"
    case .skipped: return "\(Self.subject(partner))跳過了\(title)的一次"
    case .deleted: return "\(Self.subject(partner))刪除了\(title)"
    case .restored: return "\(Self.subject(partner))復原了\(title)"
    case .joined: return "\(Self.subject(partner))加入了這個家"
    case .left: return "\(Self.subject(partner))離開了這個家"
    case .erased: return "\(Self.subject(partner))刪除了帳號，寫下的內容仍在"
    case .renamed: return "\(Self.subject(partner))把這個家改名為\(title)"
    case .movedTimeZone: return "\(Self.subject(partner))把這個家的時區改為 \(entry.title ?? "")"
    case .mealSettings: return "\(Self.subject(partner))改了家裡的用餐時間"
    case .dishAdded: return "\(Self.subject(partner))把「\(entry.title ?? "")」加進了菜色"
    case .dishEdited: return "\(Self.subject(partner))修改了菜色「\(entry.title ?? "")」"
    case .dishRemoved: return "\(Self.subject(partner))把「\(entry.title ?? "")」從菜色移除了"
    case .dishRestored: return "\(Self.subject(partner))把「\(entry.title ?? "")」放回了菜色"
    case .addedItems: return "\(Self.subject(partner))在購物清單加了\(Self.things(entry.items))"
    case .gotItems: return "\(Self.subject(partner))買了\(Self.things(entry.items))"
    case .notedItem:
      return "\(Self.subject(partner))在\(Self.things(entry.items))加了備註：\(entry.title ?? "")"
    case .movedItem:
      // NB: the aisle as the list names it in Chinese, a household's own as it named it.
      let aisle = ItemCategory(rawValue: entry.title ?? "").traditionalChineseName
      return "\(Self.subject(partner))把\(Self.things(entry.items))移到「\(aisle)」"
    case .renamedItem:
      return "\(Self.subject(partner))把\(entry.title ?? "一個項目")改名為\(Self.things(entry.items))"
    case .proposedMeal, .pickedMeal, .decidedMeal, .skippedMeal, .movedMeal, .cookChanged:
      return "\(Self.subject(partner))修改了\(title)"
    }
  }

  /// A card's kind with its measure word: 「一項待辦」.
  static func kind(_ kind: CardKind) -> String {
    switch kind {
    case .note: "一則筆記"
    case .task: "一項待辦"
    case .event: "一個行程"
    case .topic: "一個話題"
    case .meal: "一餐"
    }
  }

  private static func field(_ field: CardRules.CardField) -> String {
    switch field {
    case .title: "標題"
    case .note: "備註"
    case .time: "時間"
    case .assignee: "負責人"
    case .replyBy: "回覆期限"
    case .repeatRule: "重複"
    case .meal: "餐點"
    case .mealSlot: "日期和餐別"
    case .cook: "掌廚"
    }
  }

}
