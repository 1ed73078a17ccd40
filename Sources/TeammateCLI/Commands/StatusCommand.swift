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
    let words = StatusWords(language: session.language)
    session.write(
      words.label(.store) + "\(path) "
        + (exists
          ? words.store(kind: session.onServer ? "PostgreSQL" : "SQLite", schema: schema)
          : words.noStore(onServer: session.onServer)) + "\n")
    session.write(words.label(.account) + "\(uid)\n")
    guard let household else {
      return session.write(words.label(.household) + words.noHousehold + "\n")
    }
    session.write(
      words.label(.household) + "\(household.name) (\(household.id)), \(household.timeZone)\n")
    session.write(
      words.label(.partner)
        + (partner.map { "\($0.displayName) (\($0.uid))" } ?? words.noPartner) + "\n")
    session.write(words.label(.pending) + "\(pending ?? 0)\n")
    session.write(words.label(.outbox) + words.outbox(outbox) + "\n")
  }
}

extension Commands {
  static let whoami = CommandSpec(
    path: ["whoami"], abstract: "The same as 'teammate status'.", store: .readOnly,
    run: status.run)
}
