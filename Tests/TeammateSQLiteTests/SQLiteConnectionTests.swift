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

  @Test func test_AC_STORE_22_rowsAreReadByColumnNameAndAMissingNameIsSaid() throws {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.execute("CREATE TABLE t (a TEXT, b INTEGER)")
    try connection.run("INSERT INTO t (a, b) VALUES (?, ?)", [.text("x"), .integer(7)])
    // NB: the columns in another order than the reader asks for them.
    let read = try connection.rows("SELECT b, a FROM t", []) { row in
      (try row.text(named: "a"), try row.int(named: "b"))
    }
    #expect(read.map(\.0) == ["x"] && read.map(\.1) == [7])
    #expect {
      _ = try connection.rows("SELECT a FROM t", []) { try $0.text(named: "c") }
    } throws: { error in
      (error as? SQLiteError)?.message == "the statement returns no column 'c': SELECT a FROM t"
    }
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
