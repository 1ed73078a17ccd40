import Foundation
import TeammateKit
import TeammatePostgres
import TeammateTestHarness
import TeammateTestSupport
import Testing

@testable import TeammateCLI

/// The operator's steps through the built binary, and a device that tries to act as another
/// account (ADR 0014).
@Suite struct ServerAccountCLITests {
  /// `server add-account NAME` on `store` as JSON, the secret in `passfile`.
  static func add(_ name: String, on store: String, passfile: String) async throws -> [String: Any]
  {
    let added = try await Binary.run(
      ["--store", store, "--json", "server", "add-account", name, "--passfile", passfile],
      environment: [:])
    #expect(added.exitCode == 0, "\(added.stderr)")
    return try #require(
      JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
  }

  @Test func test_AC_CLI_93_anOperatorGivesAnAccountARoleAndItsDeviceAURL() async throws {
    let store = try ServerCLITests.server()
    let folder = try TemporaryFolder.make()
    let passfile = folder.appending("alice.pgpass")
    let added = try await Self.add("alice", on: store, passfile: passfile)
    let url = try #require(added["url"] as? String)
    let role = try #require(added["role"] as? String)
    #expect(role.hasPrefix("teammate_") && url.contains("user=\(role)"))
    #expect(url.contains("passfile=") && !url.contains("password"))
    let line = try String(contentsOfFile: passfile, encoding: .utf8)
    #expect(
      line.hasPrefix("*:*:*:\(role):") && !url.contains(String(line.split(separator: ":")[4])))
    let mode = try FileManager.default.attributesOfItem(atPath: passfile)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)

    let device = folder.appending("alice.sqlite")
    let created = try await Binary.run(
      [
        "--store", url, "--device", device, "--as", "alice", "household", "create", "--name",
        "Home",
      ],
      environment: ["TEAMMATE_NOW": "2026-12-01T09:00:00+08:00"])
    #expect(created.exitCode == 0, "\(created.stderr)")

    let again = try await Binary.run(
      ["--store", store, "server", "add-account", "alice", "--passfile", passfile],
      environment: [:])
    #expect(again.exitCode == 64 && again.stderr.contains("is there already"), "\(again.stderr)")
    let twice = try await Binary.run(
      ["--store", store, "server", "add-account", "alice", "--passfile", folder.appending("b")],
      environment: [:])
    #expect(
      twice.exitCode == 74 && twice.stderr.contains("'alice' has a role on this store already"))
    let file = try await Binary.run(
      ["--store", folder.appending("x.sqlite"), "server", "add-account", "bob"], environment: [:])
    #expect(file.exitCode == 64 && file.stderr.contains("needs --store with the server's URL"))

    let removed = try await Binary.run(
      ["--store", store, "server", "remove-account", "alice"], environment: [:])
    #expect(removed.exitCode == 0 && removed.stdout == "alice no longer signs in to this server.\n")
    let after = try await Binary.run(
      ["--store", url, "--device", device, "--as", "alice", "household", "show"], environment: [:])
    #expect(after.exitCode == 74, "\(after.stderr)")
    #expect(after.stderr.contains("teammate: error: the store at"))
  }

  @Test func test_AC_CLI_94_aDeviceURLActsOnlyAsItsOwnAccount() async throws {
    let store = try ServerCLITests.server()
    let folder = try TemporaryFolder.make()
    let url = try await #require(
      try Self.add("mallory", on: store, passfile: folder.appending("m.pgpass"))["url"] as? String)
    let refused = try await Binary.run(
      [
        "--store", url, "--device", folder.appending("m.sqlite"), "--as", "alice",
        "household", "create", "--name", "Not hers",
      ], environment: ["TEAMMATE_NOW": "2026-12-01T09:00:00+08:00"])
    #expect(refused.exitCode == 64, "\(refused.stderr)")
    #expect(
      refused.stderr.contains(
        "teammate: error: --as alice, but the server URL signs in as mallory"), "\(refused.stderr)")
    let service = try PostgresBackend(url: store, clock: ManualWallClock(Fixtures.start))
    #expect(try await service.householdID(of: "alice", as: "alice") == nil)
  }
}
