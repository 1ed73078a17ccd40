import TeammateConformance
import TeammateTestHarness
import Testing

/// `DeviceConcurrencyContract` of the conformance product, on each of our backends.
@Suite struct DeviceConcurrencyContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_DEV_01_manyCallsAtOnceLandOnceInOrder(kind: BackendKind) async throws {
    try await DeviceConcurrencyContract.manyCallsAtOnceLandOnceInOrder.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_DEV_02_cancelledCallersLeaveNothingHalfDone(kind: BackendKind) async throws {
    try await DeviceConcurrencyContract.cancelledCallersLeaveNothingHalfDone.run(on: kind)
  }
}
