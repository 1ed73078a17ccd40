import Foundation
import TeammateCLI
import Testing

/// The README's tour, run as written: the README cannot drift from the tool.
@Suite struct ReadmeTourTests {
  /// The words of a shell command line: spaces split, double quotes group, `#` ends it.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    var started = false
    for character in line {
      if character == "\"" {
        quoted.toggle()
        started = true
      } else if character == "#" && !quoted {
        break
      } else if character == " " && !quoted {
        if started { words.append(current) }
        current = ""
        started = false
      } else {
        current.append(character)
        started = true
      }
    }
    if started { words.append(current) }
    return words
  }

  @Test func test_AC_CLI_46_theReadmeTourRunsAsWritten() async throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let start = try #require(text.range(of: "## A tour of the command line"))
    let block = try #require(text[start.upperBound...].range(of: "```sh\n"))
    let end = try #require(text[block.upperBound...].range(of: "```"))
    let lines = text[block.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    let commands = lines.filter { $0.hasPrefix("teammate ") }
    #expect(commands.count >= 10)
    let scratch = try Scratch()
    var code = ""
    var id = ""
    for line in commands {
      // NB: `a && b` is two commands, as the shell runs them.
      for part in line.components(separatedBy: " && ") {
        var arguments = Array(Self.words(part).dropFirst())
        arguments = arguments.map { $0 == "<CODE>" ? code : $0 == "<ID>" ? id : $0 }
        let outcome = await Teammate.run(["--json"] + arguments, environment: scratch.environment)
        #expect(outcome.exitCode == 0, "\(part): \(outcome.stderr)")
        let document =
          (try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))) as? [String: Any]
        if let invite = document?["invite"] as? [String: Any], let found = invite["code"] as? String
        {
          code = found
        }
        if id.isEmpty, let card = document?["card"] as? [String: Any],
          card["kind"] as? String == "event", let found = card["id"] as? String
        {
          id = found
        }
      }
    }
    #expect(!code.isEmpty && !id.isEmpty)
  }
}
