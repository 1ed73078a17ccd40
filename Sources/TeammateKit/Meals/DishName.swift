/// A dish's name: one dish however its case, width or surrounding spaces are typed.
public typealias DishName = FoldedName<DishNameKind>

/// Marks a `FoldedName` as a dish's name, as long as a household's name.
public enum DishNameKind: FoldedNameKind {
  public static var field: NameField { .dishName }
}
