import TeammateKit

extension JSONDocuments {
  /// A card's `meal`: null, or `{"day", "slot", "state", "options", "choice", "cook"}`.
  static func meal(_ meal: Meal?, dishes: [Dish]) -> JSONValue {
    guard let meal else { return .null }
    var choice: JSONValue = .null
    if case .decided(let chosen) = meal.state { choice = content(chosen, dishes: dishes) }
    let cook: JSONValue =
      switch meal.cook {
      case .member(let uid)?: .string(uid.rawValue)
      case .both?: .string("both")
      case nil: .null
      }
    return .object([
      "day": .string(meal.day.description),
      "slot": .string(meal.slot.rawValue),
      "state": .string(meal.state.standing.rawValue),
      "options": .array(meal.options.map { content($0, dishes: dishes) }),
      "choice": choice,
      "cook": cook,
    ])
  }

  /// One option: `{"kind", "dish", "name"}`; `kind` is `dish`, `text`, `leftovers`,
  /// `eating-out` or `takeaway`, `dish` the dish's id or null.
  static func content(_ content: MealContent, dishes: [Dish]) -> JSONValue {
    let kind: String =
      switch content {
      case .dish: "dish"
      case .text: "text"
      case .leftovers: "leftovers"
      case .eatingOut: "eating-out"
      case .takeaway: "takeaway"
      }
    return .object([
      "kind": .string(kind),
      "dish": .string(content.dish?.rawValue),
      "name": .string(MealText.name(content, dishes: dishes)),
    ])
  }

  /// A dish: `{"id", "name", "note", "ingredients", "removed"}`.
  static func dish(_ dish: Dish) -> JSONValue {
    .object([
      "id": .string(dish.id.rawValue),
      "name": .string(dish.name.text),
      "note": .string(dish.note),
      "ingredients": .array(dish.ingredients.map { .string($0) }),
      "removed": .bool(dish.isRemoved),
    ])
  }

  /// A shopping list item: `state` is needed, got or cleared, `by` and `at` who got or
  /// cleared it and when (null while needed), times in the household's zone; `category` the
  /// aisle it is found in.
  static func item(_ item: ShoppingItem, times: TimeText) -> JSONValue {
    let (state, by, at): (String, AccountID?, String?) =
      switch item.state {
      case .needed: ("needed", nil, nil)
      case .got(let by, let at): ("got", by, times.iso(at))
      case .cleared(let by, let at): ("cleared", by, times.iso(at))
      }
    return .object([
      "id": .string(item.id.rawValue), "list": .string(item.listID.rawValue),
      "text": .string(item.text.text), "note": .string(item.note),
      "addedBy": .string(item.addedBy.rawValue), "addedAt": .string(times.iso(item.addedAt)),
      "fromMeals": .array(item.fromMeals.map { .string($0.rawValue) }),
      "state": .string(state), "by": .string(by?.rawValue), "at": .string(at),
      "category": .string(item.category.rawValue),
    ])
  }
}
