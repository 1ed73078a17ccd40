import TeammateKit

/// The server's tables. Every household row carries its household id and every key of a
/// household's table begins with it, so that each can be distributed by it (see
/// docs/sharding.md); the account, credential, invite-code and failed-join lookups are the
/// reference tables, not keyed by household.
enum PostgresSchema {
  /// The schema this build writes; kept in `teammate_schema`.
  static var version: Int { migrations.count }

  /// What marks a database as ours.
  static let application = "teammate"

  /// Every migration, in order, named for what it brings: the store's version is how many of
  /// them it has run. Each is in a file of its own (`Migrations/`), named for its number and
  /// what it brings.
  static let migrations: [Migration] = [
    Migration(name: "tables", sql: tables),
    Migration(name: "member rows", sql: memberRows),
    Migration(name: "repeats", sql: repeats),
    Migration(name: "household lookup", sql: householdLookup),
    Migration(name: "by household", sql: byHousehold),
    Migration(name: "meals", sql: meals),
    Migration(name: "shopping list", sql: shoppingList),
    Migration(name: "identity from session", sql: identityFromSession),
    Migration(name: "policies without definers", sql: policiesWithoutDefiners),
    Migration(name: "unique invite codes", sql: uniqueInviteCodes),
    Migration(name: "card id at commit", sql: cardIDAtCommit),
    Migration(name: "expected head", sql: expectedHead),
    Migration(name: "hardening", sql: hardening),
    Migration(name: "table locks", sql: tableLocks),
    Migration(name: "row bounds", sql: rowBounds),
    Migration(name: "households with their ids", sql: householdsWithTheirIDs),
    Migration(name: "items by their thing", sql: itemsByTheirThing),
    Migration(name: "erased accounts", sql: erasedAccounts),
    Migration(name: "moved households", sql: movedHouseholds),
    Migration(name: "moved members", sql: movedMembers),
    Migration(name: "moved leaves the mark", sql: movedLeavesTheMark),
    Migration(name: "no expected head", sql: noExpectedHead),
  ]
}
