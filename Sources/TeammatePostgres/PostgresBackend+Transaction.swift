import Foundation
import TeammateKit

/// The transaction runner: one transaction per call, its opening in one round trip, run
/// again after a pause while it loses a race.
extension PostgresBackend {
  /// One transaction as `teammate_app` for `actor`, run again (after a pause) while it loses
  /// a race. A write is read committed and starts by locking what it may change: the acting
  /// account, then the household it belongs to, so that writers of one household take turns
  /// and writers of different households never meet (ADR 0009). A read sees one snapshot
  /// (repeatable read, read only) and locks nothing. The row-level policies see the actor;
  /// the kit's access checks run as well.
  ///
  /// `also` goes in the transaction's first round trip, and the body gets its rows, in order.
  /// A read `closing` commits in that round trip too: its body must need nothing more, and
  /// the connection refuses any statement until the body is done.
  func transaction<T>(
    as actor: AccountID, reading: Bool, also extra: [PostgresQuery] = [], closing: Bool = false,
    _ body: (inout PostgresStorage, [PostgresRows]) throws -> T
  ) throws -> T {
    // NB: a device's role acts as its own account, never as another (ADR 0014).
    if let signedIn, actor != signedIn { throw TeammateError.accessDenied(.notYourAccount(actor)) }
    var pauses = RetryPauses()
    var attempt = 0
    var committing = false
    let claims = CardIDClaims()
    defer { connection.sealed = false }
    while true {
      attempt += 1
      // NB: a connection the server dropped (a restart, an idle timeout) is opened again.
      if !connection.isOpen {
        let observer = connection.observer
        connection = try PostgresConnection(address, waits: waits)
        connection.observer = observer
        try Self.settle(connection, at: address, signedIn: signedIn)
      }
      claims.claimed = []
      // NB: an attempt that loses a race draws again what it drew (AC-PG-42): a seeded
      // backend makes the same ids whether or not a race was lost. An id found taken is
      // the exception: the next attempt must draw past it (AC-PG-26).
      let drawn = random
      var storage = PostgresStorage(
        connection: connection, claims: claims, secret: secret)
      var extraRows: [PostgresRows] = []
      committing = false
      do {
        // NB: one round trip opens the transaction, names its actor, takes its locks and
        // reads the actor's household (ADR 0009).
        if reading {
          let closed = closing && !extra.isEmpty
          // NB: a read that closes in its opening (a pull) needs the household's id alone.
          let finding =
            closed
            ? findingHousehold(of: actor)
            : acting(actor, locking: false)
              + [PostgresStorage.household(of: actor, locking: false)]
          let opened = try connection.pipeline(
            opening("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") + finding + extra
              + (closed ? ["COMMIT"] : []))
          let base = opened.count - extra.count - (closed ? 1 : 0)
          extraRows = Array(opened[base..<(base + extra.count)])
          if closed {
            try storage.begin(as: actor, found: opened[base - 1])
            connection.sealed = true
            return try body(&storage, extraRows)
          }
          try storage.begin(as: actor, writing: false, household: opened[base - 1], last: nil)
        } else {
          let opened = try connection.pipeline(
            opening("BEGIN ISOLATION LEVEL READ COMMITTED") + acting(actor, locking: true) + [
              PostgresStorage.household(of: actor, locking: true),
              PostgresStorage.lastSequence(of: actor),
            ] + extra)
          let base = opened.count - extra.count
          try storage.begin(
            as: actor, writing: true, household: opened[base - 2], last: opened[base - 1])
          extraRows = Array(opened[base...])
        }
        connection.sentSinceMark = false
        let result = try body(&storage, extraRows)
        if let observer = connection.observer, observer.cutsBeforeCommit, !reading {
          try observer.beforeCommit(
            serverProcess: try connection.query("SELECT pg_backend_pid() AS pid").text(0, "pid"))
        }
        committing = true
        if !connection.sentSinceMark, !connection.hasDeferred {
          // NB: nothing was sent or queued since the opening, so nothing was written: the
          // commit's answer changes nothing the caller is told, and is read with the next call.
          connection.sendUnanswered("COMMIT")
        } else {
          // NB: the writes whose answers nothing reads go with the commit.
          try connection.query("COMMIT")
        }
        return result
      } catch let error as PostgresError
        where error.state == .cardIDTaken && !claims.claimed.isEmpty && attempt < Self.attempts
      {
        // NB: a new card's id taken to be free was not: the write runs again at once, those
        // ids looked up first (the rules then draw others, or refuse a device's own).
        connection.rollBack()
        claims.lookUp.formUnion(claims.claimed)
      } catch let error as PostgresError where error.isRetryable {
        connection.rollBack()
        random = drawn
        guard attempt < Self.attempts, let pause = pauses.next(using: &jitter) else {
          throw error.afterPauses(pauses)
        }
        connection.observer?.retried()
        Thread.sleep(forTimeInterval: Double(pause.microseconds) / 1e6)
      } catch let error as PostgresError
        where !connection.isOpen && !committing && attempt == 1 && !error.isUnanswered
      {
        // NB: the server went away before the commit was sent: nothing was written, so the
        // call runs again, once, on a new connection. A commit whose answer was lost is not
        // run again: whether it landed is unknown (an outbox write is safe to send again).
        // A server that stopped answering is not waited for a second time.
        random = drawn
      } catch {
        connection.rollBack()
        throw error
      }
    }
  }

  /// The statements that name the transaction's actor for the policies (ADR 0015), a write
  /// (`locking`) taking the account's lock first (ADR 0009). For the service: the actor, then,
  /// once that lock is held, the household the actor's membership names (AC-PG-29), each set
  /// for the transaction, and through a pooler the role too (a direct connection is the role
  /// already, AC-PG-28). A device's role is its account already, and names nothing.
  func acting(_ actor: AccountID, locking: Bool) -> [PostgresQuery] {
    // NB: the account's lock is keyed by the store's secret (schema 13): the service derives
    // it in plain SQL, a device takes it through a definer function, holding no lock of its
    // own choosing.
    let lock: PostgresQuery =
      !locking
      ? ""
      : secret.map { ", pg_advisory_xact_lock(\(sql: $0.lockKey("account", "\(actor.rawValue)")))" }
        ?? ", teammate_lock_account(\(actor.rawValue))"
    guard signedIn == nil else { return ["SELECT session_user\(sql: lock)"] }
    return [
      "SELECT \(sql: takingRole)\(sql: Self.naming(actor))\(sql: lock)",
      "SELECT \(sql: Self.namingHousehold(of: actor))",
    ]
  }

  /// Through a pooler, the app's role taken for the transaction, as SQL to select before what
  /// names the actor (a direct connection of the service is that role already, AC-PG-28).
  private var takingRole: PostgresQuery {
    address.pooled ? "set_config('role', 'teammate_app', true), " : ""
  }

  /// Sets `teammate.actor` to `actor` for the transaction, as SQL to select.
  static func naming(_ actor: AccountID) -> PostgresQuery {
    "set_config('teammate.actor', \(actor.rawValue), true)"
  }

  /// Sets `teammate.household` for the transaction to the household `actor`'s membership
  /// names ('' for none), as SQL to select; its value is the id set.
  static func namingHousehold(of actor: AccountID) -> PostgresQuery {
    """
    set_config('teammate.household',
      coalesce((\(sql: PostgresStorage.membership(of: actor))), ''), true)
    """
  }

  /// For a read that closes in its opening: the statements that name the actor and answer
  /// the id of the actor's household (a row `id`, NULL or none for no household), its document
  /// unread. The membership is looked up in a statement after the one naming the actor: the
  /// policies read the name, and PostgreSQL defines no order among a statement's expressions.
  func findingHousehold(of actor: AccountID) -> [PostgresQuery] {
    guard signedIn == nil else {
      return acting(actor, locking: false) + [
        "SELECT (\(sql: PostgresStorage.membership(of: actor))) AS id"
      ]
    }
    return [
      "SELECT \(sql: takingRole)\(sql: Self.naming(actor))",
      "SELECT nullif(\(sql: Self.namingHousehold(of: actor)), '') AS id",
    ]
  }

  /// A transaction's first statements: `begin`, and through a pooler the URL's search path,
  /// which only a transaction can keep there.
  func opening(_ begin: PostgresQuery) -> [PostgresQuery] {
    guard let path = address.searchPath else { return [begin] }
    return [begin, "SELECT set_config('search_path', \(path), true)"]
  }
}
