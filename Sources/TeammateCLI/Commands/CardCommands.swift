import Foundation
import TeammateKit

extension Commands {
  static let cardAdd = CommandSpec(
    path: ["card", "add"],
    abstract: "Log a card: something you did, a task, an event or a topic to talk about.",
    arguments: [ArgumentSpec(name: "title", help: "What it is, in a line.")],
    options: [
      OptionSpec(name: "kind", value: "kind", help: "note, task, event or topic (default: note)."),
      OptionSpec(name: "at", value: "time", help: "When the event happens or the task is due."),
      OptionSpec(
        name: "assignee", value: "who", help: "me, partner, both or a uid (default: both)."),
      OptionSpec(name: "reply-by", value: "time", help: "When a topic needs its reply."),
      OptionSpec(name: "note", value: "text", help: "More detail."),
    ],
    examples: [
      "teammate card add \"Bought diapers\" --note \"the big pack\"",
      "teammate card add Checkup --kind event --at \"tomorrow 9:30\"",
      "teammate card add Trash --kind task --at 19:00 --assignee partner",
    ]
  ) { session, arguments in
    // NB: an account and a household first, so that their absence is what the user hears.
    _ = try session.account()
    _ = try await session.household()
    var draft = CardDraft(
      kind: try arguments.option("kind").map { try Words.kind($0) } ?? .note,
      title: arguments.argument("title") ?? "", note: arguments.option("note"))
    if let at = arguments.option("at") {
      let time = try await session.time(at)
      draft.time = time
      // NB: logging something that already happened is fine; a typo in the date is likelier.
      if time < session.now {
        let times = await session.times()
        session.warn("\(times.human(time)) is in the past; the card was logged all the same")
      }
    }
    if let replyBy = arguments.option("reply-by") {
      draft.replyBy = try await session.time(replyBy)
    }
    if let who = arguments.option("assignee") { draft.assignee = try await session.assignee(who) }
    let card = try await session.deviceWrite { try await $0.addCard(draft) }
    try await show(card, verb: "Logged", session: &session)
  }

  static let cardEdit = CommandSpec(
    path: ["card", "edit"],
    abstract: "Change a card. A new title, time or assignee means your partner must know it again.",
    arguments: [ArgumentSpec(name: "id", help: "The card's id, or a unique start of it.")],
    options: [
      OptionSpec(name: "title", value: "title", help: "A new title."),
      OptionSpec(name: "at", value: "time", help: "A new time."),
      OptionSpec(name: "clear-time", help: "Remove the time."),
      OptionSpec(name: "assignee", value: "who", help: "me, partner, both or a uid."),
      OptionSpec(name: "note", value: "text", help: "A new note."),
      OptionSpec(name: "clear-note", help: "Remove the note."),
      OptionSpec(name: "reply-by", value: "time", help: "A new reply-by time (topics)."),
      OptionSpec(name: "clear-reply-by", help: "Remove the reply-by time."),
    ],
    examples: [
      "teammate card edit k3f9 --at \"tomorrow 10:00\"",
      "teammate card edit k3f9 --note \"bring the booklet\"",
    ]
  ) { session, arguments in
    _ = try session.account()
    let id = try await session.card(named: arguments.argument("id") ?? "").id
    var edit = CardEdit()
    if let title = arguments.option("title") { edit.title = .set(title) }
    if let at = arguments.option("at") { edit.time = .set(try await session.time(at)) }
    if arguments.flag("clear-time") { edit.time = .set(nil) }
    if let who = arguments.option("assignee") {
      edit.assignee = .set(try await session.assignee(who))
    }
    if let note = arguments.option("note") { edit.note = .set(note) }
    if arguments.flag("clear-note") { edit.note = .set(nil) }
    if let replyBy = arguments.option("reply-by") {
      edit.replyBy = .set(try await session.time(replyBy))
    }
    if arguments.flag("clear-reply-by") { edit.replyBy = .set(nil) }
    guard edit != CardEdit() else {
      throw CLIError.nothingToDo(
        "nothing to change: give --title, --at, --assignee, --note or --reply-by (or a --clear- option)"
      )
    }
    let outcome = try await session.deviceWrite { try await $0.editCard(id, edit) }
    let verb =
      !outcome.changed
      ? "Unchanged"
      : outcome.needsKnowingAgain ? "Changed (your partner must know it again)" : "Changed"
    try await show(outcome.card, verb: verb, session: &session)
  }

  static let cardShow = CommandSpec(
    path: ["card", "show"], abstract: "Show one card in full.",
    arguments: [ArgumentSpec(name: "id", help: "The card's id, or a unique start of it.")],
    store: .readOnly
  ) { session, arguments in
    let card = try await session.card(named: arguments.argument("id") ?? "")
    try await show(card, verb: nil, session: &session)
  }

  static let cardList = CommandSpec(
    path: ["card", "list"], abstract: "List the household's cards, oldest first.",
    options: [
      OptionSpec(name: "kind", value: "kind", help: "Only cards of this kind."),
      OptionSpec(name: "pending", help: "Only cards waiting for you to know them."),
      OptionSpec(name: "open", help: "Leave out tasks that are done."),
      OptionSpec(name: "done", help: "Only tasks that are done."),
      OptionSpec(name: "assignee", value: "who", help: "me, partner, both or a uid."),
      OptionSpec(name: "due-before", value: "time", help: "Only cards whose time comes before."),
      OptionSpec(name: "search", value: "text", help: "Only cards whose title or note has it."),
      OptionSpec(name: "sort", value: "order", help: "created (default) or due."),
    ],
    store: .readOnly,
    examples: [
      "teammate card list --open --sort due",
      "teammate card list --assignee me --due-before \"in 2d\"",
    ]
  ) { session, arguments in
    let uid = try session.account()
    let household = try await session.household()
    var filter = CardFilter()
    var said: [String] = []
    if let text = arguments.option("kind") {
      filter.kind = try Words.kind(text)
      said.append("kind \(text.lowercased())")
    }
    if arguments.flag("pending") {
      filter.pendingFor = uid
      said.append("pending")
    }
    switch (arguments.flag("open"), arguments.flag("done")) {
    case (true, true): throw CLIError.nothingToDo("give --open or --done, not both")
    case (true, false):
      filter.completion = .open
      said.append("open")
    case (false, true):
      filter.completion = .done
      said.append("done")
    case (false, false): break
    }
    if let who = arguments.option("assignee") {
      filter.assignee = try await session.assignee(who).map { .account($0) } ?? .both
      said.append("assigned to \(who)")
    }
    if let text = arguments.option("due-before") {
      filter.dueBefore = try await session.time(text)
      said.append("due before \(text)")
    }
    if let text = arguments.option("search") {
      filter.search = text
      said.append("containing '\(text)'")
    }
    if let text = arguments.option("sort") {
      guard let order = CardFilter.Order(rawValue: text.lowercased()) else {
        throw CLIError.invalidValue(option: "sort", value: text, expected: "created or due")
      }
      filter.order = order
    }
    let all = try await session.store().cards(in: household.id, as: uid)
    let cards = filter.apply(to: all)
    let listed = CardRules.listed(all).count
    let empty =
      listed > 0 && filter.narrows
      ? "No cards match (\(said.joined(separator: ", "))); \(listed) card(s) in all."
      : "No cards yet. Log one with 'teammate card add TITLE'."
    try await list(cards, session: &session, empty: empty)
  }

  static let cardDone = CommandSpec(
    path: ["card", "done"], abstract: "Mark a task done (or, with --undo, not done).",
    arguments: [ArgumentSpec(name: "id", help: "The task's id, or a unique start of it.")],
    options: [OptionSpec(name: "undo", help: "Mark it not done.")]
  ) { session, arguments in
    _ = try session.account()
    let id = try await session.card(named: arguments.argument("id") ?? "").id
    let done = !arguments.flag("undo")
    let card = try await session.deviceWrite { try await $0.setDone(id, done: done) }
    try await show(card, verb: arguments.flag("undo") ? "Not done" : "Done", session: &session)
  }

  static let cardDelete = CommandSpec(
    path: ["card", "delete"], abstract: "Delete a card; both devices let go of it.",
    arguments: [ArgumentSpec(name: "id", help: "The card's id, or a unique start of it.")]
  ) { session, arguments in
    _ = try session.account()
    let id = try await session.card(named: arguments.argument("id") ?? "").id
    let card = try await session.deviceWrite { try await $0.deleteCard(id) }
    try await show(card, verb: "Deleted", session: &session)
  }

  static let cardRestore = CommandSpec(
    path: ["card", "restore"],
    abstract: "Bring back a deleted card; your partner must know it again.",
    arguments: [ArgumentSpec(name: "id", help: "The deleted card's id, or a unique start of it.")]
  ) { session, arguments in
    let id = try await session.card(named: arguments.argument("id") ?? "").id
    let card = try await session.deviceWrite { try await $0.restoreCard(id) }
    try await show(card, verb: "Restored", session: &session)
  }

  /// One card: JSON, or a short block for people.
  static func show(_ card: Card, verb: String?, session: inout Session) async throws {
    let uid = try session.account()
    let times = await session.times()
    if session.json {
      return session.writeJSON(
        .object(["card": JSONDocuments.card(card, viewer: uid, times: times)]))
    }
    var text = verb.map { "\($0): " } ?? ""
    text += "\(card.id)  \(card.kind.rawValue)  \(TerminalText.visible(card.title))\n"
    if let note = card.note { text += "  note:      \(TerminalText.visible(note))\n" }
    if let time = card.time { text += "  time:      \(times.human(time))\n" }
    if let replyBy = card.replyBy { text += "  reply by:  \(times.human(replyBy))\n" }
    text += "  for:       \(await card.assignee.asyncMap { await session.name($0) } ?? "both")\n"
    text +=
      "  by:        \(await session.name(card.lastEditedBy)), \(times.human(card.lastEditedAt)), revision \(card.revision)\n"
    text += "  status:    \(await status(card, session: &session))\n"
    session.write(text)
  }

  /// Cards as a table for people, or `{"cards": […]}`.
  static func list(_ cards: [Card], session: inout Session, empty: String) async throws {
    let uid = try session.account()
    let times = await session.times()
    if session.json {
      return session.writeJSONObject([:], array: "cards", count: cards.count) {
        JSONDocuments.write(cards[$0], viewer: uid, times: times, indent: 2, into: &$1)
      }
    }
    guard !cards.isEmpty else { return session.write(empty + "\n") }
    var table = Table(headers: ["ID", "KIND", "TITLE", "WHEN", "STATUS"], flexible: 2)
    for card in cards {
      let when = (card.time ?? card.replyBy).map { times.human($0) } ?? "-"
      table.rows.append([
        card.id.rawValue, card.kind.rawValue, card.title, when,
        await status(card, session: &session),
      ])
    }
    session.write(table)
  }

  /// Where the card stands for the acting account, in words.
  static func status(_ card: Card, session: inout Session) async -> String {
    guard let uid = try? session.account() else { return "" }
    var words: [String] = []
    for fact in CardStanding.of(card, for: uid) {
      switch fact {
      case .deleted: words.append("deleted")
      case .done: words.append("done")
      case .waitingForViewer:
        words.append(card.kind == .topic ? "waiting for your reply" : "waiting for you to know")
      case .knownByViewer: words.append("you know")
      case .knownBy(let knower): words.append("\(await session.name(knower)) knows")
      case .waitingForPartner: words.append("waiting for your partner")
      }
    }
    if CardFilter.isOverdue(card, now: session.now) { words.insert("overdue", at: 0) }
    return words.joined(separator: ", ")
  }
}

extension Optional {
  /// `map` for an async transform.
  func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
    guard let value = self else { return nil }
    return try await transform(value)
  }
}
