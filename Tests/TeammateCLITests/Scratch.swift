import Foundation
import TeammateCLI
import TeammateTestHarness
import TeammateTestSupport
import Testing

/// A throwaway store and the environment that points the tool at it.
struct Scratch {
  let folder: TemporaryFolder.Folder
  let store: String
  /// The clock every run uses unless it says otherwise: 09:00 in Taipei.
  var now = "2026-12-01T09:00:00+08:00"

  init() throws {
    folder = try TemporaryFolder.make()
    store = folder.appending("store.sqlite")
  }

  var environment: [String: String] { ["TEAMMATE_STORE": store, "TEAMMATE_NOW": now] }

  /// Runs the tool in this process, as `account` when one is given.
  func run(_ account: String?, _ arguments: [String], now: String? = nil) async -> CommandOutcome {
    var environment = self.environment
    if let now { environment["TEAMMATE_NOW"] = now }
    return await Teammate.run(
      (account.map { ["--as", $0] } ?? []) + arguments, environment: environment)
  }

  /// Runs a command that must succeed and returns its stdout as JSON.
  func json(_ account: String, _ arguments: [String], now: String? = nil) async throws -> [String:
    Any]
  {
    let outcome = await run(account, ["--json"] + arguments, now: now)
    #expect(outcome.exitCode == 0, "\(arguments): \(outcome.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
  }

  /// Alice creates "Home" in Taipei and Bob joins; the invite code used.
  @discardableResult
  func couple() async throws -> String {
    let created = try await json(
      "alice",
      ["household", "create", "--name", "Home", "--tz", "Asia/Taipei", "--display-name", "Alice"])
    let code = try #require((created["invite"] as? [String: Any])?["code"] as? String)
    _ = try await json("bob", ["household", "join", code, "--display-name", "Bob"])
    return code
  }

  /// Adds a card as `account` and returns its JSON.
  func card(_ account: String, _ arguments: [String], now: String? = nil) async throws -> [String:
    Any]
  {
    let document = try await json(account, ["card", "add"] + arguments, now: now)
    return try #require(document["card"] as? [String: Any])
  }

  /// What Alice can see of the household, to prove a command changed nothing.
  func fingerprint() async throws -> [String: Any] {
    try await json("alice", ["card", "list"]).merging(
      try await json("alice", ["household", "show"])
    ) { $1 }
  }
}

/// The built `teammate` executable, run as a separate process.
enum Binary {
  /// The products folder holds the test runner and the executable side by side.
  static var url: URL {
    URL(fileURLWithPath: Bundle.main.bundlePath).appendingPathComponent("teammate")
  }

  static func run(_ arguments: [String], environment: [String: String]) async throws
    -> CommandOutcome
  {
    try await run(
      url, arguments, environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
  }

  /// Any program, stdout and stderr captured apart, with exactly `environment`; waited for
  /// off Swift's cooperative threads, which the other tests need meanwhile.
  static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String]
  ) async throws -> CommandOutcome {
    let run = try await offThePool {
      try ProgramRun(executable, arguments, environment: environment)
    }
    return CommandOutcome(stdout: run.printed, stderr: run.complaint, exitCode: run.status)
  }
}
