import TeammateKit

/// What a dish command did to a dish.
enum DishAct {
  case added, changed, removed, restored
}

/// The dish commands' words in the language the person reads (AC-LANG-11).
struct DishWords {
  let language: Language

  private var chinese: Bool { language == .traditionalChinese }

  /// Asked to propose a suggested dish where the household has none.
  var noneToSuggest: String {
    chinese
      ? "家裡沒有菜色可以建議：用「teammate dish add」加一道"
      : "the household has no dishes to suggest: add one with 'teammate dish add'"
  }

  /// A suggestion asked of a household with no dishes.
  var noDishesYet: String {
    chinese
      ? "家裡還沒有菜色：用「teammate dish add NAME」加幾道。"
      : "The household has no dishes yet: add some with 'teammate dish add NAME'."
  }

  /// What was eaten, asked of days when nothing was.
  func nothingEaten(days: Int) -> String {
    chinese ? "最近 \(days) 天還沒有吃過什麼。" : "Nothing eaten in the last \(days) days yet."
  }

  /// The dishes suggested for a meal, one line, and a second when every dish was eaten in the
  /// last `relaxed` days (these are the ones eaten longest ago).
  func suggested(
    _ names: [String], slot: MealSlot, day: MealDay, today: MealDay, relaxed: Int?
  ) -> String {
    guard chinese else {
      let when = MealText.day(day, today: today)
      let text = "For \(slot.rawValue) \(when): " + names.joined(separator: ", ") + "\n"
      return text + (relaxed.map { "(\(self.relaxed($0)))\n" } ?? "")
    }
    let when = MealWords.day(day, today: today)
    let text = "\(when)的\(MealWords.slots[slot] ?? "")：" + names.joined(separator: "、") + "\n"
    return text + (relaxed.map { "（\(self.relaxed($0))）\n" } ?? "")
  }

  /// Why a suggestion names dishes eaten lately: every dish was eaten in the last `days`.
  func relaxed(_ days: Int) -> String {
    chinese
      ? "每道菜最近 \(days) 天內都吃過了：這些是最久沒吃的"
      : "every dish was eaten in the last \(days) days: these are the ones eaten longest ago"
  }

  /// A dish asked for by a name the household's dishes lack (`removed`: removed ones too).
  func noDish(_ shown: String, removed: Bool) -> String {
    chinese
      ? "家裡的菜色沒有「\(shown)」" + (removed ? "" : "（用「teammate dish list」看看）")
      : "there is no dish '\(shown)' in the household's dishes"
        + (removed ? "" : " (see them with 'teammate dish list')")
  }

  /// What a dish command did, before the dish it did it to.
  func done(_ act: DishAct, offline: Bool) -> String {
    let said: String =
      switch (act, chinese) {
      case (.added, false): "Added"
      case (.changed, false): "Changed"
      case (.removed, false): "Removed"
      case (.restored, false): "Restored"
      case (.added, true): "已加入菜色"
      case (.changed, true): "已修改菜色"
      case (.removed, true): "已移除菜色"
      case (.restored, true): "已復原菜色"
      }
    guard offline else { return said }
    return said + language.waitsOffline
  }

  /// A dish's fields as `dish` shows them, with what parts each from its value (padded in
  /// English to one width).
  func label(_ field: DishField) -> String {
    switch (field, chinese) {
    case (.note, false): "note:        "
    case (.ingredients, false): "ingredients: "
    case (.note, true): "備註："
    case (.ingredients, true): "材料："
    }
  }

  /// How a dish's ingredient lines join.
  var separator: String { chinese ? "、" : ", " }

  /// A dish taken off the pool, as `dish list --removed` marks it.
  var removedMark: String { chinese ? "（已移除）" : "  (removed)" }

  /// No dish in the pool yet.
  var none: String {
    chinese
      ? "還沒有菜色：用「teammate dish add NAME」加一道。"
      : "No dishes yet: add one with 'teammate dish add NAME'."
  }
}

/// The fields a dish shows besides its name.
enum DishField {
  case note, ingredients
}
