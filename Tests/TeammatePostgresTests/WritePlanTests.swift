import Testing

@testable import TeammatePostgres

/// A write's statements folded by what they are declared to be (AC-PG-51).
@Suite struct WritePlanTests {
  private let card: PostgresQuery = "INSERT INTO cards VALUES (\("c1"))"
  private let receipt: PostgresQuery = "INSERT INTO write_receipts VALUES (\("w1"))"
  private let change = WriteStatement.change(
    insert: "INSERT INTO changes VALUES (\("h1")) RETURNING sequence",
    select: "SELECT sequence FROM appended")

  @Test func test_AC_PG_51_aCardAndAReceiptJoinTheChangeBesideThemAsDeclared() {
    let sent = WritePlan.sent([.card(card), change, .receipt(receipt)])
    #expect(sent.count == 1)
    #expect(
      sent[0].sql
        == "WITH folded0 AS (INSERT INTO cards VALUES ($1)), "
        + "folded1 AS (INSERT INTO write_receipts VALUES ($2)), "
        + "appended AS (INSERT INTO changes VALUES ($3) RETURNING sequence)\n"
        + "SELECT sequence FROM appended")
    #expect(sent[0].parameters == ["c1", "w1", "h1"])
    #expect(change.query.sql.hasPrefix("WITH appended AS (INSERT INTO changes"))
  }

  @Test func test_AC_PG_51_whatIsDeclaredOtherIsSentAsItIsWhateverItsText() {
    // NB: the text of a card's row, declared as another statement: it joins nothing.
    let sent = WritePlan.sent([.other(card), change, .other(receipt)])
    #expect(sent.map(\.sql) == [card.sql, change.query.sql, receipt.sql])
    // A receipt with no change right before it, and a card with none after it, stay apart.
    let apart = WritePlan.sent([.receipt(receipt), .card(card), .other("SELECT 1")])
    #expect(apart.map(\.sql) == [receipt.sql, card.sql, "SELECT 1"])
    // A card waiting when a receipt comes is sent before it; the receipt joins nothing.
    let waiting = WritePlan.sent([change, .card(card), .receipt(receipt)])
    #expect(waiting.map(\.sql) == [change.query.sql, card.sql, receipt.sql])
  }
}
