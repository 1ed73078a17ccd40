import TeammateConformance
import TeammateTestHarness
import Testing

/// `DeviceStoreContract` of the conformance product, on each of our backends.
@Suite struct DeviceStoreContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_DEV_10_aDroppedDeviceLosesNothingAndSendsOnce(kind: BackendKind) async throws {
    try await DeviceStoreContract.aDroppedDeviceLosesNothingAndSendsOnce.run(on: kind)
  }
}
