import Foundation
import TeammateCLI
import Testing

@Suite struct CompletionTests {
  /// What bash offers for `words` with the cursor on the last one, the script loaded as a
  /// person would load it.
  func offered(_ scratch: Scratch, _ words: [String]) async throws -> [String] {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let script = """
      source <(teammate completions bash)
      COMP_WORDS=(teammate \(quoted)); COMP_CWORD=\(words.count); _teammate
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let bin = Binary.url.deletingLastPathComponent().path
    let outcome = try await Binary.run(
      URL(fileURLWithPath: "/bin/bash"), ["-c", script],
      environment: scratch.environment.merging([
        "PATH": "\(bin):/usr/bin:/bin", "TEAMMATE_USER": "alice",
      ]) { $1 })
    #expect(outcome.exitCode == 0, "\(outcome.stderr)")
    return outcome.stdout.split(separator: "\n").map(String.init)
  }

  @Test func test_AC_CLI_49_completionScriptsOfferWhatTheToolHas() async throws {
    let scratch = try Scratch()
    try await scratch.couple()
    let id = try #require(try await scratch.card("alice", ["Nap"])["id"] as? String)
    await #expect(try offered(scratch, ["ca"]) == ["card"])
    await #expect(try offered(scratch, ["card", "re"]) == ["restore"])
    await #expect(try offered(scratch, ["card", "add", "Nap", "--ki"]) == ["--kind"])
    await #expect(
      try offered(scratch, ["card", "add", "x", "--kind", "t"]).sorted() == ["task", "topic"])
    await #expect(try offered(scratch, ["card", "show", ""]).contains(id))
    await #expect(try offered(scratch, ["--as", "bob", "sta"]) == ["status"])
    let zsh = await Teammate.run(["completions", "zsh"])
    #expect(zsh.stdout.hasPrefix("#compdef teammate") && zsh.stdout.contains("restore"))
    let fish = await Teammate.run(["completions", "fish"])
    #expect(fish.stdout.contains("complete -c teammate -n '__fish_use_subcommand' -a 'card'"))
    let other = await Teammate.run(["completions", "tcsh"])
    #expect(other.exitCode == 64)
  }
}
