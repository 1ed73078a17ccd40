import Foundation

/// Every backend call as one function over `BackendStorage`: access check against the state
/// before the write, the pure rule, then the writes and the change-feed entry.
///
/// Backends wrap each call in their own atomic unit (an actor turn, a SQLite transaction).
/// NB: each function finishes every check before its first write, so a refusal never leaves
/// a partial write even in storage without rollback.
package enum BackendOperations {
  static func state(of actor: AccountID, in storage: some BackendStorage) throws -> AccessState {
    AccessState(actorHousehold: try storage.householdID(of: actor))
  }

  static func check(
    _ operation: AccessOperation, _ actor: AccountID, _ state: AccessState
  ) throws(TeammateError) {
    try AccessPolicy.decide(operation, actor: actor, state: state).check()
  }

  static func existingHousehold(
    _ id: HouseholdID, in storage: some BackendStorage
  ) throws -> Household {
    guard let household = try storage.household(id) else {
      throw TeammateError.householdNotFound(id)
    }
    return household
  }

  static func existingCard(_ id: CardID, in storage: some BackendStorage) throws -> Card {
    guard let card = try storage.card(id) else { throw TeammateError.cardNotFound(id) }
    return card
  }

  /// Issues an invite whose code no other live invite holds.
  static func freshInvite(
    for household: Household, by actor: AccountID, in storage: some BackendStorage, now: Date,
    random: inout some RandomNumberGenerator
  ) throws -> Invite {
    var storageError: (any Error)?
    let invite = try InviteRules.issue(
      household: household, by: actor, now: now, random: &random,
      isCodeTaken: { code in
        do { return try storage.invite(code)?.isLive(at: now) ?? false } catch {
          storageError = error
          return false
        }
      })
    if let storageError { throw storageError }
    return invite
  }

  /// Appends a change stamped with the server's `now`.
  @discardableResult
  static func record(
    _ kind: ChangeKind, in household: HouseholdID, by actor: AccountID, now: Date,
    needsKnowing: Bool = false, card: Card? = nil, household payload: Household? = nil,
    fields: [CardRules.CardField] = [], overwritten: [FieldOverwrite] = [], dish: DishID? = nil,
    item: ShoppingItem? = nil, mealAct: MealChange? = nil, storage: inout some BackendStorage
  ) throws -> Change {
    let change = try storage.appendChange(
      Change(
        sequence: 0, householdID: household, actor: actor, at: now, kind: kind,
        needsKnowing: needsKnowing, card: card, household: payload, fields: fields,
        writeID: WriteRecording.current?.id, overwritten: overwritten, dish: dish,
        item: item, mealAct: mealAct))
    WriteRecording.current?.append(change)
    return change
  }
}
