/// The server's tables. Every household row carries its household id and every key of a
/// household's table begins with it, so that each can be distributed by it (see
/// docs/sharding.md); the account, credential, invite-code and failed-join lookups are the
/// reference tables, not keyed by household.
enum PostgresSchema {
  /// The schema this build writes; kept in `teammate_schema`.
  static var version: Int { migrations.count }

  /// What marks a database as ours.
  static let application = "teammate"

  /// Every migration, in order: the store's version is how many of them it has run. Each is
  /// in a file of its own (`Migrations/`), named for its number and what it brings.
  static let migrations: [String] = [
    tables,
    memberRows,
    repeats,
    householdLookup,
    byHousehold,
    meals,
    shoppingList,
    identityFromSession,
    policiesWithoutDefiners,
    uniqueInviteCodes,
    cardIDAtCommit,
    expectedHead,
    hardening,
    tableLocks,
    rowBounds,
    householdsWithTheirIDs,
    itemsByTheirThing,
    erasedAccounts,
    movedHouseholds,
    movedMembers,
    movedLeavesTheMark,
  ]
}
