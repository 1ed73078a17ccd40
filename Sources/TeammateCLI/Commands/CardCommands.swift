import Foundation
import TeammateKit

extension Commands {
  static let cardAdd: CommandSpec = {
    let title = Argument<String>("title", help: "What it is, in a line.")
    let kind = Option(
      "kind", value: "kind", help: "note, task, event or topic.", default: CardKind.note,
      defaultText: CardKind.note.rawValue, parse: Values.kind("kind"))
    let at = Option(
      "at", value: "time", help: "When the event happens or the task is due.", parse: Values.time)
    let assignee = Option(
      "assignee", value: "who", help: "me, partner, both or a uid.", default: AssigneeChoice.both,
      defaultText: AssigneeChoice.both.description, parse: Values.assignee)
    let replyBy = Option(
      "reply-by", value: "time", help: "When a topic needs its reply.", parse: Values.time)
    let note = Option<String>("note", value: "text", help: "More detail.")
    let repeats = RepeatOptions()
    @Sendable func validate(_ arguments: ParsedArguments) throws(UsageError) {
      try repeats.validate(arguments)
      if case .none? = arguments[repeats.every] {
        throw UsageError(
          message: "--every none is for 'card edit': a new card simply omits --every")
      }
    }
    return CommandSpec(
      path: ["card", "add"],
      abstract: "Log a card: something you did, a task, an event or a topic to talk about.",
      arguments: [title], options: [kind, at, assignee, replyBy, note] + repeats.keys,
      examples: [
        "teammate card add \"Bought diapers\" --note \"the big pack\"",
        "teammate card add Checkup --kind event --at \"tomorrow 9:30\"",
        "teammate card add Trash --kind task --at 19:00 --every \"week on tue,fri\"",
        "teammate card add Rent --kind task --at \"2026-12-01 09:00\" --every \"month on 1\" --times 12",
      ],
      validate: validate
    ) { session, arguments in
      // NB: an account and a household first, so that their absence is what the user hears.
      _ = try session.account()
      _ = try await session.household()
      var draft = CardDraft(
        kind: arguments.value(kind), title: arguments[title] ?? "", note: arguments[note])
      if let input = arguments[at] {
        let time = try await session.time(input)
        draft.time = time
        // NB: logging something that already happened is fine; a typo in the date is likelier.
        if time < session.now {
          let times = await session.times()
          session.warn(CardWords(language: session.language).past(times.human(time)))
        }
      }
      if let input = arguments[replyBy] { draft.replyBy = try await session.time(input) }
      if case .rule(let rule)? = try await repeats.choice(arguments, session: &session) {
        draft.repeatRule = rule
        // NB: "every Tue and Fri" begins on a Tuesday or a Friday, whatever day --at named;
        // the card shown says when (AC-CLI-82).
        if let time = draft.time {
          draft.time = rule.firstOccurrence(atOrAfter: time, in: await session.timeZone())
        }
      }
      draft.assignee = try await session.assignee(arguments.value(assignee))
      let card = try await session.deviceWrite { try await $0.addCard(draft) }
      try await show(card, verb: "Logged", session: &session)
    }
  }()

  static let cardEdit: CommandSpec = {
    let id = Argument<String>("id", help: "The card's id, or a unique start of it.")
    let title = Option<String>("title", value: "title", help: "A new title.")
    let clearTime = Flag("clear-time", help: "Remove the time.")
    let at = Option(
      "at", value: "time", help: "A new time.", conflicts: [clearTime], parse: Values.time)
    let assignee = Option(
      "assignee", value: "who", help: "me, partner, both or a uid.", parse: Values.assignee)
    let clearNote = Flag("clear-note", help: "Remove the note.")
    let note = Option<String>("note", value: "text", help: "A new note.", conflicts: [clearNote])
    let clearReplyBy = Flag("clear-reply-by", help: "Remove the reply-by time.")
    let replyBy = Option(
      "reply-by", value: "time", help: "A new reply-by time (topics).", conflicts: [clearReplyBy],
      parse: Values.time)
    let repeats = RepeatOptions()
    let changes: [any OptionKey] =
      [title, at, clearTime, assignee, note, clearNote, replyBy, clearReplyBy] + repeats.keys
    @Sendable func validate(_ arguments: ParsedArguments) throws(UsageError) {
      guard changes.contains(where: { arguments.given($0.spec.name) }) else {
        throw UsageError(
          message:
            "nothing to change: give --title, --at, --assignee, --note, --reply-by or --every "
            + "(or a --clear- option)")
      }
      try repeats.validate(arguments)
    }
    return CommandSpec(
      path: ["card", "edit"],
      abstract:
        "Change a card. A new title, time, assignee or repeat means your partner must know it "
        + "again.",
      arguments: [id], options: changes,
      examples: [
        "teammate card edit k3f9 --at \"tomorrow 10:00\"",
        "teammate card edit k3f9 --note \"bring the booklet\"",
        "teammate card edit k3f9 --every \"2 weeks on sat\"",
        "teammate card edit k3f9 --every none",
      ],
      validate: validate
    ) { session, arguments in
      _ = try session.account()
      let cardID = try await session.card(named: arguments[id] ?? "").id
      var edit = CardEdit()
      if let text = arguments[title] { edit.title = .set(text) }
      if let input = arguments[at] { edit.time = .set(try await session.time(input)) }
      if arguments[clearTime] { edit.time = .set(nil) }
      if let who = arguments[assignee] { edit.assignee = .set(try await session.assignee(who)) }
      if let text = arguments[note] { edit.note = .set(text) }
      if arguments[clearNote] { edit.note = .set(nil) }
      if let input = arguments[replyBy] { edit.replyBy = .set(try await session.time(input)) }
      if arguments[clearReplyBy] { edit.replyBy = .set(nil) }
      switch try await repeats.choice(arguments, session: &session) {
      case .rule(let rule)?: edit.repeatRule = .set(rule)
      case .none?: edit.repeatRule = .set(nil)
      case nil: break
      }
      let wanted = edit
      let outcome = try await session.deviceWrite { try await $0.editCard(cardID, wanted) }
      let verb =
        !outcome.changed
        ? "Unchanged"
        : outcome.needsKnowingAgain ? "Changed (your partner must know it again)" : "Changed"
      try await show(outcome.card, verb: verb, session: &session)
    }
  }()

  static let cardShow: CommandSpec = {
    let id = Argument<String>("id", help: "The card's id, or a unique start of it.")
    return CommandSpec(
      path: ["card", "show"], abstract: "Show one card in full.", arguments: [id],
      store: .readOnly
    ) { session, arguments in
      let card = try await session.card(named: arguments[id] ?? "")
      try await show(card, verb: nil, session: &session)
    }
  }()

  static let cardList: CommandSpec = {
    let kind = Option(
      "kind", value: "kind", help: "Only cards of this kind.", parse: Values.kind("kind"))
    let pending = Flag("pending", help: "Only cards waiting for you to know them.")
    let done = Flag("done", help: "Only tasks that are done.")
    let open = Flag("open", help: "Leave out tasks that are done.", conflicts: [done])
    let assignee = Option(
      "assignee", value: "who", help: "me, partner, both or a uid.", parse: Values.assignee)
    let dueBefore = Option(
      "due-before", value: "time", help: "Only cards whose time comes before.",
      parse: Values.time)
    let search = Option<String>(
      "search", value: "text", help: "Only cards whose title or note has it.")
    let sort = Option(
      "sort", value: "order", help: "created or due.", default: CardFilter.Order.created,
      defaultText: CardFilter.Order.created.rawValue, parse: Values.order)
    return CommandSpec(
      path: ["card", "list"], abstract: "List the household's cards, oldest first.",
      options: [kind, pending, open, done, assignee, dueBefore, search, sort],
      store: .readOnly,
      examples: [
        "teammate card list --open --sort due",
        "teammate card list --assignee me --due-before \"in 2d\"",
      ]
    ) { session, arguments in
      let uid = try session.account()
      _ = try await session.household()
      var filter = CardFilter()
      var said: [String] = []
      let words = CardWords(language: session.language)
      if let chosen = arguments[kind] {
        filter.kind = chosen
        said.append(words.filter(.kind(words.kind(chosen))))
      }
      if arguments[pending] {
        filter.pendingFor = uid
        said.append(words.filter(.pending))
      }
      if arguments[open] {
        filter.completion = .open
        said.append(words.filter(.open))
      }
      if arguments[done] {
        filter.completion = .done
        said.append(words.filter(.done))
      }
      if let who = arguments[assignee] {
        filter.assignee = try await session.assignee(who).map { .account($0) } ?? .both
        said.append(words.filter(.assignedTo("\(who)")))
      }
      if let input = arguments[dueBefore] {
        filter.dueBefore = try await session.time(input)
        said.append(words.filter(.dueBefore(input.text)))
      }
      if let text = arguments[search] {
        filter.search = text
        said.append(words.filter(.containing(text)))
      }
      filter.order = arguments.value(sort)
      filter.now = CardFilter.Moment(session.now, in: await session.timeZone())
      let all = try await session.visibleCards()
      let cards = filter.apply(to: all)
      let listed = CardRules.listed(all).count
      let empty =
        listed > 0 && filter.narrows ? words.noneMatch(said, of: listed) : words.noCards
      try await list(cards, session: &session, empty: empty)
    }
  }()

  static let cardDone: CommandSpec = {
    let id = Argument<String>("id", help: "The task's id, or a unique start of it.")
    let undo = Flag("undo", help: "Mark it not done.")
    return CommandSpec(
      path: ["card", "done"], abstract: "Mark a task done (or, with --undo, not done).",
      arguments: [id], options: [undo]
    ) { session, arguments in
      _ = try session.account()
      let cardID = try await session.card(named: arguments[id] ?? "").id
      let done = !arguments[undo]
      let card = try await session.deviceWrite { try await $0.setDone(cardID, done: done) }
      let verb =
        !done ? "Not done" : RepeatRules.isRunning(card) ? "Done, next one" : "Done"
      try await show(card, verb: verb, session: &session)
    }
  }()

  static let cardSkip: CommandSpec = {
    let id = Argument<String>("id", help: "The repeating card's id, or a unique start of it.")
    return CommandSpec(
      path: ["card", "skip"],
      abstract: "Move a repeating task or event on to its next occurrence without doing it.",
      discussion:
        "The next occurrence is the first after both the current one and now. Your partner "
        + "need not know it again: the rule moved it, not you.",
      arguments: [id], examples: ["teammate card skip k3f9"]
    ) { session, arguments in
      _ = try session.account()
      let cardID = try await session.card(named: arguments[id] ?? "").id
      let card = try await session.deviceWrite { try await $0.skip(cardID) }
      try await show(
        card, verb: RepeatRules.isRunning(card) ? "Skipped" : "Skipped (that was the last one)",
        session: &session)
    }
  }()

  static let cardDelete: CommandSpec = {
    let id = Argument<String>("id", help: "The card's id, or a unique start of it.")
    return CommandSpec(
      path: ["card", "delete"], abstract: "Delete a card; both devices let go of it.",
      arguments: [id]
    ) { session, arguments in
      _ = try session.account()
      let cardID = try await session.card(named: arguments[id] ?? "").id
      let card = try await session.deviceWrite { try await $0.deleteCard(cardID) }
      try await show(card, verb: "Deleted", session: &session)
    }
  }()

  static let cardRestore: CommandSpec = {
    let id = Argument<String>("id", help: "The deleted card's id, or a unique start of it.")
    return CommandSpec(
      path: ["card", "restore"],
      abstract: "Bring back a deleted card; your partner must know it again.",
      arguments: [id]
    ) { session, arguments in
      let cardID = try await session.card(named: arguments[id] ?? "").id
      let card = try await session.deviceWrite { try await $0.restoreCard(cardID) }
      try await show(card, verb: "Restored", session: &session)
    }
  }()

  /// One card: JSON, or a short block for people.
  static func show(_ card: Card, verb: String?, session: inout Session) async throws {
    let uid = try session.account()
    let times = await session.times()
    if session.json {
      return session.writeJSON(
        .object(["card": JSONDocuments.card(card, viewer: uid, times: times)]))
    }
    let words = CardWords(language: session.language)
    let chinese = session.language == .traditionalChinese
    // NB: offline, a write has been made on this device only: say that it waits.
    let waiting = session.offline && verb != nil ? session.language.waitsOffline : ""
    let said = verb.map { chinese ? CardWords.verbs[$0] ?? $0 : $0 }
    var text = said.map { "\($0)\(waiting)" + session.language.colon } ?? ""
    text += "\(card.id)  \(words.kind(card.kind))  \(words.title(of: card))\n"
    func line(_ label: String, _ value: String) { text += "  \(words.label(label))\(value)\n" }
    if let note = card.note { line("note", TerminalText.visible(note)) }
    // NB: a repeating card's time is where its series stands; its next occurrence says more.
    if let time = card.time, card.repeatRule == nil { line("time", times.human(time)) }
    if let rule = card.repeatRule {
      line(
        "repeats", RepeatText.words(rule, at: card.repeatStart, zone: times.zone, chinese: chinese))
      let next = RepeatText.next(of: card, times: times).map { times.human($0) }
      line("next", next ?? words.noneNext)
    }
    if let replyBy = card.replyBy { line("reply by", times.human(replyBy)) }
    line(
      "for", await card.assignee.asyncMap { await session.name($0) } ?? words.both)
    let editor = await session.name(card.lastEditedBy)
    line("by", words.edited(by: editor, at: times.human(card.lastEditedAt), card.revision))
    line("status", await status(card, session: &session))
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
    let words = CardWords(language: session.language)
    var table = Table(headers: words.headers, flexible: 2)
    for card in cards {
      var when = (card.time ?? card.replyBy).map { times.human($0) } ?? "-"
      if let rule = card.repeatRule {
        when =
          (RepeatText.next(of: card, times: times).map { times.human($0) } ?? words.ended)
          + words.comma
          + RepeatText.words(rule, at: card.repeatStart, zone: times.zone, chinese: times.chinese)
      }
      table.rows.append([
        card.id.rawValue, words.kind(card.kind), words.title(of: card), when,
        await status(card, session: &session),
      ])
    }
    session.write(table)
  }

  /// Where the card stands for the acting account, in words.
  static func status(_ card: Card, session: inout Session) async -> String {
    guard let uid = try? session.account() else { return "" }
    let said = CardWords(language: session.language)
    var words: [String] = []
    for fact in CardStanding.of(card, for: uid) {
      var knower = ""
      if case .knownBy(let account) = fact { knower = await session.name(account) }
      words.append(said.standing(fact, topic: card.kind == .topic, knower: knower))
    }
    if CardFilter.isOverdue(card, now: session.now) { words.insert(said.overdue, at: 0) }
    return words.joined(separator: said.separator)
  }
}

extension Optional {
  /// `map` for an async transform.
  func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
    guard let value = self else { return nil }
    return try await transform(value)
  }
}
