import Foundation
import TeammateKit
import Testing

/// The kinds of news `specs/cli.md` documents are the code's (AC-NEWS-11).
@Suite struct NewsKindsSpecTests {
  /// The kinds the spec lists after "a news `kind` is one of", up to the list's end.
  static func documented() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let spec = try String(
      contentsOf: root.appendingPathComponent("specs/cli.md"), encoding: .utf8)
    let start = try #require(spec.range(of: "a news `kind` is one of "))
    let list = spec[start.upperBound...].prefix { $0 != "(" && $0 != "\n" }
    return list.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
      $0.offset % 2 == 1
    }.map {
      String($0.element)
    }
  }

  @Test func test_AC_NEWS_11_theSpecNamesEveryKindOfNewsAndNoOther() throws {
    let documented = try Self.documented()
    let code = PartnerNews.Kind.allCases.map(\.rawValue)
    #expect(
      Set(documented) == Set(code),
      "missing \(Set(code).subtracting(documented)); extra \(Set(documented).subtracting(code))")
    #expect(documented.count == Set(documented).count, "\(documented)")
  }
}
