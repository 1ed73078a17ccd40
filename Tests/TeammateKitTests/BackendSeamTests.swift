import Foundation
import Testing

@Suite struct BackendSeamTests {
  /// The requirements a protocol in `TeammateBackend.swift` declares, each with whether a doc
  /// comment stands right above it.
  static func requirements(of name: String) throws -> [(line: String, documented: Bool)] {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/TeammateKit/Backend/TeammateBackend.swift")
    let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("public protocol \(name):") }),
      let end = lines[start...].firstIndex(of: "}")
    else { return [] }
    var found: [(String, Bool)] = []
    for index in start + 1..<end {
      let line = lines[index].trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("func ") || line.hasPrefix("var ") || line.hasPrefix("associatedtype ")
      else { continue }
      found.append((line, lines[index - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///")))
    }
    return found
  }

  @Test func test_AC_DEV_08_theSeamIsFifteenDocumentedCallsAndOnePush() throws {
    let seam = try Self.requirements(of: "TeammateBackend")
    #expect(!seam.isEmpty && seam.count <= 15, "\(seam.count) requirements")
    for requirement in seam { #expect(requirement.documented, "\(requirement.line)") }
    let push = try Self.requirements(of: "PushingBackend")
    #expect(push.map { $0.line.hasPrefix("func pushes(") } == [true])
    #expect(push.allSatisfy { $0.documented })
  }
}
