import Foundation
import TeammateKit

/// `household move`: a household taken whole to another store, each device following it
/// (AC-PORT-15).
extension Commands {
  static let householdMove: CommandSpec = {
    let to = Option<String>(
      "to", value: "store",
      help: "Where it moves: a SQLite file, or a PostgreSQL server's service URL.",
      required: true)
    return CommandSpec(
      path: ["household", "move"],
      abstract: "Move your household to another store; each device follows it on its next sync.",
      discussion:
        "What waits in this device's outbox is sent first; then the household is exported, "
        + "imported into the store it moves to (a server's with its service URL, as its "
        + "operator) and marked moved here, so that every device asks there from then on; "
        + "only that mark stays here. Every member's device kept in this file goes with it. A "
        + "device opened on that store with what it kept arrives at its next sync: nothing it "
        + "was told is news again, and its waiting writes are sent there once. A move cut short "
        + "is made again by moving to the same place.",
      options: [to],
      examples: [
        "teammate --store home.sqlite household move --to ~/new.sqlite",
        "teammate --store home.sqlite household move --to 'postgresql:///teammate?host=/run/postgresql'",
      ], needsNetwork: true
    ) { session, arguments in
      let (target, location) = try session.storeToMoveTo(arguments.value(to))
      let household: Household
      do {
        household = try await session.deviceWrite {
          try await $0.moveHousehold(to: target, location: location)
        }
      } catch HouseholdDocumentError.householdAlreadyHere {
        // NB: the household is not there yet, so the copy there is one it moved past.
        throw CLIError.staleCopy(TerminalText.visible(location))
      }
      try await session.handOver(to: location, everyMember: true)
      if session.json {
        return session.writeJSON(
          .object(["household": .string(household.id.rawValue), "to": .string(location)]))
      }
      session.write(
        ExportWords(language: session.language).moved(
          TerminalText.visible(household.name), to: location) + "\n")
    }
  }()
}
