import Foundation
import TeammateKit

/// What a run writes: the terminal's text made safe, JSON, tables, warnings and the verbose
/// log, handed on in chunks or at once.
extension Session {
  /// Human output: any control character in it, but the newlines that end its lines, is
  /// shown as an escape, so text people typed cannot steer the terminal.
  mutating func write(_ text: String) {
    stdout += TerminalText.lines(text)
    drain()
  }

  /// Human output handed on at once, for a command that runs until interrupted: its lines
  /// must reach a reader as they happen, not in pieces.
  mutating func writeNow(_ text: String) {
    stdout += TerminalText.lines(text)
    drain(atOnce: true)
  }

  /// Output already made safe (a JSON line), handed on at once.
  mutating func writeJSONLineNow(_ value: JSONValue) {
    stdout += value.line
    drain(atOnce: true)
  }

  /// Whether stdout still reaches its reader.
  var outputFailed: Bool { flushFailed }

  /// A table, its cells made safe, its header bold where colour is allowed.
  mutating func write(_ table: Table) {
    stdout += table.render(colour: colour, width: terminalWidth)
    drain()
  }

  /// The width of the terminal stdout is, when the tool writes to one itself (never for
  /// output captured in process, piped or redirected).
  var terminalWidth: Int? {
    guard flush != nil, isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Hands the output written so far to `flush` once there is a piece worth sending (or at
  /// once, for a command whose lines must reach a reader as they happen), so that a large
  /// listing never sits whole in memory.
  mutating func drain(atOnce: Bool = false) {
    guard let flush, atOnce || stdout.utf8.count >= Self.chunk else { return }
    if !flushFailed { flushFailed = !flush(stdout) }
    stdout = ""
  }

  /// A JSON object whose last field is a long array, written one element at a time:
  /// `head` fields first (their keys sorting before `key`), then `key` with the items, each
  /// written by `item` into bytes at depth 2.
  mutating func writeJSONObject(
    _ head: KeyValuePairs<String, JSONValue>, array key: String, count: Int,
    _ item: (Int, inout [UInt8]) -> Void
  ) {
    stdout += "{\n"
    for (name, value) in head { stdout += "  \"\(name)\": \(value.text(indent: 1)),\n" }
    stdout += count == 0 ? "  \"\(key)\": []\n}\n" : "  \"\(key)\": [\n"
    guard count > 0 else { return }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.chunk + 4_096)
    for index in 0..<count {
      bytes.append(contentsOf: "    ".utf8)
      item(index, &bytes)
      bytes.append(contentsOf: index == count - 1 ? "\n".utf8 : ",\n".utf8)
      if bytes.count >= Self.chunk || index == count - 1 {
        stdout += String(decoding: bytes, as: UTF8.self)
        bytes.removeAll(keepingCapacity: true)
        drain()
      }
    }
    stdout += "  ]\n}\n"
  }

  /// A document for programs (an iCalendar file) as it is: its writer already made every
  /// character in it safe, and its CRLF endings are part of its format.
  mutating func writeDocument(_ text: String) {
    stdout += text
    drain()
  }

  mutating func writeJSON(_ value: JSONValue) {
    stdout += value.text
    drain()
  }

  /// A warning on stderr: the command still does what it was asked.
  mutating func warn(_ line: String) {
    stderr += "teammate: warning: \(TerminalText.visible(line))\n"
  }

  /// Under `--verbose`, one line on stderr with the time since the run started.
  mutating func log(_ line: String) {
    guard globals.verbose else { return }
    let elapsed = ContinuousClock.now - started
    let ms =
      Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3
    stderr += String(format: "teammate: [%6.1f ms] ", ms) + line + "\n"
  }

  /// Whether human output may use colour: a terminal, and no NO_COLOR.
  var colour: Bool {
    Self.colour(environment: environment, terminal: isatty(STDOUT_FILENO) == 1)
  }

  /// Colour on a terminal that is not `dumb`, unless NO_COLOR is set to a value: no-color.org
  /// says an empty NO_COLOR does not count.
  static func colour(environment: [String: String], terminal: Bool) -> Bool {
    terminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }
}
