import Foundation
import TeammatePostgres
import TeammateTestHarness
import TeammateTestSupport
import Testing

/// `teammate watch` in a process of its own, while the partner writes from another.
@Suite struct WatchCLITests {
  static let now = ["TEAMMATE_NOW": "2026-12-01T09:00:00+08:00", "PATH": "/usr/bin:/bin"]

  /// Alice's and Bob's household on one store file, Bob synced: the file.
  func coupleOnAFile() async throws -> String {
    let store = try TemporaryFolder.make().appending("home.sqlite")
    let created = try await Binary.run(
      ["--store", store, "--as", "alice", "--json", "household", "create", "--name", "Home"],
      environment: Self.now)
    let document = try JSONSerialization.jsonObject(with: Data(created.stdout.utf8))
    let code = try #require(
      ((document as? [String: Any])?["invite"] as? [String: Any])?["code"] as? String)
    _ = try await Binary.run(
      ["--store", store, "--as", "bob", "household", "join", code], environment: Self.now)
    _ = try await Binary.run(["--store", store, "--as", "bob", "sync"], environment: Self.now)
    return store
  }

  @Test func test_AC_CLI_68_watchPrintsThePartnersWriteFromAnotherProcessOnOneFile() async throws {
    let store = try await coupleOnAFile()
    let watch = try RunningProgram(
      Binary.url, ["--store", store, "--as", "bob", "watch", "--count", "2"], environment: Self.now)
    let added = try await Binary.run(
      ["--store", store, "--as", "alice", "card", "add", "Milk"], environment: Self.now)
    #expect(added.exitCode == 0, "\(added.stderr)")
    #expect(try await watch.lines.next(within: 3) == "alice logged \"Milk\"")
    _ = try await Binary.run(
      ["--store", store, "--as", "alice", "card", "add", "Wipes"], environment: Self.now)
    #expect(try await watch.lines.next(within: 3) == "alice logged \"Wipes\"")
    #expect(try await watch.exitStatus(within: 5) == 0)

    // With --json, one document per line.
    let json = try RunningProgram(
      Binary.url, ["--store", store, "--as", "bob", "--json", "watch", "--count", "1"],
      environment: Self.now)
    _ = try await Binary.run(
      ["--store", store, "--as", "alice", "card", "add", "Bottles"], environment: Self.now)
    let line = try #require(try await json.lines.next(within: 3))
    let document = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect(document?["kind"] as? String == "logged" && document?["title"] as? String == "Bottles")
    #expect(try await json.exitStatus(within: 5) == 0)
    // Quiet: nothing but the news, and the news is seen (a sync after says nothing new).
    let synced = try await Binary.run(
      ["--store", store, "--as", "bob", "sync"], environment: Self.now)
    #expect(!synced.stdout.contains("Bottles"), "\(synced.stdout)")
  }

  @Test func test_AC_CLI_92_watchPrintsThePartnersListNewsAsItHappens() async throws {
    let store = try await coupleOnAFile()
    let watch = try RunningProgram(
      Binary.url, ["--store", store, "--as", "bob", "watch", "--count", "2"], environment: Self.now)
    let added = try await Binary.run(
      ["--store", store, "--as", "alice", "list", "add", "milk", "eggs"], environment: Self.now)
    #expect(added.exitCode == 0, "\(added.stderr)")
    #expect(try await watch.lines.next(within: 3) == "alice added milk and eggs")
    _ = try await Binary.run(
      ["--store", store, "--as", "alice", "list", "got", "milk"], environment: Self.now)
    #expect(try await watch.lines.next(within: 3) == "alice got milk")
    #expect(try await watch.exitStatus(within: 5) == 0)
  }

  @Test func test_AC_CLI_69_watchOnAServerFollowsAndOutlivesARestart() async throws {
    let cluster = try await ThrowawayCluster.start(packageOf: #filePath)
    defer { cluster.remove() }
    let server = try PostgresBackend.createSchema("watch", on: cluster.url)
    let cli = ServerCLITests()
    let (_, alice, bob) = try await cli.couple(on: server)
    await #expect(try cli.run(server, bob, "bob", ["sync"]).exitCode == 0)

    let watch = try RunningProgram(
      Binary.url,
      ["--store", server, "--device", bob, "--as", "bob", "watch", "--count", "2"],
      environment: Self.now)
    await #expect(try cli.run(server, alice, "alice", ["card", "add", "Diapers"]).exitCode == 0)
    #expect(try await watch.lines.next(within: 3) == "alice logged \"Diapers\"")

    try await cluster.halt()
    let lost = try #require(try await watch.errors.next(within: 10))
    #expect(lost.hasPrefix("teammate: warning: the store stopped answering"), "\(lost)")
    try await cluster.resume()
    let back = try #require(try await watch.errors.next(within: 40))
    #expect(back == "teammate: warning: the store answers again; watching", "\(back)")
    await #expect(try cli.run(server, alice, "alice", ["card", "add", "Wipes"]).exitCode == 0)
    #expect(try await watch.lines.next(within: 5) == "alice logged \"Wipes\"")
    #expect(try await watch.exitStatus(within: 5) == 0)
  }
}
