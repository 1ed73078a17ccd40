import Foundation
import TeammateTestHarness
import Testing

@testable import TeammatePostgres

/// Statements bound by interpolation, rows read by name, the server's codes typed.
@Suite struct PostgresQueryTests {
  @Test func test_AC_PG_16_valuesAreNumberedAsTheyAreInterpolatedAndFragmentsKeepTheirs() {
    let household = "h1"
    let channel: PostgresQuery = "teammate_channel(\(household))"
    let query: PostgresQuery =
      "SELECT \(sql: channel), \(Int64(7)) WHERE a = \(Optional<String>.none) AND b = \("x'); --")"
    #expect(query.sql == "SELECT teammate_channel($1), $2 WHERE a = $3 AND b = $4")
    #expect(query.parameters == ["h1", "7", nil, "x'); --"])
    let literal: PostgresQuery = "SELECT 1"
    #expect(literal.sql == "SELECT 1" && literal.parameters.isEmpty)
  }

  @Test func test_AC_PG_53_valuesAreBoundAsTheirTypes() throws {
    let at = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7)
    let query: PostgresQuery = """
      SELECT pg_typeof(\(Int64(7)))::text AS number, pg_typeof(\(true))::text AS truth,
        pg_typeof(\(at))::text AS time, \(at) AS seconds, \("a")::text AS word
      """
    #expect(query.types == [.bigint, .boolean, .doublePrecision, .doublePrecision, .inferred])
    for prepares in [true, false] {
      let connection = try PostgresConnection(
        url: try PostgresTestServer.freshStore("pgtypes"), prepares: prepares)
      for _ in 1...2 {
        let rows = try connection.query(query)
        #expect(try rows.text(0, "number") == "bigint")
        #expect(try rows.text(0, "truth") == "boolean")
        #expect(try rows.text(0, "time") == "double precision")
        let seconds = try #require(Double(try rows.text(0, "seconds")))
        #expect(Date(timeIntervalSinceReferenceDate: seconds) == at)
      }
    }
  }

  @Test func test_AC_PG_16_rowsAreReadByNameAndWhatCannotBeReadIsTheClientsToSay() throws {
    let connection = try PostgresConnection(url: try PostgresTestServer.freshStore("pgquery"))
    let strange = "x'); DROP TABLE t; --"
    let rows = try connection.query(
      "SELECT \(strange)::text AS said, \(Optional<String>.none)::text AS nothing, 'ten' AS word")
    #expect(try rows.text(0, "said") == strange)
    #expect(try rows.optionalText(0, "nothing") == nil)
    #expect(throws: PostgresError.client("the result has no column 'missing'")) {
      try rows.text(0, "missing")
    }
    let notANumber = PostgresError.client(
      "the server sent 'ten' where column 'word' holds a number")
    #expect(throws: notANumber) { try rows.integer(0, "word") }
    #expect {
      try connection.query("SELECT 1 / 0")
    } throws: { error in
      let error = error as? PostgresError
      return error?.state == "22012"
        && error?.description.hasPrefix("PostgreSQL error 22012: ") == true
    }
    #expect(PostgresError.client("gone").description == "gone")
  }

  @Test func test_AC_PG_17_statementsSentTogetherAnswerInOrderAndStopAtTheFirstFailure() throws {
    let connection = try PostgresConnection(url: try PostgresTestServer.freshStore("pgpipe"))
    try connection.execute("CREATE TABLE t (n integer)")
    let count: PostgresQuery = "SELECT count(*) AS n FROM t"
    let answers = try connection.pipeline(["SELECT 1 AS n", "SELECT \(Int64(2)) AS n"])
    #expect(try answers.map { try $0.integer(0, "n") } == [1, 2])
    #expect {
      try connection.pipeline([
        "INSERT INTO t VALUES (1)", "SELECT 1 / 0", "INSERT INTO t VALUES (2)",
      ])
    } throws: { error in (error as? PostgresError)?.state == "22012" }
    // NB: what ran before the failure went with it; what came after never ran.
    #expect(try connection.query(count).integer(0, "n") == 0)
    connection.later("INSERT INTO t VALUES (3)")
    #expect(try connection.query(count).integer(0, "n") == 1)
    connection.later("INSERT INTO t VALUES (4)")
    connection.discardDeferred()
    #expect(try connection.query(count).integer(0, "n") == 1)
  }
}
