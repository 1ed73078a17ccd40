import Foundation

/// An example of the embedding article, read so that a test can hold each of its lines: an
/// example that no test runs drifts from the code.
public enum ArticleExample {
  /// The lines of the first Swift example under `heading` in the embedding article, trimmed,
  /// the closing braces left out; `file` is the calling test's `#filePath`.
  public static func lines(under heading: String, from file: String) throws -> [String] {
    let article = try String(
      contentsOf: URL(fileURLWithPath: file).deletingLastPathComponent()
        .appendingPathComponent(
          "../../Sources/TeammateKit/TeammateKit.docc/EmbeddingTeammateKit.md"
        ).standardized, encoding: .utf8)
    guard
      let example = article.components(separatedBy: "### " + heading).dropFirst().first?
        .components(separatedBy: "```swift\n").dropFirst().first?
        .components(separatedBy: "```").first
    else { return [] }
    return example.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0 != "}" }
  }

  /// The lines of that example that the test at `file` does not hold, as written.
  public static func linesNotRun(under heading: String, by file: String) throws -> [String] {
    let source = try String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8)
    return try lines(under: heading, from: file).filter { !source.contains($0) }
  }
}
