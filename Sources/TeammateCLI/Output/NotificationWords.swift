import TeammateKit

/// `notifications` and `settings` in the language the person reads (AC-LANG-12): the kinds of
/// notification, the settings' labels, and what the lists say when they are empty.
struct NotificationWords {
  let language: Language

  private var chinese: Bool { language == .traditionalChinese }

  /// A kind of notification as a person reads it; its name in English (what `--enable` takes).
  func kind(_ kind: NotificationKind) -> String {
    guard chinese else { return kind.rawValue }
    return switch kind {
    case .activity: "動態"
    case .digest: "每日摘要"
    case .eventReminder: "行程"
    case .taskDue: "待辦"
    case .replyByOverdue: "回覆期限"
    case .mealUndecided: "餐點"
    case .listActivity: "購物清單"
    }
  }

  /// The notifications table's headings.
  var headers: [String] { chinese ? ["時間", "類型", "標題", "內容"] : ["WHEN", "KIND", "TITLE", "TEXT"] }

  /// Nothing in the list asked for: shown ones, or those to come.
  func nothing(shown: Bool) -> String {
    switch (shown, chinese) {
    case (true, false): "Nothing shown yet."
    case (false, false): "Nothing scheduled. Run 'teammate sync' to plan notifications."
    case (true, true): "還沒有顯示過任何提醒。"
    case (false, true): "沒有排定的提醒。跑「teammate sync」來排定。"
    }
  }

  /// How many were shown already, under the ones to come.
  func shownAlready(_ count: Int) -> String {
    chinese
      ? "已經顯示過 \(count) 個：用「teammate notifications --delivered」看看。"
      : "\(count) shown already: see 'teammate notifications --delivered'."
  }

  /// The settings, one a line, labels padded to one width in either language.
  func settings(_ settings: NotificationSettings) -> String {
    let enabled = settings.enabledKinds.map(kind)
    let disabled = settings.disabledKindsInOrder.map(kind)
    let separator = chinese ? "、" : ", "
    let lines: [(String, String, String)] = [
      ("digest time", "摘要時間", "\(settings.digestTime)"),
      ("quiet hours", "勿擾時段", settings.quietHours?.description ?? (chinese ? "關閉" : "off")),
      ("event lead", "行程提前", "\(settings.eventLeadMinutes)" + (chinese ? " 分鐘" : " min")),
      ("enabled", "開啟", enabled.joined(separator: separator)),
      ("disabled", "關閉", disabled.isEmpty ? "-" : disabled.joined(separator: separator)),
    ]
    return lines.map { english, chineseLabel, value in
      chinese
        ? "\(chineseLabel)：\(value)\n"
        : (english + ":").padding(toLength: 15, withPad: " ", startingAt: 0) + value + "\n"
    }.joined()
  }
}
