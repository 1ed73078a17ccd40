import Foundation
import TeammateKit
import TeammatePostgres

/// A `postgresql://` store's address, as the tool shows it: never with its password.
enum ServerURL {
  static func isServer(_ store: String) -> Bool {
    store.hasPrefix("postgresql://") || store.hasPrefix("postgres://")
  }

  /// Where a server is, with no credential in it: its host, port, database and options,
  /// never a user, a password or a password file (AC-PORT-23). What a move records, and what
  /// every member's device is told: each reaches it with its own account's URL.
  static func place(_ url: String) -> String {
    guard var components = URLComponents(string: url) else { return "postgresql://…" }
    components.user = nil
    components.password = nil
    let items = (components.percentEncodedQueryItems ?? []).filter {
      !["user", "password", "passfile"].contains($0.name)
    }
    components.percentEncodedQueryItems = items.isEmpty ? nil : items
    return TerminalText.visible(components.string ?? "postgresql://…")
  }

  /// `postgresql://alice:***@db.example/teammate`: the password, in the user part or as a
  /// `password=` option, replaced.
  static func masked(_ url: String) -> String {
    guard var components = URLComponents(string: url) else { return "postgresql://…" }
    if components.password != nil { components.password = "***" }
    components.queryItems = components.queryItems?.map { item in
      item.name == "password" ? URLQueryItem(name: item.name, value: "***") : item
    }
    return TerminalText.visible(components.string ?? "postgresql://…")
  }
}

/// The server named by `--store` cannot be used: it does not answer, refuses the sign-in, or
/// holds something that is not a Teammate store.
struct ServerError: Error, ReportedError {
  let url: String
  let reason: String

  var kind: FailureKind { .store }
  var description: String {
    "the store at \(ServerURL.masked(url)) cannot be used: \(TerminalText.visible(oneLine))"
  }

  /// The server's words on one line: libpq breaks its messages with newlines and tabs.
  var oneLine: String {
    reason.split(whereSeparator: { $0.isNewline || $0 == "\t" })
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }
  var hint: String? {
    "check that the server runs and the URL is right; with --offline, writes wait in this "
      + "device's outbox"
  }
}

extension PostgresError: ReportedError {
  var kind: FailureKind { .store }
  var hint: String? {
    isUnanswered
      ? "try again later; with --offline, writes wait in this device's outbox"
      : "the server stopped answering or refused; nothing was changed"
  }
}

/// The store when this device is offline: every call fails as a network that is not there,
/// so that nothing waits on a server that may be down.
struct Unreachable: TeammateBackend {

  func householdID(of account: AccountID, as actor: AccountID) throws -> HouseholdID? {
    throw TeammateError.unavailable
  }
  func linkCredential(_ credential: Credential, as actor: AccountID) throws {
    throw TeammateError.unavailable
  }
  func createHousehold(name: String, timeZone: String, displayName: String, as actor: AccountID)
    throws -> HouseholdCreation
  { throw TeammateError.unavailable }
  func household(_ id: HouseholdID, as actor: AccountID) throws -> Household {
    throw TeammateError.unavailable
  }
  func leaveHousehold(_ id: HouseholdID, deletingHousehold: Bool, as actor: AccountID) throws {
    throw TeammateError.unavailable
  }
  func eraseAccount(deletingHousehold: Bool, as actor: AccountID) throws {
    throw TeammateError.unavailable
  }
  func issueInvite(for household: HouseholdID, as actor: AccountID) throws -> Invite {
    throw TeammateError.unavailable
  }
  func liveInvite(for household: HouseholdID, as actor: AccountID) throws -> Invite? {
    throw TeammateError.unavailable
  }
  func invite(code: String, as actor: AccountID) throws -> Invite {
    throw TeammateError.unavailable
  }
  func join(code: String, displayName: String, as actor: AccountID) throws -> Household {
    throw TeammateError.unavailable
  }
  func cards(in household: HouseholdID, as actor: AccountID) throws -> [Card] {
    throw TeammateError.unavailable
  }
  func submit(_ entry: OutboxEntry, as actor: AccountID) throws -> WriteOutcome {
    throw TeammateError.unavailable
  }
  func receipt(for write: WriteID, in household: HouseholdID, as actor: AccountID) throws
    -> WriteOutcome?
  {
    throw TeammateError.unavailable
  }
  func changes(in household: HouseholdID, after cursor: Int64, limit: Int, as actor: AccountID)
    throws -> [Change]
  { throw TeammateError.unavailable }
}
