import Foundation

extension Commands {
  static let demo = CommandSpec(
    path: ["demo"],
    abstract: "Walk through two partners and their phones, on a throwaway store.",
    discussion:
      "Each step is printed as the command a person would type, followed by its output. "
      + "Pass --store to keep the store afterwards."
  ) { session, _ in
    let keep = session.globals.store != nil
    let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "teammate-demo-\(UUID().uuidString)")
    let store =
      session.globals.store.map { ($0 as NSString).expandingTildeInPath }
      ?? (folder as NSString).appendingPathComponent("demo.sqlite")
    defer { if !keep { try? FileManager.default.removeItem(atPath: folder) } }

    let player = DemoPlayer(store: store)
    var transcript: [JSONValue] = []
    var text = "Teammate demo: Alice and Bob share a household, each on their own phone.\n"
    text += "Store: \(store)\(keep ? "" : " (thrown away afterwards)")\n"
    for step in DemoScript.steps {
      let arguments = try await player.resolve(step.arguments, time: step.time)
      let output = try await player.run(step.account, arguments, time: step.time)
      let command = (["teammate", "--as", step.account] + arguments.map(quoted))
        .joined(separator: " ")
      text += "\n# \(step.time)  \(step.says)\n$ \(command)\n\(output)"
      transcript.append(.object(["command": .string(command), "output": .string(output)]))
    }
    if session.json {
      return session.writeJSON(.object(["store": .string(store), "steps": .array(transcript)]))
    }
    session.write(text)
  }

  /// A word as a shell would need it typed.
  static func quoted(_ word: String) -> String {
    word.contains(where: { " ?'\"$&;|<>*".contains($0) })
      ? "'\(word.replacingOccurrences(of: "'", with: "'\\''"))'" : word
  }
}

/// Runs demo steps against one store, each at its own time of day.
struct DemoPlayer {
  let store: String

  /// One command as `account`, at `time` on the demo's day; its stdout, or the failure.
  func run(_ account: String, _ arguments: [String], time: String) async throws -> String {
    let environment = ["TEAMMATE_STORE": store, "TEAMMATE_NOW": "2026-12-01T\(time):00+08:00"]
    let outcome = await Teammate.run(["--as", account] + arguments, environment: environment)
    guard outcome.exitCode == 0 else {
      throw CLIError.notFound(
        "the demo step 'teammate \(arguments.joined(separator: " "))' failed: \(outcome.stderr)")
    }
    return outcome.stdout
  }

  /// The arguments with `{invite}` and `{card:TITLE}` replaced by what they stand for now.
  func resolve(_ arguments: [String], time: String) async throws -> [String] {
    var resolved: [String] = []
    for argument in arguments {
      if argument == "{invite}" {
        let invite = try await json("alice", ["invite", "show"], time: time)
        resolved.append(invite["code"] as? String ?? argument)
      } else if argument.hasPrefix("{card:"), argument.hasSuffix("}") {
        let title = String(argument.dropFirst("{card:".count).dropLast())
        let cards =
          try await json("alice", ["card", "list"], time: time)["cards"] as? [[String: Any]]
        resolved.append(cards?.first { $0["title"] as? String == title }?["id"] as? String ?? title)
      } else {
        resolved.append(argument)
      }
    }
    return resolved
  }

  private func json(_ account: String, _ arguments: [String], time: String) async throws
    -> [String: Any]
  {
    let output = try await run(account, ["--json"] + arguments, time: time)
    return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
  }
}
