import CLibPQ

/// The rows of one result, read by column name; freed with the value.
final class PostgresRows {
  private let result: OpaquePointer
  private let pq: LibPQ

  init(_ result: OpaquePointer, _ pq: LibPQ) {
    self.result = result
    self.pq = pq
  }
  deinit { pq.clear(result) }

  var count: Int { Int(pq.ntuples(result)) }

  /// The column's number; a name the statement does not return is this client's mistake.
  private func column(_ name: String) throws(PostgresError) -> Int32 {
    let number = pq.fnumber(result, "\"\(name)\"")
    guard number >= 0 else { throw .client("the result has no column '\(name)'") }
    return number
  }

  func text(_ row: Int, _ name: String) throws(PostgresError) -> String {
    LibPQ.text(pq.getvalue(result, Int32(row), try column(name)))
  }

  func optionalText(_ row: Int, _ name: String) throws(PostgresError) -> String? {
    let number = try column(name)
    return pq.getisnull(result, Int32(row), number) == 1
      ? nil : LibPQ.text(pq.getvalue(result, Int32(row), number))
  }

  /// A whole number the server sent; anything else is refused, never read as a default.
  func integer(_ row: Int, _ name: String) throws(PostgresError) -> Int64 {
    let text = try text(row, name)
    guard let value = Int64(text) else {
      throw .client("the server sent '\(text)' where column '\(name)' holds a number")
    }
    return value
  }
}
