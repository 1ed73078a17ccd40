import Foundation
import TeammateKit

/// An add run on the household's head the process knows (ADR 0018).
extension PostgresBackend {
  /// An add from the outbox run on the head the process knows for its household, in one
  /// round trip that checks the head under the household's lock before it writes (ADR 0018).
  /// Nil when there is no head to run on, or the attempt failed and left nothing: the caller
  /// then runs the add as any write.
  func onHead(_ entry: OutboxEntry, as actor: AccountID) throws -> WriteOutcome? {
    guard case .addCard(let draft) = entry.write, draft.meal == nil,
      connection.observer?.cutsBeforeCommit != true,
      connection.isOpen, !answered.contains(entry.id),
      signedIn == nil || signedIn == actor, let head = heads.head(of: entry.householdID)
    else { return nil }
    let drawn = random
    var storage = PostgresStorage(
      connection: connection, households: households, claims: CardIDClaims(), secret: secret)
    storage.begin(speculating: head, as: actor, write: entry.id)
    // NB: nothing may be sent while the rules run: a read would run outside any transaction.
    connection.sealed = true
    let ruled = Result {
      try BackendOperations.submit(
        entry, actor: actor, storage: &storage, now: clock.now(), random: &random)
    }
    connection.sealed = false
    guard case .success(let outcome) = ruled, case .applied = outcome else {
      connection.discardDeferred()
      random = drawn
      return nil
    }
    // NB: the actor's household, locked as in any write, checked against the head in the same
    // statement. Its row is read as the lock left it; the feed's last number is read as the
    // statement began, and one taken while it waited for the lock makes the change's number
    // collide with it, which fails the attempt all the same.
    let check: PostgresQuery = """
      SELECT teammate_expect_head(coalesce(bool_and(
        held.id = \(entry.householdID.rawValue) AND held.body = \(head.text)
        AND (SELECT coalesce(max(sequence), 0) FROM changes WHERE household_id = held.id)
          = \(head.last)), false))
      FROM (\(sql: PostgresStorage.household(of: actor, locking: true))) held
      """
    // NB: the card's row and the receipt go in the statement that appends the change.
    let writes = WritePlan.sent(connection.takeDeferred())
    do {
      _ = try connection.pipeline(
        opening("BEGIN ISOLATION LEVEL READ COMMITTED") + acting(actor, locking: true) + [check]
          + writes + ["COMMIT"])
    } catch  where error.isUnanswered {
      // NB: its commit was sent: whether it landed is unknown, as for any write (AC-PG-14).
      connection.rollBack()
      throw error
    } catch {
      // NB: the head moved, or the write was answered before (its receipt's key is taken):
      // nothing of the attempt stays.
      connection.rollBack()
      heads.forget(entry.householdID)
      random = drawn
      return nil
    }
    if let after = storage.head { heads.record(after) }
    return outcome
  }
}
