/// A statement a write queues, declared by what it is as it is queued: the plan that sends a
/// write's statements as fewer reads these declarations, never the statements' text.
enum WriteStatement: Sendable {
  /// A card's row, written: it joins the change appended right after it.
  case card(PostgresQuery)
  /// A change appended to the household's feed: `insert` (an `INSERT … RETURNING`), named
  /// `appended` for `select`, which reads what it returned.
  case change(insert: PostgresQuery, select: PostgresQuery)
  /// A write's receipt: it joins the change it answers with, when that came right before it.
  case receipt(PostgresQuery)
  /// Any other statement, sent as it is in its place.
  case other(PostgresQuery)

  /// The statement sent alone.
  var query: PostgresQuery {
    switch self {
    case .card(let query), .receipt(let query), .other(let query): query
    case .change(let insert, let select): WritePlan.change(insert: insert, select: select)
    }
  }
}

/// A write's statements sent as fewer (issue 43): the server's work an operation grows with
/// its statements, and an add on a known head sent nine. A card's row, and the write's
/// receipt, join the statement that appends the change beside them, as data-modifying CTEs:
/// none reads what another writes, and one statement fails as a whole as the transaction did
/// (a receipt's key taken, a number another writer took).
enum WritePlan {
  /// `writes` with each card's row folded into the change appended right after it, and a
  /// receipt that ends them into the last change; any other statement as it is, in its place.
  /// NB: at most one card a statement: one statement may not upsert a row twice.
  static func sent(_ writes: [WriteStatement]) -> [PostgresQuery] {
    var sent: [PostgresQuery] = []
    var waitingCard: PostgresQuery?
    // NB: the change last sent, while nothing else has been sent after it.
    var lastChange: (folded: [PostgresQuery], insert: PostgresQuery, select: PostgresQuery)?
    func flush() {
      if let waitingCard { sent.append(waitingCard) }
      waitingCard = nil
    }
    for statement in writes {
      switch statement {
      case .change(let insert, let select):
        let folded = waitingCard.map { [$0] } ?? []
        waitingCard = nil
        lastChange = (folded, insert, select)
        sent.append(change(folding: folded, insert: insert, select: select))
      case .card(let query):
        flush()
        waitingCard = query
        lastChange = nil
      case .receipt(let query):
        // NB: the receipt comes last, after the change it answers with.
        guard waitingCard == nil, let last = lastChange else {
          flush()
          sent.append(query)
          continue
        }
        let folded = last.folded + [query]
        sent[sent.count - 1] = change(folding: folded, insert: last.insert, select: last.select)
        lastChange = (folded, last.insert, last.select)
      case .other(let query):
        flush()
        sent.append(query)
        lastChange = nil
      }
    }
    flush()
    return sent
  }

  /// The change's statement, with `folded` before it as CTEs of their own.
  static func change(
    folding folded: [PostgresQuery] = [], insert: PostgresQuery, select: PostgresQuery
  ) -> PostgresQuery {
    var parts: [PostgresQuery] = ["WITH "]
    for (number, other) in folded.enumerated() {
      parts += [PostgresQuery(stringLiteral: "folded\(number) AS ("), other, "), "]
    }
    parts += ["appended AS (", insert, ")\n", select]
    return PostgresQuery.joined(parts)
  }
}
