import CLibPQ
import Foundation

/// One libpq connection. Every value is bound as a parameter, never put into SQL text, and
/// every statement is prepared once per connection — unless a pooler lends the session out
/// one transaction at a time, where a statement prepared in one may be missing, or another's,
/// in the next.
///
/// Not thread-safe: the backend uses it from its actor only.
final class PostgresConnection {
  let handle: OpaquePointer
  let pq: LibPQ
  let waits: PostgresWaits
  /// Set when an answer did not come in time: what the server sends later is not read, and
  /// the connection is not used again.
  var abandoned = false
  /// Whether statements are prepared by name (not through a transaction pooler).
  private let prepares: Bool

  /// Connects to `url` (`postgresql://…`, as libpq reads it), waiting for the server as long
  /// as `waits` says; a failure says what libpq said. With `prepares` false, every statement
  /// goes unnamed.
  init(url: String, waits: PostgresWaits = .standard, prepares: Bool = true)
    throws(PostgresError)
  {
    pq = try LibPQ.shared.get()
    self.waits = waits
    self.prepares = prepares
    guard let connection = pq.connectdb(waits.bounding(url)) else {
      throw PostgresError.client("out of memory while connecting")
    }
    guard pq.status(connection) == CONNECTION_OK else {
      let message = LibPQ.text(pq.errorMessage(connection))
      pq.finish(connection)
      throw PostgresError.client(message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    // NB: the server's notices ("already a member of role…") are not the tool's to print.
    _ = pq.setNoticeProcessor(connection, { _, _ in }, nil)
    handle = connection
  }

  /// Connects to the server `address` names, as it says: unprepared through a pooler.
  convenience init(_ address: PostgresAddress, waits: PostgresWaits) throws(PostgresError) {
    try self.init(url: address.libpq, waits: waits, prepares: !address.pooled)
  }

  deinit { pq.finish(handle) }

  /// Waits up to `timeout` for the server to say something, then takes every notification
  /// that has come (`LISTEN`), as channel and payload. Throws when the connection is lost.
  func notifications(waiting timeout: Duration) throws(PostgresError) -> [(String, String)] {
    var descriptor = pollfd(fd: pq.socket(handle), events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, PostgresWaits.milliseconds(timeout))
    guard pq.consumeInput(handle) == 1 else {
      throw PostgresError.client(LibPQ.text(pq.errorMessage(handle)))
    }
    var arrived: [(String, String)] = []
    while let notification = pq.notifies(handle) {
      arrived.append(
        (String(cString: notification.pointee.relname), String(cString: notification.pointee.extra))
      )
      pq.freemem(notification)
    }
    return arrived
  }

  /// The server's form of `secret` for `role` (a SCRAM verifier, as the server asks for),
  /// made here, so that the secret itself never reaches the server or its log.
  func verifier(of secret: String, for role: String) throws(PostgresError) -> String {
    guard let made = pq.encryptPasswordConn(handle, secret, role, nil) else {
      throw PostgresError.client(
        "the secret could not be prepared: \(LibPQ.text(pq.errorMessage(handle)))")
    }
    defer { pq.freemem(made) }
    return String(cString: made)
  }

  /// Whether the connection is still usable (a server restart breaks it, and so does an
  /// answer that did not come in time).
  var isOpen: Bool { !abandoned && pq.status(handle) == CONNECTION_OK }

  /// Hears what a measuring caller counts (tests, the benchmark); nil in a service.
  package var observer: (any PostgresObserver)?

  /// Whether statements were sent since a caller last set it false: a transaction commits
  /// without waiting when nothing was sent after its opening.
  var sentSinceMark = false

  /// Statements that go with the next one whose answer is waited for (`later`): writes whose
  /// answers nothing reads share its round trip.
  private var deferred: [WriteStatement] = []

  /// Whether nothing may be sent now: the transaction being run committed in its first round
  /// trip (a pull reads all it needs there). Whatever would run now would run
  /// outside it, as no actor, so nothing is sent (a rollback after a refusal included: there
  /// is nothing to roll back).
  var sealed = false

  /// Queues `statement` to be sent with the next `query`; a failure in it fails that call.
  func later(_ statement: PostgresQuery) { deferred.append(.other(statement)) }

  /// Queues a statement declared as a part of a write's plan (`WritePlan`).
  func later(_ statement: WriteStatement) { deferred.append(statement) }

  /// Whether statements are queued to go with the next `query`.
  var hasDeferred: Bool { !deferred.isEmpty }

  /// How many answers the server owes for statements sent without waiting (`sendUnanswered`):
  /// read, and let go, before anything else is sent.
  private var owed = 0

  /// Sends `sql` (no parameters) and does not wait for its answer: the commit of a
  /// transaction that wrote nothing, whose answer changes nothing the caller is told. The
  /// server runs it at once; the connection reads its answer before it sends anything else.
  func sendUnanswered(_ sql: String) {
    guard !sealed else { return }
    if pq.sendQuery(handle, sql) == 1 { owed += 1 }
  }

  /// Reads, and lets go of, the answers owed for what was sent without waiting.
  private func settleOwed() throws(PostgresError) {
    guard owed > 0 else { return }
    let deadline = answerDeadline
    while owed > 0 {
      owed -= 1
      if let result = try answer(by: deadline) { pq.clear(result) }
    }
  }

  /// Forgets what was queued: the transaction it belonged to is over.
  func discardDeferred() { deferred = [] }

  /// Ends a transaction that failed: what was queued is forgotten and the server asked to
  /// roll back, as far as it still answers (a sealed connection sends nothing).
  func rollBack() {
    discardDeferred()
    guard !sealed else { return }
    sentSinceMark = true
    observer?.roundTrip(statements: 1)
    try? execute("ROLLBACK")
  }

  /// Refuses a statement while the connection is sealed.
  private func refuseIfSealed() throws(PostgresError) {
    guard !sealed else {
      throw PostgresError.client("a statement was sent after its transaction's commit")
    }
  }

  /// Runs one statement with its parameters (each a text value, or nil for NULL), after
  /// whatever was queued, and returns its rows.
  @discardableResult
  func query(_ statement: PostgresQuery) throws(PostgresError) -> PostgresRows {
    let answers = try pipeline([statement])
    return answers[answers.count - 1]
  }

  /// Runs what was queued and then `statements`, in order, in one round trip (libpq's
  /// pipeline mode), and returns the rows of `statements`. The first failure is thrown; the
  /// statements after it did not run.
  func pipeline(_ statements: [PostgresQuery]) throws(PostgresError) -> [PostgresRows] {
    try refuseIfSealed()
    try settleOwed()
    // NB: a card's row and a receipt go in the statement that appends their change.
    let all = WritePlan.sent(deferred) + statements
    deferred = []
    sentSinceMark = true
    observer?.roundTrip(statements: all.count)
    let deadline = answerDeadline
    let names = try all.map { statement throws(PostgresError) in
      try prepared(statement)
    }
    guard all.count > 1 else {
      return [try rows(answer(to: send(all[0], named: names[0]), by: deadline))]
    }
    guard pq.enterPipelineMode(handle) == 1 else { throw failure() }
    var answers: [PostgresRows] = []
    var first: PostgresError?
    do throws(PostgresError) {
      for (statement, name) in zip(all, names) {
        guard send(statement, named: name) == 1 else { throw failure() }
      }
      guard pq.pipelineSync(handle) == 1 else { throw failure() }
      for _ in all {
        let result = try answer(by: deadline)
        if let result, pq.resultStatus(result) == PGRES_PIPELINE_ABORTED {
          pq.clear(result)
          continue
        }
        do {
          answers.append(try rows(result))
        } catch {
          first = first ?? error
        }
      }
      guard let synced = try nextResult(by: deadline) else { throw failure() }
      let status = pq.resultStatus(synced)
      pq.clear(synced)
      guard status == PGRES_PIPELINE_SYNC, pq.exitPipelineMode(handle) == 1 else {
        throw failure()
      }
    } catch {
      // NB: a pipeline left half read cannot carry another statement.
      abandoned = true
      throw first ?? error
    }
    if let first { throw first }
    return Array(answers.suffix(statements.count))
  }

  /// The latest an answer to what is sent now may come (`waits.answer` from now).
  private var answerDeadline: ContinuousClock.Instant {
    ContinuousClock.now.advanced(by: waits.answer)
  }

  /// What libpq says went wrong with the connection.
  func failure() -> PostgresError {
    PostgresError.client(
      LibPQ.text(pq.errorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Sends `statement`, prepared as `name` (or unnamed when nil); libpq's 1 when it went.
  private func send(_ statement: PostgresQuery, named name: String?) -> Int32 {
    let parameters = statement.parameters
    return withParameters(parameters) { values in
      guard let name else {
        return pq.sendQueryParams(
          handle, statement.sql, Int32(parameters.count), Self.oids(statement), values, nil, nil,
          0)
      }
      return pq.sendQueryPrepared(handle, name, Int32(parameters.count), values, nil, nil, 0)
    }
  }

  /// The server's types of `statement`'s values, in the order of their placeholders.
  private static func oids(_ statement: PostgresQuery) -> [Oid] {
    statement.types.map { Oid($0.rawValue) }
  }

  /// Statements this connection has prepared, by their SQL: each is parsed and planned once.
  private var statements: [String: String] = [:]

  /// The statement's name, prepared with the types of its values the first time it is sent
  /// (nil when this connection prepares nothing).
  private func prepared(_ statement: PostgresQuery) throws(PostgresError) -> String? {
    guard prepares else { return nil }
    let sql = statement.sql
    if let name = statements[sql] { return name }
    let name = "s\(statements.count)"
    let deadline = answerDeadline
    let types = Self.oids(statement)
    let sent = pq.sendPrepare(handle, name, sql, Int32(types.count), types)
    _ = try rows(answer(to: sent, by: deadline))
    statements[sql] = name
    return name
  }

  /// Runs several statements without parameters (a migration).
  func execute(_ sql: String) throws(PostgresError) {
    try refuseIfSealed()
    try settleOwed()
    let deadline = answerDeadline
    _ = try rows(answer(to: pq.sendQuery(handle, sql), by: deadline))
  }
}
