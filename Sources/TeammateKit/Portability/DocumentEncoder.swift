import Foundation

/// The household document's own writer: byte for byte what Foundation's `JSONEncoder` writes
/// with sorted keys, pretty printing, unescaped slashes and the document's times
/// (AC-PORT-18), in a small part of its time. Foundation's encoder keeps each object as a
/// dictionary and wrote a household of 10,000 cards at about 48 ns a byte, most of an
/// export's time (docs/benchmarks.md); this one collects a value as a `Tree` through its
/// `encode(to:)` (`TreeContext`), an object's fields as a list, and writes it with
/// `DocumentBytes`, each shape's keys sorted once.
///
/// NB: an `Encoder`, so that a field a type adds is written the day it is added; only cards
/// and changes, most of a document, are written field by field, and a test holds their
/// writer to every field the types have (`Mirror`). The test compares the two encoders on
/// every fixture and on a household of every shape (ADR 0023).
struct DocumentEncoder {
  /// A part of a document to write on a thread of its own: its bytes.
  typealias Part = @Sendable () throws -> [UInt8]

  /// `value` as the document's bytes.
  func encode(_ value: some Encodable) throws -> Data {
    Data(try bytes(of: value, depth: 0))
  }

  /// `value` as it stands in a document at nesting `depth`.
  func bytes(of value: some Encodable, depth: Int) throws -> [UInt8] {
    let context = TreeContext()
    defer { context.encoders.removeAll() }
    let tree = try context.tree(of: value)
    var writer = DocumentBytes()
    writer.write(tree, depth: depth)
    return writer.bytes
  }

  /// The elements of `values` as they stand in an array at nesting `depth`, without the
  /// array's brackets: a part of a long array, for `array(of:depth:)` to put together.
  func elements<Element: Encodable>(of values: [Element], depth: Int) throws
    -> [UInt8]
  {
    let whole = try bytes(of: values, depth: depth)
    // NB: `[` and its line before, the last line's end, the indent and `]` after.
    return Array(whole.dropFirst(2).dropLast(2 + depth * 2))
  }

  /// An array at nesting `depth` of the elements of `parts` (each from `elements(of:depth:)`),
  /// in their order.
  static func array(of parts: [[UInt8]], depth: Int) -> [UInt8] {
    var bytes = Array("[\n".utf8)
    for (index, part) in parts.filter({ !$0.isEmpty }).enumerated() {
      if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
      bytes.append(contentsOf: part)
    }
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    bytes.append(UInt8(ascii: "]"))
    return bytes
  }

  /// Each of `parts` written at once, on as many threads as the machine has.
  static func inParallel(_ parts: [Part]) throws -> [[UInt8]] {
    let results = Results(count: parts.count)
    DispatchQueue.concurrentPerform(iterations: parts.count) { index in
      results.put(Result { try parts[index]() }, at: index)
    }
    return try results.all()
  }

  /// The parts' bytes as each thread finishes, for the caller once all have.
  ///
  /// NB: a lock rather than `Mutex`, which an app on iOS 17 does not have.
  private final class Results: @unchecked Sendable {
    private var values: [Result<[UInt8], any Error>?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func put(_ value: Result<[UInt8], any Error>, at index: Int) {
      lock.withLock { values[index] = value }
    }
    func all() throws -> [[UInt8]] { try lock.withLock { try values.compactMap { try $0?.get() } } }
  }
}
