import TeammateConformance
import TeammateTestHarness
import Testing

/// `AccessContract` of the conformance product, on each of our backends.
@Suite struct AccessContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_ACC_07_strangerCanReadAndWriteNothing(kind: BackendKind) async throws {
    try await AccessContract.strangerCanReadAndWriteNothing.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_ACC_08_formerMemberIsAStrangerAndSettingsAreOwn(kind: BackendKind) async throws {
    try await AccessContract.formerMemberIsAStrangerAndSettingsAreOwn.run(on: kind)
  }
}
