import TeammateConformance
import TeammateTestHarness
import Testing

/// `RaceContract` of the conformance product, on each of our backends.
@Suite struct RaceContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_08_twoAccountsRacingForOneCodeOneJoins(kind: BackendKind) async throws {
    try await RaceContract.twoAccountsRacingForOneCodeOneJoins.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_09_concurrentEditsBothLand(kind: BackendKind) async throws {
    try await RaceContract.concurrentEditsBothLand.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_10_acknowledgementAfterATitleEditIsStale(kind: BackendKind) async throws {
    try await RaceContract.acknowledgementAfterATitleEditIsStale.run(on: kind)
  }
}
