import TeammateConformance
import TeammateTestHarness
import Testing

/// `NewsContract` of the conformance product, on each of our backends.
@Suite struct NewsContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_NEWS_08_thePartnersActsAreToldAsMade(kind: BackendKind) async throws {
    try await NewsContract.thePartnersActsAreToldAsMade.run(on: kind)
  }
}
