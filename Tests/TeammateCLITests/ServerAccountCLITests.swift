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

  @Test func test_AC_PORT_10_anOperatorErasesAnAccountWhoseRequestCameByMail() async throws {
    let store = try ServerCLITests.server()
    let folder = try TemporaryFolder.make()
    let now = ["TEAMMATE_NOW": "2026-12-01T09:00:00+08:00"]
    var urls: [String: String] = [:]
    for name in ["alice", "bob"] {
      urls[name] = try await #require(
        try Self.add(name, on: store, passfile: folder.appending("\(name).pgpass"))["url"]
          as? String)
    }
    func run(_ name: String, _ arguments: [String]) async throws -> CommandOutcome {
      try await Binary.run(
        ["--store", urls[name] ?? "", "--device", folder.appending("\(name).sqlite"), "--as", name]
          + arguments, environment: now)
    }
    let created = try await run("alice", ["--json", "household", "create", "--name", "Home"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
    let code = try #require((document["invite"] as? [String: Any])?["code"] as? String)
    #expect(try await run("bob", ["household", "join", code]).exitCode == 0)
    #expect(try await run("alice", ["card", "add", "Checkup", "--kind", "task"]).exitCode == 0)

    let erased = try await Binary.run(
      ["--store", store, "server", "erase-account", "alice"], environment: [:])
    #expect(erased.exitCode == 0, "\(erased.stderr)")
    #expect(erased.stdout == "alice is erased; what they wrote stays, by a former member.\n")
    let told = try await run("bob", ["sync"])
    #expect(told.stdout.contains("A former member erased their account"), "\(told.stdout)")
    let after = try await run("alice", ["household", "show"])
    #expect(after.exitCode == 74, "\(after.stderr)")

    let alone = try await Binary.run(
      ["--store", store, "server", "erase-account", "bob"], environment: [:])
    #expect(alone.exitCode == 1, "\(alone.stderr)")
    #expect(
      alone.stderr.hasSuffix(
        "hint: to delete it with the account: teammate server erase-account bob --delete-household\n"
      ), "\(alone.stderr)")
    #expect(try await run("bob", ["card", "list"]).stdout.contains("Checkup"))
    let both = try await Binary.run(
      ["--store", store, "server", "erase-account", "bob", "--delete-household"], environment: [:])
    #expect(both.exitCode == 0, "\(both.stderr)")
  }
}
