/// What a shopping list item says: one thing however its case, width or surrounding spaces
/// are typed (`milk`, `Milk`, `ｍｉｌｋ`).
public typealias ItemText = FoldedName<ItemTextKind>

/// Marks a `FoldedName` as a list item's text, at most 120 characters.
public enum ItemTextKind: FoldedNameKind {
  public static var field: NameField { .itemText }
}
