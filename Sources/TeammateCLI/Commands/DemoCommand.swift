import Foundation

extension Commands {
  static let demo = CommandSpec(
    path: ["demo"],
    abstract: "Walk through two partners and their phones, on a throwaway store.",
    discussion:
      "Each step is printed as the command a person would type, followed by its output. "
      + "Pass --store to keep the store afterwards; a postgresql:// store plays the two phones "
      + "as two machines, each with a device file of its own (thrown away afterwards).",
    examples: [
      "teammate demo",
      "teammate --store \"$(scripts/postgres.sh start)\" demo",
    ]
  ) { session, _ in
    let server = session.onServer ? session.storePath : nil
    let kept =
      server == nil ? session.globals.store.map { ($0 as NSString).expandingTildeInPath } : nil
    let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "teammate-demo-\(UUID().uuidString)")
    let store = server ?? kept ?? (folder as NSString).appendingPathComponent("demo.sqlite")
    defer { if kept == nil { try? FileManager.default.removeItem(atPath: folder) } }

    // NB: on a server, each phone is a machine of its own: a device file each.
    let devices =
      server == nil
      ? [:]
      : Dictionary(
        uniqueKeysWithValues: ["alice", "bob"].map {
          ($0, (folder as NSString).appendingPathComponent("\($0).device.sqlite"))
        })
    let chinese = session.language == .traditionalChinese
    let player = DemoPlayer(store: store, devices: devices, chinese: chinese)
    var transcript: [JSONValue] = []
    var text =
      chinese
      ? "Teammate 示範：小美和阿明同一個家，各有各的手機。\n"
      : "Teammate demo: Alice and Bob share a household, each on their own phone.\n"
    switch (server, chinese) {
    case (let server?, false):
      text +=
        "Store: the server at \(ServerURL.masked(server)); each phone keeps a device file of "
        + "its own, thrown away afterwards.\n"
    case (let server?, true):
      text += "儲存區：伺服器 \(ServerURL.masked(server))；每支手機有自己的裝置檔，結束後丟掉。\n"
    case (nil, false):
      text +=
        kept.map { "Store: \($0) (kept)\n" } ?? "Store: a throwaway one, removed afterwards.\n"
    case (nil, true):
      text += kept.map { "儲存區：\($0)（保留）\n" } ?? "儲存區：用完即丟的一個，結束後移除。\n"
    }
    do {
      for (index, step) in (chinese ? DemoScript.chineseSteps : DemoScript.steps).enumerated() {
        let number = index + 1
        let arguments = try await player.resolve(step.arguments, time: step.time, step: number)
        let command = (["teammate", "--as", step.account] + arguments.map(quoted))
          .joined(separator: " ")
        let output = try await player.run(
          step.account, arguments, time: step.time, step: number, expects: step.expects)
        text += "\n# \(step.time)  \(step.says)\n$ \(command)\n\(output)"
        transcript.append(.object(["command": .string(command), "output": .string(output)]))
      }
    } catch {
      if server != nil { await player.leaveServer() }
      throw error
    }
    if server != nil {
      await player.leaveServer()
      text +=
        chinese
        ? "\n示範的家已從伺服器刪除：alice 和 bob 又自由了。\n"
        : "\nThe demo's household is deleted from the server: alice and bob are free again.\n"
    }
    if session.json {
      return session.writeJSON(
        .object(["store": kept.map { .string($0) } ?? .null, "steps": .array(transcript)]))
    }
    session.write(text)
  }

  /// A word as a shell would need it typed.
  static func quoted(_ word: String) -> String {
    word.contains(where: { " ?'\"$&;|<>*".contains($0) })
      ? "'\(word.replacingOccurrences(of: "'", with: "'\\''"))'" : word
  }
}

/// A demo step that did not do what the demo says: which step, and why, in one sentence.
struct DemoStepFailure: ReportedError {
  let step: Int
  let command: String
  let reason: String
  let kind: FailureKind

  var description: String { "demo step \(step) ('\(command)') failed: \(reason)" }
  var hint: String? { nil }
  /// The step's own usage line would not help: the demo was typed right.
  var showsUsage: Bool { false }
}

/// Runs demo steps against one store, each at its own time of day.
struct DemoPlayer {
  /// On a server, the demo leaves it as it found it, whatever happened: Bob leaves, and
  /// Alice, the last member, deletes the household (each step may find nothing to do).
  func leaveServer() async {
    let time = DemoScript.steps.last?.time ?? "23:00"
    _ = try? await run("bob", ["household", "leave"], time: time, step: 0)
    _ = try? await run(
      "alice", ["household", "leave", "--delete-household"], time: time, step: 0)
  }

  let store: String
  /// Each account's device file, when the store is a server.
  var devices: [String: String] = [:]
  /// Whether the phones speak Traditional Chinese (AC-LANG-15).
  var chinese = false

  /// One command as `account`, at `time` on the demo's day: its stdout, which must hold each
  /// of `expects`.
  func run(
    _ account: String, _ arguments: [String], time: String, step: Int, expects: [String] = []
  ) async throws -> String {
    var environment = ["TEAMMATE_STORE": store, "TEAMMATE_NOW": "2026-12-01T\(time):00+08:00"]
    environment["TEAMMATE_DEVICE"] = devices[account]
    if chinese { environment["TEAMMATE_LANG"] = "zh-Hant" }
    let outcome = await Teammate.run(["--as", account] + arguments, environment: environment)
    let command = (["teammate", "--as", account] + arguments).joined(separator: " ")
    guard outcome.exitCode == 0 else {
      // NB: the step's own first error line, without its prefix: one clean sentence.
      let line = outcome.stderr.split(separator: "\n").first { $0.hasPrefix("teammate: error: ") }
      throw DemoStepFailure(
        step: step, command: command,
        reason: line.map { String($0.dropFirst("teammate: error: ".count)) } ?? "it failed",
        kind: Self.kind(outcome.exitCode))
    }
    if let missing = expects.first(where: { !outcome.stdout.contains($0) }) {
      throw DemoStepFailure(
        step: step, command: command, reason: "its output does not say '\(missing)'",
        kind: .refused)
    }
    return outcome.stdout
  }

  /// The arguments with `{invite}` and `{card:TITLE}` replaced by what they stand for now.
  func resolve(_ arguments: [String], time: String, step: Int) async throws -> [String] {
    var resolved: [String] = []
    for argument in arguments {
      if argument == "{invite}" {
        let invite = try await json("alice", ["invite", "show"], time: time, step: step)
        resolved.append(invite["code"] as? String ?? argument)
      } else if argument.hasPrefix("{card:"), argument.hasSuffix("}") {
        let title = String(argument.dropFirst("{card:".count).dropLast())
        let cards =
          try await json("alice", ["card", "list"], time: time, step: step)["cards"]
          as? [[String: Any]]
        resolved.append(cards?.first { $0["title"] as? String == title }?["id"] as? String ?? title)
      } else {
        resolved.append(argument)
      }
    }
    return resolved
  }

  private func json(_ account: String, _ arguments: [String], time: String, step: Int)
    async throws -> [String: Any]
  {
    let output = try await run(account, ["--json"] + arguments, time: time, step: step)
    return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
  }

  private static func kind(_ exitCode: Int32) -> FailureKind {
    switch exitCode {
    case ExitCode.usage: .usage
    case ExitCode.store: .store
    default: .refused
    }
  }
}
