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
    var names: Set<String> = []
    for check in BackendContract.checks {
      #expect(names.insert(check.name).inserted, "two checks are called \(check.name)")
    }
    // The one run over the whole list, every backend kind with it.
    let runs = sources.values.filter {
      $0.contains("BackendContract.checks") && $0.contains("BackendKind.allCases")
        && $0.contains("func test_AC_CONF_06_")
    }
    #expect(runs.count == 1, "no one run of BackendContract.checks on every backend kind")
    for (name, source) in sources {
      #expect(!source.contains("#expect") && !source.contains("#require"), "\(name) checks alone")
      // NB: a check of the list is run by `.run(on:)`; only the one run may.
      #expect(
        runs.contains(source) || !source.contains(".run(on:"),
        "\(name) runs a check of the list by hand")
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
