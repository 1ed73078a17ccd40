import Foundation
import TeammateKit

extension Commands {
  static let status = CommandSpec(
    path: ["status"],
    abstract: "Where you stand: the store, your account, your household and partner, the badge.",
    store: .readOnly
  ) { session, _ in
    let uid = try session.account()
    let path = session.onServer ? ServerURL.masked(session.storePath) : session.storePath
    let exists = session.storeExists()
    let kind = session.onServer ? "postgresql" : "sqlite"
    let schema = session.schemaVersion
    var household: Household?
    var pending: Int?
    if exists {
      do {
        household = try await session.household()
      } catch CLIError.noHousehold {
        household = nil
      }
    }
    var outbox = 0
    if household != nil {
      pending = AcknowledgementRules.badge(cards: try await session.visiblePending(), viewer: uid)
      outbox = try await session.outbox().count
    }
    let partner = household?.partner(of: uid)
    if session.json {
      let times = await session.times()
      return session.writeJSON(
        .object([
          "account": .string(uid.rawValue),
          "household": household.map { JSONDocuments.household($0, times: times) } ?? .null,
          "outbox": .int(outbox),
          "partner": partner.map { .string($0.uid.rawValue) } ?? .null,
          "pending": .int(pending),
          "store": .object([
            "exists": .bool(exists), "kind": .string(kind), "path": .string(path),
            "schema": exists ? .int(schema) : .null,
          ]),
        ]))
    }
    session.write(
      "store:      \(path) "
        + (exists
          ? "(\(session.onServer ? "PostgreSQL" : "SQLite"), schema \(schema))"
          : session.onServer ? "(cannot be reached)" : "(none yet)") + "\n")
    session.write("account:    \(uid)\n")
    guard let household else {
      return session.write(
        "household:  none: create one with 'teammate household create --name NAME' or join "
          + "one with 'teammate household join CODE'\n")
    }
    session.write("household:  \(household.name) (\(household.id)), \(household.timeZone)\n")
    session.write(
      "partner:    "
        + (partner.map { "\($0.displayName) (\($0.uid))" }
          ?? "none yet: invite one with 'teammate invite create'") + "\n")
    session.write("pending:    \(pending ?? 0)\n")
    session.write(
      "outbox:     "
        + (outbox == 0
          ? "empty"
          : "\(outbox) write(s) waiting: 'teammate sync' sends them, 'teammate outbox' lists them")
        + "\n")
  }
}

extension Commands {
  static let whoami = CommandSpec(
    path: ["whoami"], abstract: "The same as 'teammate status'.", store: .readOnly,
    run: status.run)
}
