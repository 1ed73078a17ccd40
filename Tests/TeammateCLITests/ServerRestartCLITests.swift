import Foundation
import TeammatePostgres
import TeammateTestHarness
import TeammateTestSupport
import Testing

@Suite struct ServerRestartCLITests {
  @Test func test_AC_CLI_63_aServerRestartedBetweenCommandsIs74ThenWorksAgain() async throws {
    let cluster = try await ThrowawayCluster.start(packageOf: #filePath)
    defer { cluster.remove() }
    let server = try PostgresBackend.createSchema("restart", on: cluster.url)
    let cli = ServerCLITests()
    let (_, alice, bob) = try await cli.couple(on: server)
    await #expect(try cli.run(server, alice, "alice", ["card", "add", "Diapers"]).exitCode == 0)

    try await cluster.halt()
    let down = try await cli.run(server, alice, "alice", ["card", "add", "Wipes"])
    #expect(down.exitCode == 74)
    #expect(down.stderr.hasPrefix("teammate: error: "), "\(down.stderr)")
    #expect(down.stderr.contains(cluster.url.prefix(30)) && down.stderr.contains("hint: "))
    let waiting = try await cli.run(server, bob, "bob", ["--offline", "card", "add", "Bottles"])
    #expect(waiting.exitCode == 0, "\(waiting.stderr)")
    // What the device holds is read without the server (AC-DEV-21).
    let held = try await cli.run(server, bob, "bob", ["notifications"])
    #expect(held.exitCode == 0, "\(held.stderr)")

    try await cluster.resume()
    let listed = try await cli.json(
      try cli.run(server, alice, "alice", ["--json", "card", "list"]))
    let titles = (listed["cards"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
    #expect(titles == ["Diapers"])
    await #expect(try cli.run(server, bob, "bob", ["sync"]).exitCode == 0)
    let after = try await cli.json(try cli.run(server, alice, "alice", ["--json", "card", "list"]))
    let landed = (after["cards"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
    #expect(landed?.sorted() == ["Bottles", "Diapers"])
  }
}
