import Foundation

/// A PostgreSQL cluster of one test's own (`scripts/postgres.sh`), for the tests that stop and
/// start a server, which the shared one must never be. The test process owns it: the script's
/// watcher stops it once the process is gone, however it ended, with the folder's own
/// stopper, which needs nothing of the checkout (issue 64).
public struct ThrowawayCluster: Sendable {
  public struct Failed: Error, CustomStringConvertible {
    public var description: String
  }

  /// The cluster's URL.
  public let url: String
  /// The script that made it, and stops it.
  public let script: String

  /// Starts a cluster with the script of the package holding `path` (a file or folder in it):
  /// one server, or with `pair` a primary and its synchronous standby behind one two-host URL.
  ///
  /// With `poolerFor`, what starts is no server but PgBouncer in transaction mode before the
  /// server at that URL, and `url` is the pooler's.
  public init(packageOf path: String, pair: Bool = false, poolerFor server: String? = nil) throws {
    var root = URL(fileURLWithPath: path)
    while root.pathComponents.count > 1,
      !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
    {
      root.deleteLastPathComponent()
    }
    script = root.appendingPathComponent("scripts/postgres.sh").path
    let verb = server.map { ["start-pooler", $0] } ?? [pair ? "start-pair" : "start"]
    url = try Self.run(script, verb)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Starts a cluster as `init` does, waited for off Swift's cooperative threads: a test
  /// waiting for a server to start or stop must not hold the threads the others run on.
  public static func start(packageOf path: String, pair: Bool = false) async throws
    -> ThrowawayCluster
  {
    try await offThePool { try ThrowawayCluster(packageOf: path, pair: pair) }
  }

  /// Stops a pair's primary at once, as a crash does.
  public func killPrimary() async throws { try await script(["kill-primary", url]) }

  /// Makes a pair's standby the primary.
  public func promote() async throws { try await script(["promote", url]) }

  /// Stops the server and keeps its data, as a restart would.
  public func halt() async throws { try await script(["halt", url]) }

  /// Starts the halted server again on the same data.
  public func resume() async throws { try await script(["resume", url]) }

  /// Runs the cluster's script with `arguments`, off Swift's cooperative threads.
  private func script(_ arguments: [String]) async throws {
    let script = self.script
    _ = try await offThePool { try Self.run(script, arguments) }
  }

  /// Stops the server and removes its folder.
  public func remove() { _ = try? Self.run(script, ["stop", url]) }

  private static func run(_ script: String, _ arguments: [String]) throws -> String {
    try Self.output(of: "/bin/bash", [script] + arguments)
  }

  /// What a program printed; its error output in the error when it fails.
  public static func output(of program: String, _ arguments: [String]) throws -> String {
    let run = try ProgramRun(URL(fileURLWithPath: program), arguments)
    guard run.status == 0 else {
      throw Failed(description: "\(program) \(arguments.joined(separator: " ")): \(run.complaint)")
    }
    return run.printed
  }
}
