import Foundation
import TeammateKit

/// A household arrives on a server by its operator (ADR 0021): the service writes every
/// member's rows, each membership in that member's name, so the policies that keep a role to
/// its own rows hold for the service too. A device's role imports nothing: `unavailable`.
extension PostgresBackend {
  public func importHousehold(_ document: HouseholdDocument, as actor: AccountID) throws {
    guard signedIn == nil else { throw TeammateError.unavailable }
    try transaction(as: actor, reading: false) { storage, _ in
      try storage.importHousehold(document, importer: actor)
    }
  }
}

extension PostgresStorage {
  /// The document's household, written as the service: refused, nothing written, when the
  /// store holds it or a member is in another household, each looked for in that member's
  /// name (the rows the service may see are the acting account's).
  mutating func importHousehold(_ document: HouseholdDocument, importer: AccountID) throws {
    let household = document.household
    guard household.member(importer) != nil else {
      throw TeammateError.accessDenied(.notAMember(household.id))
    }
    try connection.query(Self.holding(household.id))
    guard
      try connection.query("SELECT id FROM households WHERE id = \(household.id.rawValue)")
        .count == 0
    else {
      throw HouseholdDocumentError.householdAlreadyHere(household.id)
    }
    for member in household.members {
      try connection.query(Self.acting(member.uid))
      let rows = try connection.query(Self.membership(of: member.uid))
      if rows.count > 0 {
        throw HouseholdDocumentError.memberElsewhere(
          member.uid, in: HouseholdID(try rows.text(0, "household_id")))
      }
    }
    try connection.query(Self.acting(importer))
    try putHousehold(household)
    for member in household.members {
      connection.later(Self.acting(member.uid))
      try setHouseholdID(household.id, of: member.uid)
    }
    connection.later(Self.acting(importer))
    connection.later(Self.holding(household.id))
    for card in document.cards { try putCard(card) }
    for item in document.items { try putItem(item) }
    for change in document.feed { _ = try appendChange(change) }
  }

  /// Names `household` as the one the service's statements' rows belong to, to the end of the
  /// transaction or the next naming.
  static func holding(_ household: HouseholdID) -> PostgresQuery {
    "SELECT set_config('teammate.household', \(household.rawValue), true)"
  }

  /// Names `account` as the one the service's statements act for, to the end of the
  /// transaction or the next naming (`PostgresBackend.naming`, selected on its own).
  static func acting(_ account: AccountID) -> PostgresQuery {
    "SELECT \(sql: PostgresBackend.naming(account))"
  }
}
