import CLibPQ
import Foundation

/// Reading what the server answers: a command's results gathered, the first error kept, no
/// later than the connection's deadline (an answer that does not come in time abandons the
/// connection); and the parameters handed to libpq as C strings.
extension PostgresConnection {
  /// The rows of `result`, or the error the server put in it, thrown; the result is freed
  /// with the rows, or at once.
  func rows(_ result: OpaquePointer?) throws(PostgresError) -> PostgresRows {
    guard let result else { throw failure() }
    switch pq.resultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
      return PostgresRows(result, pq)
    default:
      let state = pq.resultErrorField(result, Int32(UInt8(ascii: "C"))).map {
        SQLState(rawValue: String(cString: $0))
      }
      let message = LibPQ.text(pq.resultErrorMessage(result))
      pq.clear(result)
      throw PostgresError(
        state: state, message: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// The result of what was just sent (`sent` is libpq's 1 when it went): the last result,
  /// or the first error of several statements; nil when the connection failed (its message
  /// says why).
  func answer(to sent: Int32, by deadline: ContinuousClock.Instant) throws(PostgresError)
    -> OpaquePointer?
  {
    guard sent == 1 else { return nil }
    return try answer(by: deadline)
  }

  /// One command's results, read until libpq says they are over, no later than `deadline`.
  func answer(by deadline: ContinuousClock.Instant) throws(PostgresError)
    -> OpaquePointer?
  {
    var kept: OpaquePointer?
    do {
      while let result = try nextResult(by: deadline) {
        guard let previous = kept else {
          kept = result
          continue
        }
        // NB: like PQexec, but the first error wins: the statements after it did not run.
        if pq.resultStatus(previous) == PGRES_FATAL_ERROR {
          pq.clear(result)
        } else {
          pq.clear(previous)
          kept = result
        }
      }
    } catch {
      if let kept { pq.clear(kept) }
      throw error
    }
    return kept
  }

  /// Waits, no later than `deadline`, until libpq holds a whole result, and takes it: nil
  /// when the command's results are over. An answer that does not come in time leaves the
  /// connection abandoned.
  func nextResult(by deadline: ContinuousClock.Instant) throws(PostgresError)
    -> OpaquePointer?
  {
    while pq.isBusy(handle) == 1 {
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else {
        abandoned = true
        observer?.waitExpired()
        throw PostgresError.unanswered(within: waits.answer)
      }
      var descriptor = pollfd(fd: pq.socket(handle), events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, PostgresWaits.milliseconds(left))
      guard pq.consumeInput(handle) == 1 else { throw failure() }
    }
    return pq.getResult(handle)
  }

  func withParameters<T>(
    _ parameters: [String?], _ body: ([UnsafePointer<CChar>?]) -> T
  ) -> T {
    let storage: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.map { strdup($0) } ?? nil }
    defer { for pointer in storage { free(pointer) } }
    return body(storage.map { $0.map { UnsafePointer($0) } })
  }
}
