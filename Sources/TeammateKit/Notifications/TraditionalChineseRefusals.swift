import Foundation

extension Wording {
  /// A refusal in the error's own English sentence: a wording that speaks another language
  /// says it its way.
  public func refusal(_ error: TeammateError) -> String { error.description }
}

extension TraditionalChineseWording {
  /// A refusal as written in Taiwan (AC-LANG-10): every case of `TeammateError`, its values
  /// as the English sentence gives them.
  public func refusal(_ error: TeammateError) -> String {
    func quoted(_ text: String) -> String { "「\(text)」" }
    func field(_ field: NameField) -> String {
      switch field {
      case .householdName: "家的名字"
      case .displayName: "顯示名稱"
      case .dishName: "菜名"
      case .mealText: "餐點"
      case .ingredient: "材料"
      case .itemText: "清單項目"
      case .category: "走道"
      case .location: "搬去的地方"
      }
    }
    func time(_ date: Date, _ zone: String = "UTC") -> String {
      ISOTimestamp.text(date, in: TimeZone(identifier: zone) ?? .gmt)
    }
    switch error {
    case .tooManyBytes(let name, let bytes, let limit):
      // NB: the field is stored by its English name: a name field, a title or a note.
      let name =
        NameField(rawValue: name).map(field) ?? ["title": "標題", "note": "備註"][name] ?? name
      return "\(name)佔了 \(bytes) 個位元組，最多只能 \(limit) 個（有些字元一個就佔好幾個位元組）"
    case .emptyTitle:
      return "卡片需要標題"
    case .titleTooLong(let length, let limit):
      return "標題有 \(length) 個字，最多只能 \(limit) 個"
    case .noteTooLong(let length, let limit):
      return "備註有 \(length) 個字，最多只能 \(limit) 個"
    case .emptyName(let name):
      return "\(field(name))不能是空的"
    case .nameTooLong(let name, let length, let limit):
      return "\(field(name))有 \(length) 個字，最多只能 \(limit) 個"
    case .unknownTimeZone(let zone):
      return "\(quoted(zone))不是認得的時區（請用 IANA 名稱，例如 Asia/Taipei）"
    case .replyByRequiresTopic(let cardKind):
      return "只有話題能設回覆期限，這張卡片是\(Self.kind(cardKind))"
    case .assigneeNotMember(let uid):
      return "\(quoted(uid.rawValue))不是這個家的成員，卡片不能指派給他"
    case .malformedInviteCode(let code):
      return "\(quoted(code))不是邀請碼：邀請碼是六位數字"
    case .malformedCredential(let text):
      return "\(quoted(text))不是登入方式：請寫成 PROVIDER:ID"
    case .invalidTimeOfDay(let text):
      return "\(quoted(text))不是時刻：請寫成 HH:MM，從 00:00 到 23:59"
    case .invalidQuietHours(let text):
      return "勿擾時段\(quoted(text))的開始和結束是同一個時間：請給一段時間，例如 22:00-07:00，或 off"
    case .invalidLeadTime(let minutes):
      return "提前 \(minutes) 分鐘提醒超出了 0…1440 的範圍"
    case .invalidTime(let text, let offset):
      return "\(quoted(text))不是時間：可以寫 2026-12-01T20:00\(offset)、2026-12-01 20:00、"
        + "today 20:00、tomorrow 7:30、19:00、7pm、mon 9:30、next tue 18:00、in 2h 或 in 30m"
    case .invalidRepeatRule(let text, let reason):
      return "\(quoted(text))不是卡片能用的重複規則：\(reason)"
    case .repeatRequiresTaskOrEvent(let cardKind):
      return "只有待辦或行程能重複，這張卡片是\(Self.kind(cardKind))"
    case .repeatRequiresTime:
      return "會重複的卡片需要第一次的時間"
    case .repeatEndsBeforeStart(let until, let start, let zone):
      return "重複會在第一次（\(time(start, zone))）之前就結束（\(time(until, zone))）"
    case .inviteNotFound(let code):
      return "沒有邀請碼 \(code)"
    case .inviteExpired(let code, let expiredAt, let zone):
      return "邀請碼 \(code) 已在 \(time(expiredAt, zone))（\(zone) 時間）過期；請另一半給你新的邀請碼"
    case .inviteAlreadyUsed(let code):
      return "邀請碼 \(code) 已經用過了"
    case .householdFull:
      return "這個家已經有兩個成員了"
    case .alreadyInHousehold:
      return "這個帳號已經屬於一個家；請先離開"
    case .tooManyJoinAttempts(let retryAfter):
      return "打錯邀請碼太多次了；請在 \(time(retryAfter)) 之後再試"
    case .joiningPaused(let retryAfter):
      return "這個儲存區被試了太多錯的邀請碼；加入暫停到 \(time(retryAfter))"
    case .householdNotFound(let id):
      return "沒有\(quoted(id.rawValue))這個家"
    case .notInHousehold(let uid):
      return "\(quoted(uid.rawValue))還沒有加入任何家：建立一個，或用邀請碼加入"
    case .cardNotFound(let id):
      return "沒有\(quoted(id.rawValue))這張卡片"
    case .cardDeleted(let id):
      return "卡片\(quoted(id.rawValue))已經刪除了"
    case .cardNotDeleted(let id):
      return "卡片\(quoted(id.rawValue))沒有被刪除：沒有東西可以復原"
    case .lastMemberMustDeleteHousehold:
      return "你是這個家最後一個成員：離開會讓它的卡片沒人管；要離開，請說明你要刪除這個家、它的卡片和紀錄"
    case .notATask(let id):
      return "卡片\(quoted(id.rawValue))不是待辦，不能標為完成"
    case .notRepeating(let id):
      return "卡片\(quoted(id.rawValue))不會重複，沒有可以略過的一次"
    case .repeatEnded(let id):
      return "卡片\(quoted(id.rawValue))已經是最後一次了；它完成了"
    case .lastEditorCannotAcknowledge(let id):
      return "\(quoted(id.rawValue))最後是你改的；要知道它的是另一半"
    case .staleAcknowledgement(let id, let seen, let current):
      return "\(quoted(id.rawValue))在你看過之後改了（你看的是第 \(seen) 版，現在是第 \(current) 版）；"
        + "請再看一次再說知道"
    case .credentialLinkedElsewhere(let credential):
      return "登入方式 \(credential) 已經連到另一個帳號"
    case .accessDenied(let denial):
      return "沒有權限：" + Self.denial(denial)
    case .unavailable:
      return "現在連不上伺服器；什麼都沒有存"
    case .ambiguousCardID(let prefix, let matches):
      let listed = matches.prefix(5).map(\.rawValue).joined(separator: "、")
      return "\(quoted(prefix))符合 \(matches.count) 張卡片（\(listed)）；請多打幾個字"
    case .cardIDTaken(let id):
      return "已經有編號 \(id) 的卡片，或這個編號不是裝置會做的"
    case .householdIDTaken(let id):
      return "已經有編號 \(id) 的家，或這個編號不是裝置會做的；什麼都沒有建立"
    case .householdMoved(let id, let location):
      return "家 \(id) 已經搬到 \(location)；這裡什麼都沒做"
    case .malformedWriteID(let length, let limit):
      return "寫入的編號要 1 到 \(limit) 個字，這個有 \(length) 個；沒有套用"
    case .mealPlanRequired:
      return "一餐需要日子、餐別和要吃什麼"
    case .mealPlanOnlyOnMeal(let cardKind):
      return "只有一餐有吃飯的日子和餐別，這張卡片是\(Self.kind(cardKind))"
    case .mealHasNoTimeOrAssignee:
      return "一餐沒有自己的時間或對象：時間是餐別的，誰煮就是對象"
    case .mealOptionCount(let count, let limit):
      return "提議要有 1 到 \(limit) 個選項，這個有 \(count) 個"
    case .mealOptionTwice:
      return "提議的每個選項只能出現一次"
    case .optionNotOffered(let mealSlot, let day):
      return "那不是\(day)\(Self.slots[mealSlot, default: ""])提議的選項"
    case .mealSlotTaken(let mealSlot, let day, let by, let standing):
      let done: String =
        switch standing {
        case .proposed: "提議了"
        case .decided: "決定了"
        case .skipped: "決定不吃"
        }
      return "\(Self.subject(by.rawValue))已經\(done)\(day)的\(Self.slots[mealSlot, default: ""])"
    case .notAMeal(let id):
      return "卡片\(quoted(id.rawValue))不是一餐"
    case .dishNotFound(let id):
      return "家裡的菜色沒有\(quoted(id.rawValue))"
    case .dishRemoved(let id):
      return "菜色\(quoted(id.rawValue))已經從家裡的菜色移除了"
    case .dishNotRemoved(let id):
      return "菜色\(quoted(id.rawValue))還在家裡的菜色裡：沒有東西可以復原"
    case .dishNameTaken(let name, let id):
      return "家裡已經有菜色\(quoted(name))（\(id)）"
    case .dishIDTaken(let id):
      return "已經有編號 \(id) 的菜色，或這個編號不是裝置會做的"
    case .tooManyIngredients(let count, let limit):
      return "一道菜最多 \(limit) 行材料，這道有 \(count) 行"
    case .mealSettingOutOfRange(let name, let value, let lowest, let highest):
      let name = ["decide-by time": "決定期限", "cooldown": "休息天數"][name] ?? name
      return "\(name)是 \(value)；要在 \(lowest) 到 \(highest) 之間"
    case .itemCleared(let text, let by):
      return "\(Self.subject(by.rawValue))已經清除了\(quoted(text))"
    case .itemIDTaken(let id):
      return "已經有編號 \(id) 的項目，或這個編號不是裝置會做的"
    case .itemNotFound(let id):
      return "清單上沒有\(quoted(id.rawValue))"
    case .itemTextTaken(let text):
      return "清單上已經有\(quoted(text))了"
    case .mealHasNoDish(let id):
      return "一餐\(quoted(id.rawValue))不是決定好的菜，沒有材料可以加進清單"
    case .timeOutOfRange(let earliest, let latest):
      return "時間要在 \(earliest) 年初到 \(latest) 年底之間"
    case .quantityTooLarge(let limit):
      return "清單上的數量最多 \(limit)"
    }
  }

  /// Why access was denied, in Chinese (AC-INPUT-06).
  static func denial(_ denial: AccessDenial) -> String {
    switch denial {
    case .notSignedIn: "請先登入"
    case .notAMember: "你不是這個家的成員"
    case .alreadyInHousehold: "這個帳號已經屬於一個家"
    case .listingNotAllowed: "這些資料只能用確切的編號或邀請碼取得"
    case .editorMismatch(let claimed): "只能用你自己的名字寫入，不能用「\(claimed)」"
    case .notYourAccount(let uid): "「\(uid)」是別的帳號"
    case .onlyThroughMembershipChange: "成員只能靠建立、加入或離開一個家來改變"
    case .onlyInsideJoin: "邀請碼只能在加入時使用"
    }
  }
}
