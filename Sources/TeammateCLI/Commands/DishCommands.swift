import Foundation
import TeammateKit

extension Commands {
  static func dishArgument() -> Argument<String> {
    Argument<String>("dish", help: "The dish's name (case and width do not matter) or id.")
  }

  static let dishAdd: CommandSpec = {
    let name = Argument<String>("name", help: "What the dish is called.")
    let note = Option<String>("note", value: "text", help: "A note or a link.")
    let ingredient = Option<String>(
      "ingredient", value: "line", help: "One ingredient line; give it once per line.",
      repeatable: true, parse: { $0 })
    return CommandSpec(
      path: ["dish", "add"], abstract: "Add a dish to the household's pool.",
      arguments: [name], options: [note, ingredient],
      examples: [
        "teammate dish add Curry --ingredient rice --ingredient \"2 onions\"",
        "teammate dish add 咖哩 --note https://example.com/curry",
      ]
    ) { session, arguments in
      _ = try session.account()
      _ = try await session.household()
      let dish = try await session.deviceWrite {
        try await $0.addDish(
          name: arguments[name] ?? "", note: arguments[note],
          ingredients: arguments.all(ingredient))
      }
      try await DishOutput.show(dish, .added, session: &session)
    }
  }()

  static let dishList: CommandSpec = {
    let removed = Flag("removed", help: "Removed dishes too.")
    return CommandSpec(
      path: ["dish", "list"], abstract: "List the household's dishes, in the order added.",
      options: [removed], store: .readOnly
    ) { session, arguments in
      _ = try session.account()
      let pool = try await session.visibleHousehold().dishes.filter {
        arguments[removed] || !$0.isRemoved
      }
      if session.json {
        return session.writeJSON(.object(["dishes": .array(pool.map(JSONDocuments.dish))]))
      }
      let words = DishWords(language: session.language)
      guard !pool.isEmpty else { return session.write(words.none + "\n") }
      var text = ""
      for dish in pool {
        text += "\(dish.id)  \(TerminalText.visible(dish.name.text))"
        if dish.isRemoved { text += words.removedMark }
        if !dish.ingredients.isEmpty {
          text +=
            "  · " + TerminalText.visible(dish.ingredients.joined(separator: words.separator))
        }
        text += "\n"
      }
      session.write(text)
    }
  }()

  static let dishEdit: CommandSpec = {
    let dish = dishArgument()
    let name = Option<String>("name", value: "name", help: "A new name.")
    let clearNote = Flag("clear-note", help: "Remove the note.")
    let note = Option<String>("note", value: "text", help: "A new note.", conflicts: [clearNote])
    let clearIngredients = Flag("clear-ingredients", help: "Remove every ingredient line.")
    let ingredient = Option<String>(
      "ingredient", value: "line", help: "The new ingredient lines; give it once per line.",
      repeatable: true, conflicts: [clearIngredients], parse: { $0 })
    return CommandSpec(
      path: ["dish", "edit"], abstract: "Change a dish's name, note or ingredients.",
      arguments: [dish], options: [name, note, clearNote, ingredient, clearIngredients],
      examples: ["teammate dish edit curry --name \"Chicken curry\""],
      validate: { arguments throws(UsageError) in
        guard
          [name.spec, note.spec, clearNote.spec, ingredient.spec, clearIngredients.spec].contains(
            where: { arguments.given($0.name) })
        else {
          throw UsageError(
            message:
              "nothing to change: give --name, --note, --clear-note, --ingredient or "
              + "--clear-ingredients")
        }
      }
    ) { session, arguments in
      let id = try await session.dish(named: arguments[dish] ?? "").id
      var edit = DishEdit()
      if let given = arguments[name] { edit.name = .set(given) }
      if let given = arguments[note] { edit.note = .set(given) }
      if arguments[clearNote] { edit.note = .set(nil) }
      if !arguments.all(ingredient).isEmpty { edit.ingredients = .set(arguments.all(ingredient)) }
      if arguments[clearIngredients] { edit.ingredients = .set([]) }
      let edited = try await session.deviceWrite { try await $0.editDish(id, edit) }
      try await DishOutput.show(edited, .changed, session: &session)
    }
  }()

  static let dishRemove: CommandSpec = {
    let dish = dishArgument()
    return CommandSpec(
      path: ["dish", "remove"],
      abstract: "Take a dish out of the pool; its meals keep it, 'dish restore' brings it back.",
      arguments: [dish]
    ) { session, arguments in
      let id = try await session.dish(named: arguments[dish] ?? "").id
      let removed = try await session.deviceWrite { try await $0.removeDish(id) }
      try await DishOutput.show(removed, .removed, session: &session)
    }
  }()

  static let dishRestore: CommandSpec = {
    let dish = dishArgument()
    return CommandSpec(
      path: ["dish", "restore"], abstract: "Put a removed dish back in the pool.",
      arguments: [dish]
    ) { session, arguments in
      let id = try await session.dish(named: arguments[dish] ?? "", removed: true).id
      let restored = try await session.deviceWrite { try await $0.restoreDish(id) }
      try await DishOutput.show(restored, .restored, session: &session)
    }
  }()
}

/// What the dish commands print.
enum DishOutput {
  /// One dish, or `{"dish": …}`.
  static func show(_ dish: Dish, _ act: DishAct, session: inout Session) async throws {
    if session.json { return session.writeJSON(.object(["dish": JSONDocuments.dish(dish)])) }
    let words = DishWords(language: session.language)
    var text =
      words.done(act, offline: session.offline) + session.language.colon
      + "\(dish.id)  \(TerminalText.visible(dish.name.text))\n"
    if let note = dish.note { text += "  \(words.label(.note))\(TerminalText.visible(note))\n" }
    if !dish.ingredients.isEmpty {
      let lines = TerminalText.visible(dish.ingredients.joined(separator: words.separator))
      text += "  \(words.label(.ingredients))\(lines)\n"
    }
    session.write(text)
  }
}
