/// A write's statements sent as fewer (issue 43): the server's work an operation grows with
/// its statements, and an add on a known head sent nine. A card's row, and the write's
/// receipt, join the statement that appends the change beside them, as data-modifying CTEs:
/// none reads what another writes, and one statement fails as a whole as the transaction did
/// (a receipt's key taken, a number another writer took).
enum MergedWrites {
  private static let appending = "WITH appended AS ("
  private static let card = "INSERT INTO cards "
  private static let receipt = "INSERT INTO write_receipts "

  /// `writes` with each card's row folded into the change appended right after it, and a
  /// receipt that ends them into the last change; any other statement as it is, in its place.
  /// NB: at most one card a statement: one statement may not upsert a row twice.
  static func merged(_ writes: [PostgresQuery]) -> [PostgresQuery] {
    var sent: [PostgresQuery] = []
    var waiting: PostgresQuery?
    var lastChange: (index: Int, folded: [PostgresQuery], change: PostgresQuery)?
    func flush() {
      if let waiting { sent.append(waiting) }
      waiting = nil
    }
    // NB: told apart by their leading text: the statements are rendered once, when sent.
    for statement in writes {
      if statement.begins(with: appending) {
        let folded = waiting.map { [$0] } ?? []
        waiting = nil
        lastChange = (sent.count, folded, statement)
        sent.append(joined(folded, into: statement))
      } else if statement.begins(with: card) {
        flush()
        waiting = statement
        lastChange = nil
      } else if statement.begins(with: receipt), waiting == nil, let last = lastChange,
        last.index == sent.count - 1
      {
        // NB: the receipt comes last, after the change it answers with.
        let folded = last.folded + [statement]
        sent[last.index] = joined(folded, into: last.change)
        lastChange = (last.index, folded, last.change)
      } else {
        flush()
        sent.append(statement)
        lastChange = nil
      }
    }
    flush()
    return sent
  }

  /// `change` (a `WITH appended AS (…)` statement) with `inserts` before it as CTEs of its own.
  private static func joined(_ inserts: [PostgresQuery], into change: PostgresQuery)
    -> PostgresQuery
  {
    guard !inserts.isEmpty else { return change }
    var parts: [PostgresQuery] = ["WITH "]
    for (number, insert) in inserts.enumerated() {
      parts += [PostgresQuery(stringLiteral: "folded\(number) AS ("), insert, "), "]
    }
    parts.append(change.dropping("WITH ".count))
    return PostgresQuery.joined(parts)
  }
}
