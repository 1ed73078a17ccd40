import TeammateConformance
import TeammateTestHarness
import Testing

/// The whole contract of the conformance product on each of our backends, as an app team runs
/// it on theirs: one run over `BackendContract.checks`, each check on each backend kind a case
/// of its own, named by the kind, the check's acceptance id and its name. The checks' ids are
/// traced to this run (`scripts/lib/traceability.py`); a check added to the product runs here
/// with nothing written in this file.
@Suite struct BackendContractTests {
  /// One check on one backend kind.
  struct Case: Sendable, CustomTestStringConvertible {
    let kind: BackendKind
    let check: ContractCheck
    var testDescription: String { "\(kind.rawValue) \(check.id) \(check.name)" }
  }

  static let cases = BackendContract.checks.flatMap { check in
    BackendKind.allCases.map { Case(kind: $0, check: check) }
  }

  @Test(arguments: cases)
  func test_AC_CONF_06_everyCheckOfTheContractHoldsOnEveryBackend(run: Case) async throws {
    try await run.check.run(on: run.kind)
  }
}
