import Foundation
import Testing

@testable import TeammateSQLite

@Suite struct SQLiteConnectionTests {
  @Test func boundTextTravelsVerbatimAndNeverAsSQL() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.execute("CREATE TABLE t (v TEXT NOT NULL)")
    let hostile = "'); DROP TABLE t; -- 家 👨‍👩‍👧"
    try connection.run("INSERT INTO t (v) VALUES (?)", [.text(hostile)])
    let values = try connection.rows("SELECT v FROM t", []) { $0.text(0) }
    #expect(values == [hostile])
  }

  @Test func failedStatementCarriesSQLitesMessage() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    #expect {
      try connection.execute("SELECT * FROM missing")
    } throws: { error in
      (error as? SQLiteError)?.message == "no such table: missing"
    }
  }

  @Test func rolledBackTransactionLeavesNothing() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.execute("CREATE TABLE t (v INTEGER)")
    struct Abandon: Error {}
    #expect(throws: Abandon.self) {
      try connection.writeTransaction {
        try connection.run("INSERT INTO t (v) VALUES (?)", [.integer(1)])
        throw Abandon()
      }
    }
    #expect(try connection.rows("SELECT count(*) FROM t") { $0.int(0) } == [0])
  }
}
