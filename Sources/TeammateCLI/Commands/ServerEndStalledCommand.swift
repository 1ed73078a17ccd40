import Foundation
import TeammateKit
import TeammatePostgres

/// The operator's watchdog over devices' transactions (ADR 0019, AC-PG-48): a device may lift
/// every time limit its session is given, and a transaction it leaves open holds back the
/// vacuum of every household, so the operator ends it from outside, on a schedule.
extension Commands {
  static let serverEndStalled: CommandSpec = {
    let olderThan = Option<Int>(
      "older-than", value: "seconds",
      help: "End a device's session whose transaction has been open longer than this.",
      defaultText: "60", parse: Values.seconds("older-than", 0...7_200))
    let every = Option<Int>(
      "every", value: "seconds",
      help: "Do it again every this many seconds, until interrupted.",
      parse: Values.seconds("every", 1...7_200))
    return CommandSpec(
      path: ["server", "end-stalled"],
      abstract: "End every device session whose transaction has been open too long.",
      discussion:
        "Run with the service role's URL as --store, once from a timer or with --every as a "
        + "service of its own. A device reaches the server's reads and writes through the "
        + "pooler, whose limits it cannot lift; its pushes need a session of its own, and "
        + "this keeps that session's transactions short. The service's own sessions, and a "
        + "device's sessions between transactions, are left alone.",
      options: [olderThan, every], store: .existing,
      examples: [
        "teammate --store 'postgresql:///teammate?host=/run/postgresql' server end-stalled",
        "teammate --store 'postgresql:///teammate?host=/run/postgresql' server end-stalled "
          + "--older-than 30 --every 10",
      ], needsNetwork: true
    ) { session, arguments in
      let url = try serviceURL(session)
      let limit = arguments[olderThan] ?? 60
      let operating: PostgresAccounts
      do throws(PostgresError) {
        operating = try PostgresAccounts(url: url)
      } catch {
        throw ServerError(url: url, reason: error.message)
      }
      /// One round: the sessions it ended.
      func round() throws -> Int {
        do throws(PostgresError) {
          return try operating.endStalledTransactions(olderThan: .seconds(limit))
        } catch {
          throw ServerError(url: url, reason: error.message)
        }
      }
      func said(_ ended: Int) -> String {
        let sessions = ended == 1 ? "1 device session" : "\(ended) device sessions"
        return "Ended \(sessions) whose transaction was open longer than \(limit) s.\n"
      }
      guard let interval = arguments[every] else {
        let ended = try round()
        if session.json { return session.writeJSON(.object(["ended": .int(ended)])) }
        return session.write(said(ended))
      }
      // NB: quiet while nothing is ended: a line for each round that ended a session.
      while !Task.isCancelled {
        let ended = try round()
        if ended > 0 {
          if session.json {
            session.writeJSONLineNow(.object(["ended": .int(ended)]))
          } else {
            session.writeNow(said(ended))
          }
        }
        try await Task.sleep(for: .seconds(interval))
      }
    }
  }()
}
