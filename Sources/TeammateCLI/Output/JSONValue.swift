import TeammateKit

/// A JSON document as `--json` writes it: keys sorted, two-space indentation, `null` for
/// what is absent.
///
/// NB: written by hand rather than with `JSONEncoder`, which took most of the time of a
/// `pending --json` over thousands of cards (see docs/decisions/0006-cli-json-writer.md).
enum JSONValue {
  case string(String)
  case int(Int)
  case bool(Bool)
  case null
  case array([JSONValue])
  /// Fields in the order written in code; the writer sorts them by key.
  case object(KeyValuePairs<String, JSONValue>)

  /// A string, or `null` when there is none.
  static func string(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

  /// A number, or `null` when there is none.
  static func int(_ number: Int?) -> JSONValue { number.map { .int($0) } ?? .null }

  /// The value as it stands inside a document at nesting depth `indent`, with no newline.
  func text(indent: Int) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(estimatedSize)
    write(into: &output, indent: indent)
    return String(decoding: output, as: UTF8.self)
  }

  /// The document as text, ending with a newline.
  var text: String {
    var output: [UInt8] = []
    output.reserveCapacity(estimatedSize)
    write(into: &output, indent: 0)
    output.append(UInt8(ascii: "\n"))
    return String(decoding: output, as: UTF8.self)
  }

  /// The document on one line, ending with a newline: one per line in a stream of them
  /// (`watch --json`).
  var line: String {
    var output: [UInt8] = []
    output.reserveCapacity(estimatedSize)
    writeLine(into: &output)
    output.append(UInt8(ascii: "\n"))
    return String(decoding: output, as: UTF8.self)
  }

  private func writeLine(into output: inout [UInt8]) {
    switch self {
    case .array(let items):
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        item.writeLine(into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let fields):
      output.append(UInt8(ascii: "{"))
      for (index, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONString.append(field.key, to: &output)
        output.append(UInt8(ascii: ":"))
        field.value.writeLine(into: &output)
      }
      output.append(UInt8(ascii: "}"))
    default:
      write(into: &output, indent: 0)
    }
  }

  private func write(into output: inout [UInt8], indent: Int) {
    switch self {
    case .string(let text): JSONString.append(text, to: &output)
    case .int(let number): output.append(contentsOf: String(number).utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .null: output.append(contentsOf: "null".utf8)
    case .array(let items):
      guard !items.isEmpty else { return output.append(contentsOf: "[]".utf8) }
      output.append(contentsOf: "[\n".utf8)
      for (index, item) in items.enumerated() {
        Self.pad(indent + 1, into: &output)
        item.write(into: &output, indent: indent + 1)
        output.append(contentsOf: (index == items.count - 1 ? "\n" : ",\n").utf8)
      }
      Self.pad(indent, into: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let fields):
      guard !fields.isEmpty else { return output.append(contentsOf: "{}".utf8) }
      output.append(contentsOf: "{\n".utf8)
      // NB: insertion order is usually sorted already, which makes this sort cheap.
      let sorted = fields.sorted { $0.key < $1.key }
      for (index, field) in sorted.enumerated() {
        Self.pad(indent + 1, into: &output)
        JSONString.append(field.key, to: &output)
        output.append(contentsOf: ": ".utf8)
        field.value.write(into: &output, indent: indent + 1)
        output.append(contentsOf: (index == sorted.count - 1 ? "\n" : ",\n").utf8)
      }
      Self.pad(indent, into: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  /// A rough size of the text, so that the buffer grows once instead of many times.
  private var estimatedSize: Int {
    switch self {
    case .array(let items): return 64 + items.count * (items.first?.estimatedSize ?? 16)
    case .object(let fields): return 64 + fields.reduce(0) { $0 + 32 + $1.value.estimatedSize }
    case .string(let text): return text.utf8.count + 2
    default: return 8
    }
  }

  private static func pad(_ level: Int, into output: inout [UInt8]) {
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
  }
}
