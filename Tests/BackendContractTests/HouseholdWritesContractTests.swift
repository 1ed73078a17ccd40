import TeammateConformance
import TeammateTestHarness
import Testing

/// `HouseholdWritesContract` of the conformance product, on each of our backends.
@Suite struct HouseholdWritesContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_WRITE_04_householdAndMemberChangesAreWrites(kind: BackendKind) async throws {
    try await HouseholdWritesContract.householdAndMemberChangesAreWrites.run(on: kind)
  }
}
