import Foundation
import TeammateKit

extension Commands {
  static func itemsArgument(_ help: String = "Items by the start of their id or by their text.")
    -> Argument<String>
  {
    Argument<String>("item", help: help, arity: .variadic)
  }

  static let listShow: CommandSpec = {
    let all = Flag("all", help: "Cleared items too.")
    let shop = Option<String>(
      "shop", value: "name",
      help: "The shop you are in, remembered until you name another ('none' to forget it): "
        + "the list follows the order the two of you get things there, and what you get "
        + "teaches it.")
    return CommandSpec(
      path: ["list"],
      abstract: "The shopping list: what is needed, then what was got; looking marks it seen.",
      discussion:
        "Online it syncs first, so that the partner's adds and gets are there; what they did "
        + "since you last looked is shown once, and the list notification goes. What is "
        + "needed is shown aisle by aisle, in the order of the shop you are in.",
      options: [all, shop],
      examples: ["teammate list", "teammate list --shop costco", "teammate list --all --json"]
    ) { session, arguments in
      _ = try session.account()
      _ = try await session.household(refreshing: false)
      let (items, news, walking) = try await session.deviceWrite {
        device -> ([ShoppingItem], [PartnerNews], (String, [ItemCategory])?) in
        if let named = arguments[shop] { try await device.enterShop(named == "none" ? nil : named) }
        if await device.isOnline { _ = try await device.sync() }
        let shown = await device.list(includingCleared: arguments[all])
        // NB: every act of the partner's on the list, as `sync` tells it (AC-LIST-31).
        let news = await device.news.filter(\.kind.isOfTheList)
        try await device.markListSeen()
        guard let shop = await device.shop else { return (shown, news, nil) }
        return (shown, news, (shop, await device.aisles(in: shop)))
      }
      try await ListOutput.list(items, news: news, walking: walking, session: &session)
    }
  }()

  static let listAdd: CommandSpec = {
    let texts = Argument<String>(
      "text", help: "What to buy: one item each (a text needed already is added to).",
      arity: .variadic)
    let note = Option<String>("note", value: "text", help: "A quantity or a note, for each.")
    return CommandSpec(
      path: ["list", "add"], abstract: "Put things on the shopping list.",
      arguments: [texts], options: [note],
      examples: ["teammate list add milk eggs", "teammate list add 牛奶 --note \"2 瓶\""],
      validate: { arguments throws(UsageError) in
        if arguments.all(texts).isEmpty {
          throw UsageError(message: "missing expected argument '<text>': give what to buy")
        }
      }
    ) { session, arguments in
      _ = try session.account()
      _ = try await session.household()
      let items = try await session.deviceWrite {
        try await $0.addItems(arguments.all(texts), note: arguments[note])
      }
      try await ListOutput.items(items, did: .added, session: &session)
    }
  }()

  static let listGot: CommandSpec = {
    let items = itemsArgument()
    return CommandSpec(
      path: ["list", "got"], abstract: "Mark items got.", arguments: [items],
      examples: ["teammate list got milk", "teammate list got m2k e7q"],
      validate: { arguments throws(UsageError) in
        if arguments.all(items).isEmpty {
          throw UsageError(message: "missing expected argument '<item>': give the items got")
        }
      }
    ) { session, arguments in
      let ids = try await session.items(named: arguments.all(items))
      let got = try await session.deviceWrite { try await $0.getItems(ids) }
      try await ListOutput.items(got, did: .got, session: &session)
    }
  }()

  static let listUndo: CommandSpec = {
    let item = Argument<String>("item", help: "A got item, by the start of its id or its text.")
    return CommandSpec(
      path: ["list", "undo"], abstract: "Need a got item again.", arguments: [item],
      examples: ["teammate list undo milk"]
    ) { session, arguments in
      let id = try await session.items(named: [arguments[item] ?? ""], got: true)[0]
      let undone = try await session.deviceWrite { try await $0.undoItem(id) }
      try await ListOutput.items([undone], did: .neededAgain, session: &session)
    }
  }()

  static let listMove: CommandSpec = {
    let item = Argument<String>("item", help: "An item, by the start of its id or its text.")
    let to = Option<String>(
      "to", value: "category",
      help: "The aisle: produce, dairy, bakery, meat and fish, frozen, dry goods, drinks, "
        + "household, baby, other, or a name of the household's own.")
    return CommandSpec(
      path: ["list", "move"],
      abstract: "List an item under another aisle, for both of you; the partner is told.",
      arguments: [item], options: [to],
      examples: [
        "teammate list move \"oat drink\" --to dairy", "teammate list move wipes --to baby",
      ],
      validate: { arguments throws(UsageError) in
        if arguments[item] == nil {
          throw UsageError(message: "missing expected argument '<item>': give the item to move")
        }
        if arguments[to] == nil {
          throw UsageError(message: "missing expected option '--to <category>': give the aisle")
        }
      }
    ) { session, arguments in
      let id = try await session.items(named: [arguments[item] ?? ""])[0]
      let category = ListWords.aisle(named: arguments[to] ?? "")
      let moved = try await session.deviceWrite { try await $0.moveItem(id, to: category) }
      try await ListOutput.items([moved], did: .moved(moved.category), session: &session)
    }
  }()

  static let listRename: CommandSpec = {
    let item = Argument<String>("item", help: "An item, by the start of its id or its text.")
    let text = Argument<String>("text", help: "What it says from now on.")
    return CommandSpec(
      path: ["list", "rename"],
      abstract: "Give an item another text, for both of you; the partner is told.",
      arguments: [item, text],
      examples: ["teammate list rename \"oat drink\" \"oat milk\""],
      validate: { arguments throws(UsageError) in
        if arguments[item] == nil || arguments[text] == nil {
          throw UsageError(
            message: "missing expected argument '<text>': give the item and its new text")
        }
      }
    ) { session, arguments in
      let id = try await session.items(named: [arguments[item] ?? ""])[0]
      let named = arguments[text] ?? ""
      let renamed = try await session.deviceWrite { try await $0.renameItem(id, to: named) }
      try await ListOutput.items([renamed], did: .edited, session: &session)
    }
  }()

  static let listClear: CommandSpec = {
    let items = itemsArgument()
    let got = Flag("got", help: "Every got item.")
    return CommandSpec(
      path: ["list", "clear"], abstract: "Take items off the list for good.",
      arguments: [items], options: [got],
      examples: ["teammate list clear --got", "teammate list clear bread"],
      validate: { arguments throws(UsageError) in
        guard arguments.all(items).isEmpty == arguments[got] else {
          throw UsageError(message: "give the items to clear, or --got for every got item")
        }
      }
    ) { session, arguments in
      let cleared: [ShoppingItem]
      if arguments[got] {
        cleared = try await session.deviceWrite { try await $0.clearGotItems() }
      } else {
        let ids = try await session.items(named: arguments.all(items))
        cleared = try await session.deviceWrite { try await $0.clearItems(ids) }
      }
      try await ListOutput.items(cleared, did: .cleared, session: &session)
    }
  }()

  static let listFromMeal: CommandSpec = {
    let slot = slotArgument("The decided meal: breakfast, lunch or dinner.")
    let day = dayOption()
    return CommandSpec(
      path: ["list", "from-meal"],
      abstract: "Put the ingredients of a decided meal's dish on the list; again adds nothing.",
      arguments: [slot], options: [day],
      examples: ["teammate list from-meal dinner", "teammate list from-meal lunch --day tomorrow"]
    ) { session, arguments in
      let meal = try await session.plannedMeal(arguments, slot: slot, day: day)
      let added = try await session.deviceWrite { try await $0.addItemsFromMeal(meal.id) }
      try await ListOutput.items(added, did: .added, session: &session)
    }
  }()
}

extension Session {
  /// The list's items as this device shows them, cleared ones included.
  mutating func visibleItems() async throws -> [ShoppingItem] {
    _ = try await household()
    return try await shownDevice().list(includingCleared: true)
  }

  /// The items `names` name: each the one item whose id starts with it, or the one not
  /// cleared (or, with `got`, the one got) whose text it is, as texts fold.
  mutating func items(named names: [String], got: Bool = false) async throws -> [ItemID] {
    do {
      return try Self.items(
        named: names, got: got, among: try await visibleItems(), in: language)
    } catch CLIError.notFound where !offline {
      // NB: online, a name this device does not know may be the partner's newest item
      // (AC-LIST-16): the device pulls, and the names are looked up again.
      _ = try await syncDevice()
      return try Self.items(
        named: names, got: got, among: try await visibleItems(), in: language)
    }
  }

  /// The items `names` name among `items`, or which name is missing or names several.
  private static func items(
    named names: [String], got: Bool, among items: [ShoppingItem], in language: Language
  ) throws -> [ItemID] {
    let words = ListWords(language: language)
    return try names.map { name in
      let typed = name.trimmingCharacters(in: .whitespaces)
      if let exact = items.first(where: { $0.id.rawValue == typed }) { return exact.id }
      let key = ItemTextKind.key(of: typed)
      let byText = items.filter { item in
        guard item.text.key == key else { return false }
        return got ? !item.isNeeded && !item.isCleared : !item.isCleared
      }
      let byID =
        typed.isEmpty ? [] : items.filter { $0.id.rawValue.hasPrefix(typed.lowercased()) }
      // NB: a needed item is the one a text means when a got one has it too.
      let needed = byText.filter(\.isNeeded)
      let matches = needed.count == 1 ? needed : byText.isEmpty ? byID : byText
      switch matches.count {
      case 1: return matches[0].id
      case 0:
        throw CLIError.notFound(words.noItem(TerminalText.visible(typed)))
      default:
        let ids = matches.map(\.id.rawValue)
        throw CLIError.notFound(
          words.severalItems(TerminalText.visible(typed), ids: ids))
      }
    }
  }
}

/// What the list commands print.
enum ListOutput {
  /// The items a write left, or `{"items": […]}`.
  static func items(_ items: [ShoppingItem], did act: ListAct, session: inout Session)
    async throws
  {
    if session.json {
      let times = await session.times()
      return session.writeJSON(
        .object(["items": .array(items.map { JSONDocuments.item($0, times: times) })]))
    }
    let words = ListWords(language: session.language)
    guard !items.isEmpty else { return session.write(words.nothingChanged + "\n") }
    var text = words.done(act, offline: session.offline) + "\n"
    for item in items { text += "  " + line(item) + "\n" }
    session.write(text)
  }

  /// The whole list: needed first, then got, then cleared (when asked for), with the
  /// partner's news since it was last seen.
  static func list(
    _ items: [ShoppingItem], news: [PartnerNews], walking: (String, [ItemCategory])? = nil,
    session: inout Session
  ) async throws {
    let times = await session.times()
    if session.json {
      return session.writeJSON(
        .object([
          "items": .array(items.map { JSONDocuments.item($0, times: times) }),
          "news": .array(news.map { JSONDocuments.news($0, times: times) }),
        ]))
    }
    var text = ""
    for entry in news {
      let name = await session.name(entry.actor)
      text += SyncText.line(entry, name: name, in: session.language) + "\n"
    }
    if !news.isEmpty { text += "\n" }
    guard !items.isEmpty else {
      return session.write(text + ListWords(language: session.language).empty + "\n")
    }
    let words = ListWords(language: session.language)
    for (kind, part) in [
      (ListPart.needed, items.filter(\.isNeeded)),
      (.got, items.filter { !$0.isNeeded && !$0.isCleared }), (.cleared, items.filter(\.isCleared)),
    ] where !part.isEmpty {
      let needed = kind == .needed
      text += words.heading(kind, shop: needed ? walking?.0 : nil) + "\n"
      // NB: what is needed is walked aisle by aisle (AC-CLI-98), in the order of the shop the
      // person is in (AC-CLI-99); the rest is a record.
      let order = walking?.1 ?? ItemCategory.standardOrder
      let aisles: [(ItemCategory?, [ShoppingItem])] =
        needed
        ? ShoppingRules.byCategory(part, order: order).map { ($0, $1) } : [(nil, part)]
      for (category, inAisle) in aisles {
        let indent = category == nil ? "  " : "    "
        if let category { text += "  " + words.aisle(category) + "\n" }
        for item in inAisle {
          let adder = await session.name(item.addedBy)
          let by: AccountID? =
            switch item.state {
            case .needed: nil
            case .got(let by, _), .cleared(let by, _): by
            }
          let named = by == nil ? "" : await session.name(by ?? item.addedBy)
          let who = words.who(item.state, addedBy: adder) { _ in named }
          text +=
            indent + "\(line(item))" + words.whose(who) + "\n"
        }
      }
    }
    session.write(text)
  }

  /// `m2kk2222  milk · 2 litres`.
  static func line(_ item: ShoppingItem) -> String {
    "\(item.id)  \(TerminalText.visible(item.text.text))"
      + (item.note.map { " · " + TerminalText.visible($0) } ?? "")
  }
}
