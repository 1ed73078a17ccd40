import Foundation
import TeammateConformance
import Testing

/// Our contract tests (`BackendContractTests`) are the product's checks and nothing else.
@Suite struct ConformanceCoverageTests {
  /// The source of every file of the contract's test target.
  static func sources() throws -> [String: String] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../BackendContractTests").standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    var sources: [String: String] = [:]
    for name in names where name.hasSuffix(".swift") {
      sources[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
    return sources
  }

  @Test func test_AC_CONF_03_everyCheckRunsOnOurBackendsAndNoTestChecksAlone() throws {
    let sources = try Self.sources()
    let all = sources.values.joined(separator: "\n")
    var names: Set<String> = []
    for check in BackendContract.checks {
      #expect(names.insert(check.name).inserted, "two checks are called \(check.name)")
      let test = "func test_\(check.id.replacingOccurrences(of: "-", with: "_"))_\(check.name)("
      #expect(all.components(separatedBy: test).count == 2, "no one test \(test)")
    }
    for (name, source) in sources {
      #expect(!source.contains("#expect") && !source.contains("#require"), "\(name) checks alone")
    }
    // Every public check of the product is in the list.
    let product = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/TeammateConformance").standardized
    var declared = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: product.path) {
      let text = try String(contentsOf: product.appendingPathComponent(name), encoding: .utf8)
      declared += text.components(separatedBy: "= ContractCheck(").count - 1
    }
    #expect(declared == BackendContract.checks.count)
  }
}
