import Foundation
import TeammateTestHarness

/// A session of libpq's own, loaded by the test and opened with a device's URL, with nothing
/// of the kit between: what someone holding a device's password file types into `psql`.
/// Each call waits for the server off Swift's cooperative threads (`offThePool`): an attack
/// that waits on a lock must not stall the other tests of the process. One task uses a
/// session at a time.
final class RawSession: @unchecked Sendable {
  /// What the server answered a refused statement with.
  struct Refusal: Error, CustomStringConvertible {
    let state: String
    let message: String
    var description: String { "\(state): \(message)" }
  }

  private typealias Connect = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
  private typealias Status = @convention(c) (OpaquePointer?) -> UInt32
  private typealias Text = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
  private typealias Finish = @convention(c) (OpaquePointer?) -> Void
  private typealias Exec = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
  private typealias Field = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
  private typealias Count = @convention(c) (OpaquePointer?) -> Int32
  private typealias Value =
    @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<
      CChar
    >?
  private typealias IsNull = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
  private typealias Notifies = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
  private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

  private struct Library {
    let connect: Connect
    let status: Status
    let error: Text
    let finish: Finish
    let exec: Exec
    let resultStatus: Status
    let field: Field
    let clear: Finish
    let rows: Count
    let columns: Count
    let value: Value
    let isNull: IsNull
    let consume: Count
    let notifies: Notifies
    let socket: Count
    let free: Free
  }

  private static let library: Library? = {
    guard let handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL) else { return nil }
    func symbol<T>(_ name: String) -> T? {
      dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
    }
    guard let connect: Connect = symbol("PQconnectdb"), let status: Status = symbol("PQstatus"),
      let error: Text = symbol("PQerrorMessage"), let finish: Finish = symbol("PQfinish"),
      let exec: Exec = symbol("PQexec"), let resultStatus: Status = symbol("PQresultStatus"),
      let field: Field = symbol("PQresultErrorField"), let clear: Finish = symbol("PQclear"),
      let rows: Count = symbol("PQntuples"), let columns: Count = symbol("PQnfields"),
      let value: Value = symbol("PQgetvalue"), let isNull: IsNull = symbol("PQgetisnull"),
      let consume: Count = symbol("PQconsumeInput"), let notifies: Notifies = symbol("PQnotifies"),
      let socket: Count = symbol("PQsocket"), let free: Free = symbol("PQfreemem")
    else { return nil }
    return Library(
      connect: connect, status: status, error: error, finish: finish, exec: exec,
      resultStatus: resultStatus, field: field, clear: clear, rows: rows, columns: columns,
      value: value, isNull: isNull, consume: consume, notifies: notifies, socket: socket,
      free: free)
  }()

  private let pq: Library
  private let connection: OpaquePointer?
  /// Notifications read but not yet asked for.
  private var pending: [(channel: String, payload: String)] = []

  init(_ url: String) throws {
    guard let pq = Self.library else {
      throw Refusal(state: "", message: "libpq cannot be loaded")
    }
    self.pq = pq
    connection = pq.connect(url)
    // NB: a session that did not open is finished by `deinit`, as any other.
    guard pq.status(connection) == 0 else {
      let message = pq.error(connection).map { String(cString: $0) } ?? ""
      throw Refusal(state: "08006", message: message)
    }
  }

  deinit { pq.finish(connection) }

  /// Runs `sql` (one or more statements): the last one's rows, each column's text or nil.
  @discardableResult
  func run(_ sql: String) async throws -> [[String?]] {
    try await offThePool { try self.blockingRun(sql) }
  }

  private func blockingRun(_ sql: String) throws(Refusal) -> [[String?]] {
    let result = pq.exec(connection, sql)
    defer { pq.clear(result) }
    // NB: PGRES_COMMAND_OK is 1 and PGRES_TUPLES_OK 2.
    guard [1, 2].contains(pq.resultStatus(result)) else {
      // NB: PG_DIAG_SQLSTATE is 'C'; PG_DIAG_MESSAGE_PRIMARY 'M'.
      let state = pq.field(result, 67).map { String(cString: $0) } ?? "08006"
      let message =
        pq.field(result, 77).map { String(cString: $0) }
        ?? pq.error(connection).map { String(cString: $0) } ?? ""
      throw Refusal(state: state, message: message)
    }
    return (0..<pq.rows(result)).map { row in
      (0..<pq.columns(result)).map { column in
        pq.isNull(result, row, column) == 1
          ? nil : pq.value(result, row, column).map { String(cString: $0) }
      }
    }
  }

  /// The first column of `sql`'s first row.
  func value(_ sql: String) async throws -> String? {
    try await run(sql).first?.first ?? nil
  }

  /// The server's code for refusing `sql`, or nil when it ran.
  func refusal(_ sql: String) async -> String? {
    do {
      try await run(sql)
      return nil
    } catch { return (error as? Refusal)?.state ?? "\(error)" }
  }

  /// Whether the server still answers this session.
  var isOpen: Bool {
    get async { (try? await run("SELECT 1")) != nil }
  }

  /// What was heard on this session's channels until `marker` was (which the caller has
  /// made someone send after what it waits for: the server delivers in commit order), or
  /// until the socket stayed quiet for `waits` waits of a tenth of a second.
  func heard(until marker: String, waits: Int = 100) async throws -> [(
    channel: String, payload: String
  )] {
    try await offThePool { self.blockingHeard(until: marker, waits: waits) }
  }

  private func blockingHeard(until marker: String, waits: Int) -> [(
    channel: String, payload: String
  )] {
    var heard: [(channel: String, payload: String)] = []
    for _ in 0..<waits {
      _ = pq.consume(connection)
      while let notice = pq.notifies(connection) {
        // NB: a PGnotify is the channel's name, the sender's process and the payload.
        let fields = notice.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
        let channel = fields[0].map { String(cString: $0) } ?? ""
        let payload = fields[2].map { String(cString: $0) } ?? ""
        pq.free(notice)
        pending.append((channel, payload))
      }
      if let at = pending.firstIndex(where: { $0.channel == marker }) {
        heard += pending[..<at]
        pending.removeSubrange(...at)
        return heard
      }
      var descriptor = pollfd(fd: pq.socket(connection), events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 100)
    }
    return heard + pending
  }
}
