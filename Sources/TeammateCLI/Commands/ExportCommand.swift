import Foundation
import TeammateKit

extension Commands {
  static let export: CommandSpec = {
    let ics = Flag("ics", help: "As iCalendar (RFC 5545), which calendar programs open.")
    let output = Option<String>(
      "output", value: "file", help: "Write it to this file instead of stdout.")
    @Sendable func validate(_ arguments: ParsedArguments) throws(UsageError) {
      guard arguments[ics] else {
        throw UsageError(message: "say which format to export: --ics (iCalendar)")
      }
    }
    return CommandSpec(
      path: ["export"],
      abstract: "Export the household's events and tasks, repeats included, as iCalendar.",
      discussion:
        "Each card keeps its UID from one export to the next, so importing again updates the "
        + "calendar instead of doubling it.",
      options: [ics, output], store: .readOnly,
      examples: ["teammate export --ics --output home.ics", "teammate export --ics > home.ics"],
      validate: validate
    ) { session, arguments in
      if session.json, arguments[output] == nil {
        throw UsageError(
          message: "--json needs --output: without it the calendar itself is what is printed")
      }
      let household = try await session.visibleHousehold()
      let cards = try await session.visibleCards()
      let calendar = ICalendar.document(household: household, cards: cards)
      guard let path = arguments[output] else { return session.writeDocument(calendar) }
      do {
        try Data(calendar.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      } catch {
        throw CLIError.cannotWrite(path, reason: error.localizedDescription)
      }
      let exported = ICalendar.exported(cards, household: household)
      let tasks = exported.filter { $0.kind == .task }.count
      let events = exported.count - tasks
      if session.json {
        return session.writeJSON(
          .object(["output": .string(path), "events": .int(events), "tasks": .int(tasks)]))
      }
      session.write("Wrote \(events) event(s) and \(tasks) task(s) to \(path).\n")
    }
  }()
}
