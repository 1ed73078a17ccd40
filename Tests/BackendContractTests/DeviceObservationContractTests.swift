import TeammateConformance
import TeammateTestHarness
import Testing

/// `DeviceObservationContract` of the conformance product, on each of our backends.
@Suite struct DeviceObservationContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_DEV_04_aScreenFollowsThePartnerWithoutSync(kind: BackendKind) async throws {
    try await DeviceObservationContract.aScreenFollowsThePartnerWithoutSync.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_DEV_05_theViewOfAWaitingWriteIsTheBackendsAnswer(kind: BackendKind) async throws {
    try await DeviceObservationContract.theViewOfAWaitingWriteIsTheBackendsAnswer.run(on: kind)
  }
}
