/// What a shopping list item says: one thing however its case, width, surrounding spaces or
/// quantity are typed (`milk`, `Milk`, `ｍｉｌｋ`, `2 milk`).
public typealias ItemText = FoldedName<ItemTextKind>

/// Marks a `FoldedName` as a list item's text, at most 120 characters.
public enum ItemTextKind: FoldedNameKind {
  public static var field: NameField { .itemText }

  /// NB: the thing's name without its quantity: `2 onions`, `onions x3` and `Onions` are
  /// one thing (AC-LIST-24), whose quantities add up.
  public static func key(of text: String) -> String {
    Folding.key(ItemWants(reading: text).name)
  }
}
