import Foundation

extension Commands {
  /// One step of the walk-through: what happens, at what time, and the command a person types.
  struct DemoStep {
    let time: String
    let says: String
    let account: String
    let arguments: [String]
  }

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

    var transcript: [JSONValue] = []
    var text = "Teammate demo: Alice and Bob share a household, each on their own phone.\n"
    text += "Store: \(store)\(keep ? "" : " (thrown away afterwards)")\n"

    func run(_ step: DemoStep) async throws -> String {
      let environment = [
        "TEAMMATE_STORE": store, "TEAMMATE_NOW": "2026-12-01T\(step.time):00+08:00",
      ]
      let outcome = await Teammate.run(
        ["--as", step.account] + step.arguments, environment: environment)
      guard outcome.exitCode == 0 else {
        throw CLIError.notFound(
          "the demo step 'teammate \(step.arguments.joined(separator: " "))' failed: \(outcome.stderr)"
        )
      }
      return outcome.stdout
    }

    /// Runs a step quietly with --json and returns one string field of the result.
    func lookup(_ account: String, _ arguments: [String], time: String) async throws -> Any? {
      let output = try await run(
        DemoStep(time: time, says: "", account: account, arguments: ["--json"] + arguments))
      return try JSONSerialization.jsonObject(with: Data(output.utf8))
    }

    func cardID(titled title: String, time: String) async throws -> String {
      let list = try await lookup("alice", ["card", "list"], time: time) as? [String: Any]
      let cards = list?["cards"] as? [[String: Any]] ?? []
      return cards.first { $0["title"] as? String == title }?["id"] as? String ?? title
    }

    func show(_ step: DemoStep) async throws {
      let output = try await run(step)
      let command = (["teammate", "--as", step.account] + step.arguments.map(quoted)).joined(
        separator: " ")
      text += "\n# \(step.time)  \(step.says)\n$ \(command)\n\(output)"
      transcript.append(.object(["command": .string(command), "output": .string(output)]))
    }

    try await show(
      DemoStep(
        time: "09:00", says: "Alice creates the household; it comes with an invite code.",
        account: "alice",
        arguments: [
          "household", "create", "--name", "Home", "--tz", "Asia/Taipei", "--display-name", "Alice",
        ]))
    let invite = try await lookup("alice", ["invite", "show"], time: "09:01") as? [String: Any]
    let code = invite?["code"] as? String ?? ""
    try await show(
      DemoStep(
        time: "09:05", says: "Bob joins with the code Alice read out.", account: "bob",
        arguments: ["household", "join", code, "--display-name", "Bob"]))
    try await show(
      DemoStep(
        time: "09:10", says: "Alice logs what she did, and what is coming.", account: "alice",
        arguments: ["card", "add", "Bought diapers", "--note", "the big pack"]))
    try await show(
      DemoStep(
        time: "09:11", says: "An event for both of them.", account: "alice",
        arguments: [
          "card", "add", "Pediatrician checkup", "--kind", "event", "--at", "tomorrow 09:30",
        ]))
    try await show(
      DemoStep(
        time: "09:12", says: "A task for Bob.", account: "alice",
        arguments: [
          "card", "add", "Take out the recycling", "--kind", "task", "--at", "today 19:00",
          "--assignee", "partner",
        ]))
    try await show(
      DemoStep(
        time: "09:20", says: "Bob has a topic to talk about.", account: "bob",
        arguments: [
          "card", "add", "Daycare or nanny?", "--kind", "topic", "--reply-by", "tomorrow 21:00",
        ]))
    try await show(
      DemoStep(
        time: "12:00",
        says: "Bob's phone syncs: three things from Alice, and notifications planned.",
        account: "bob",
        arguments: ["sync"]))
    try await show(
      DemoStep(
        time: "12:01", says: "What waits for Bob to know.", account: "bob", arguments: ["pending"]))
    let diapers = try await cardID(titled: "Bought diapers", time: "12:02")
    try await show(
      DemoStep(
        time: "12:02", says: "Bob now knows about the diapers.", account: "bob",
        arguments: ["ack", diapers]))
    try await show(
      DemoStep(
        time: "12:30", says: "Alice's phone syncs: Bob knows, and his topic waits for her.",
        account: "alice",
        arguments: ["sync"]))
    let checkup = try await cardID(titled: "Pediatrician checkup", time: "12:31")
    try await show(
      DemoStep(
        time: "12:31", says: "Alice moves the checkup: Bob must know it again.", account: "alice",
        arguments: ["card", "edit", checkup, "--at", "tomorrow 10:00"]))
    try await show(
      DemoStep(
        time: "12:40", says: "Bob's phone syncs and replans.", account: "bob", arguments: ["sync"]))
    try await show(
      DemoStep(
        time: "12:41", says: "What Bob's phone will show, soonest first.", account: "bob",
        arguments: ["notifications"]))
    try await show(
      DemoStep(
        time: "13:00", says: "Alice replies to the topic and knows the rest.", account: "alice",
        arguments: ["ack", "--all"]))
    try await show(
      DemoStep(
        time: "13:01", says: "Nothing waits for Alice any more.", account: "alice",
        arguments: ["pending"]))

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
