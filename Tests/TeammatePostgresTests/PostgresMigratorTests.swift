import Foundation
import TeammateKit
import TeammateTestHarness
import Testing

@testable import TeammatePostgres

/// The migrator, beyond its steps: their names (AC-PG-52) and what it does to whatever the
/// steps made (AC-PG-50).
@Suite struct PostgresMigratorTests {
  /// The definer functions of the store's schema that are not hardened: not the owner's, not
  /// finding names in the store's schema and then `pg_temp`, or anybody's to run.
  static func bareDefiners(_ connection: PostgresConnection) throws -> [String] {
    let rows = try connection.query(
      """
      SELECT p.proname AS name FROM pg_proc p
      WHERE p.pronamespace = current_schema()::regnamespace AND p.prosecdef
        AND (pg_get_userbyid(p.proowner) <> 'teammate_owner'
          OR coalesce(array_to_string(p.proconfig, ','), '')
            <> 'search_path=' || current_schema() || ', pg_temp'
          OR p.proacl IS NULL
          OR EXISTS (SELECT 1 FROM aclexplode(p.proacl) a WHERE a.grantee = 0))
      ORDER BY 1
      """)
    return try (0..<rows.count).map { try rows.text($0, "name") }
  }

  @Test func test_AC_PG_50_theMigratorHardensEveryDefinerFunctionItsStepsMade() throws {
    let connection = try PostgresConnection(url: try PostgresTestServer.freshStore("migrator"))
    try PostgresBackend.prepare(connection, searchPath: nil)
    let definers = try connection.query(
      """
      SELECT count(*) AS n FROM pg_proc
      WHERE pronamespace = current_schema()::regnamespace AND prosecdef
      """
    ).integer(0, "n")
    #expect(definers > 20)
    #expect(try Self.bareDefiners(connection) == [])
    // NB: a step that makes a definer and says nothing more, as a new step might: found bare,
    // then hardened by what the migrator runs after every step.
    try connection.execute(
      "CREATE FUNCTION teammate_bare() RETURNS int LANGUAGE sql SECURITY DEFINER AS 'SELECT 1'")
    #expect(try Self.bareDefiners(connection) == ["teammate_bare"])
    try connection.execute(PostgresSchema.definerHardening)
    #expect(try Self.bareDefiners(connection) == [])
  }

  @Test func test_AC_PG_52_theServersStepsAreNamedAndItsVersionIsHowManyRan() throws {
    #expect(PostgresSchema.migrations.flaw == nil)
    let connection = try PostgresConnection(url: try PostgresTestServer.freshStore("steps"))
    try PostgresBackend.prepare(connection, searchPath: nil)
    #expect(try PostgresBackend.currentVersion(connection) == PostgresSchema.migrations.count)
  }
}
