import Foundation

/// A dish as a person types it; the device gives it its id, so that its later writes can
/// name it offline.
public struct DishDraft: Sendable, Codable, Equatable {
  /// The id the device made.
  public var id: DishID
  /// The name, before trimming.
  public var name: String
  /// A note or a link.
  public var note: String?
  /// Ingredient lines, before trimming.
  public var ingredients: [String]

  /// A dish to add.
  public init(id: DishID, name: String, note: String? = nil, ingredients: [String] = []) {
    self.id = id
    self.name = name
    self.note = note
    self.ingredients = ingredients
  }
}

/// The fields a person may change on a dish.
public struct DishEdit: Sendable, Codable, Equatable {
  /// The new name, or keep the old.
  public var name: FieldEdit<String>
  /// The new note, none, or keep the old.
  public var note: FieldEdit<String?>
  /// The new ingredient lines, or keep the old.
  public var ingredients: FieldEdit<[String]>

  /// An edit changing only the fields given.
  public init(
    name: FieldEdit<String> = .keep, note: FieldEdit<String?> = .keep,
    ingredients: FieldEdit<[String]> = .keep
  ) {
    self.name = name
    self.note = note
    self.ingredients = ingredients
  }
}

/// The household's pool of dishes: names unique as `DishName` folds them, removed dishes kept
/// so that they can come back. Each rule answers the household as it is after.
public enum DishRules {
  /// A new dish at the end of the pool.
  public static func add(_ draft: DishDraft, to household: Household) throws(TeammateError)
    -> Household
  {
    guard DishID.isWellFormed(draft.id), household.dish(draft.id) == nil else {
      throw .dishIDTaken(draft.id)
    }
    let dish = Dish(
      id: draft.id, name: try DishName(draft.name), note: try Validation.note(draft.note),
      ingredients: try ingredients(draft.ingredients))
    try checkFree(dish.name, except: dish.id, in: household)
    var updated = household
    updated.dishes.append(dish)
    return updated
  }

  /// The dish edited; an edit that changes nothing answers the household as it was.
  public static func edit(
    _ id: DishID, with edit: DishEdit, in household: Household
  ) throws(TeammateError) -> Household {
    let index = try live(id, in: household)
    var dish = household.dishes[index]
    if case .set(let name) = edit.name { dish.name = try DishName(name) }
    if case .set(let note) = edit.note { dish.note = try Validation.note(note) }
    if case .set(let lines) = edit.ingredients { dish.ingredients = try ingredients(lines) }
    // NB: a new name is held to the pool; the same name in another case is a rename.
    if dish.name.text != household.dishes[index].name.text {
      try checkFree(dish.name, except: id, in: household)
    }
    var updated = household
    updated.dishes[index] = dish
    return updated
  }

  /// The dish taken out of the pool, kept for its meals and for restoring.
  public static func remove(_ id: DishID, from household: Household) throws(TeammateError)
    -> Household
  {
    let index = try live(id, in: household)
    var updated = household
    updated.dishes[index].isRemoved = true
    return updated
  }

  /// A removed dish back in the pool, unless another dish took its name meanwhile.
  public static func restore(_ id: DishID, in household: Household) throws(TeammateError)
    -> Household
  {
    guard let index = household.dishes.firstIndex(where: { $0.id == id }) else {
      throw .dishNotFound(id)
    }
    guard household.dishes[index].isRemoved else { throw .dishNotRemoved(id) }
    try checkFree(household.dishes[index].name, except: id, in: household)
    var updated = household
    updated.dishes[index].isRemoved = false
    return updated
  }

  /// The live dish of the pool with this name, as names fold.
  public static func named(_ name: DishName, in household: Household) -> Dish? {
    household.dishes.first { !$0.isRemoved && $0.name == name }
  }

  private static func live(_ id: DishID, in household: Household) throws(TeammateError) -> Int {
    guard let index = household.dishes.firstIndex(where: { $0.id == id }) else {
      throw .dishNotFound(id)
    }
    guard !household.dishes[index].isRemoved else { throw .dishRemoved(id) }
    return index
  }

  private static func checkFree(
    _ name: DishName, except id: DishID, in household: Household
  ) throws(TeammateError) {
    if let other = named(name, in: household), other.id != id {
      throw .dishNameTaken(other.name.text, by: other.id)
    }
  }

  /// Lines trimmed, blank ones dropped, each bounded, at most `MealRules.ingredientLimit`.
  private static func ingredients(_ lines: [String]) throws(TeammateError) -> [String] {
    var kept: [String] = []
    for line in lines where !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      kept.append(try Validation.name(line, field: .ingredient))
    }
    guard kept.count <= MealRules.ingredientLimit else {
      throw .tooManyIngredients(kept.count, limit: MealRules.ingredientLimit)
    }
    return kept
  }
}
