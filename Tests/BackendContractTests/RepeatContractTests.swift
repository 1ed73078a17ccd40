import TeammateConformance
import TeammateTestHarness
import Testing

/// `RepeatContract` of the conformance product, on each of our backends.
@Suite struct RepeatContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_REP_13_theRuleIsStoredAndSyncedLikeAnyField(kind: BackendKind) async throws {
    try await RepeatContract.theRuleIsStoredAndSyncedLikeAnyField.run(on: kind)
  }
}
