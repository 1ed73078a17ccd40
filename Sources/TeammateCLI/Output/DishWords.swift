import TeammateKit

/// What a dish command did to a dish.
enum DishAct {
  case added, changed, removed, restored
}

/// The dish commands' words in the language the person reads (AC-LANG-11).
struct DishWords {
  let language: Language

  private var chinese: Bool { language == .traditionalChinese }

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
    return said + (chinese ? "（離線：在待送區等候）" : " (offline: waits in the outbox)")
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
