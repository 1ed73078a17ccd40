import Foundation
import TeammateKit

extension Commands {
  static let export: CommandSpec = {
    let ics = Flag("ics", help: "As iCalendar (RFC 5545), which calendar programs open.")
    let household = Flag(
      "household", help: "The whole household as one document, which 'teammate import' reads.",
      conflicts: [ics])
    let output = Option<String>(
      "output", value: "file", help: "Write it to this file instead of stdout.")
    @Sendable func validate(_ arguments: ParsedArguments) throws(UsageError) {
      guard arguments[ics] || arguments[household] else {
        throw UsageError(
          message: "say which format to export: --ics (iCalendar) or --household (everything)")
      }
    }
    return CommandSpec(
      path: ["export"],
      abstract: "Export the household: its events and tasks as iCalendar, or all of it.",
      discussion:
        "With --ics each card keeps its UID from one export to the next, so importing again "
        + "updates the calendar instead of doubling it. With --household the document holds "
        + "the household, its cards, list and feed, and no secret (docs/household-format.md); "
        + "what waits in the outbox is sent first.",
      options: [ics, household, output], store: .readOnlyUnless([household]),
      examples: [
        "teammate export --ics --output home.ics", "teammate export --ics > home.ics",
        "teammate export --household --output home.json",
      ],
      validate: validate
    ) { session, arguments in
      if session.json, arguments[output] == nil {
        throw UsageError(
          message: "--json needs --output: without it the export itself is what is printed")
      }
      if arguments[household] {
        return try await exportHousehold(to: arguments[output], session: &session)
      }
      let household = try await session.visibleHousehold()
      let cards = try await session.visibleCards()
      let calendar = ICalendar.document(household: household, cards: cards)
      guard let path = arguments[output] else { return session.writeDocument(calendar) }
      try write(Data(calendar.utf8), to: path)
      let exported = ICalendar.exported(cards, household: household)
      let tasks = exported.filter { $0.kind == .task }.count
      let events = exported.count - tasks
      if session.json {
        return session.writeJSON(
          .object(["output": .string(path), "events": .int(events), "tasks": .int(tasks)]))
      }
      session.write(
        ExportWords(language: session.language).calendar(
          events: events, tasks: tasks, path: path) + "\n")
    }
  }()

  /// `export --household`: the document to `path`, or to stdout.
  private static func exportHousehold(to path: String?, session: inout Session) async throws {
    _ = try await session.household()
    let document = try await session.deviceWrite { try await $0.exportHousehold() }
    let bytes = try document.encoded() + Data("\n".utf8)
    guard let path else { return session.writeDocument(String(decoding: bytes, as: UTF8.self)) }
    try write(bytes, to: path)
    if session.json {
      return session.writeJSON(
        .object([
          "output": .string(path), "cards": .int(document.cards.count),
          "items": .int(document.items.count), "changes": .int(document.feed.count),
        ]))
    }
    session.write(
      ExportWords(language: session.language).household(
        TerminalText.visible(document.household.name), path: path,
        cards: document.cards.count, items: document.items.count,
        changes: document.feed.count) + "\n")
  }

  /// `bytes` written whole to `path`, or an error that names it.
  static func write(_ bytes: Data, to path: String) throws {
    do {
      try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CLIError.cannotWrite(path, reason: error.localizedDescription)
    }
  }

  static let importHousehold: CommandSpec = {
    let file = Argument<String>("file", help: "A document 'teammate export --household' wrote.")
    return CommandSpec(
      path: ["import"],
      abstract: "Make a household from an exported document, in a store that does not hold it.",
      discussion:
        "The household arrives whole: its ids, members, cards, who knows what, its list and "
        + "its feed. You must be one of its members; a store that holds it already, or where a "
        + "member is in another household, is refused and left as it was.",
      arguments: [file], store: .create,
      examples: ["teammate --store ~/new.sqlite --as alice import home.json"]
    ) { session, arguments in
      let path = arguments[file] ?? ""
      let bytes: Data
      do {
        bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw CLIError.notFound(
          ExportWords(language: session.language).unreadable(
            path, reason: error.localizedDescription))
      }
      let document = try HouseholdDocument(decoding: bytes)
      let household = try await session.deviceWrite { try await $0.importHousehold(document) }
      if session.json {
        return session.writeJSON(
          .object([
            "household": .string(household.id.rawValue), "cards": .int(document.cards.count),
            "items": .int(document.items.count), "changes": .int(document.feed.count),
          ]))
      }
      session.write(
        ExportWords(language: session.language).imported(
          TerminalText.visible(household.name),
          members: household.members.map { TerminalText.visible($0.displayName) },
          cards: document.cards.count, items: document.items.count,
          changes: document.feed.count) + "\n")
    }
  }()
}
