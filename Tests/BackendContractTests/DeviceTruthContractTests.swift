import TeammateConformance
import TeammateTestHarness
import Testing

/// `DeviceTruthContract` of the conformance product, on each of our backends.
@Suite struct DeviceTruthContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_25_eachReminderFiresOnceHoweverOftenTheDeviceSyncs(kind: BackendKind)
    async throws
  {
    try await DeviceTruthContract.eachReminderFiresOnceHoweverOftenTheDeviceSyncs.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_26_aDevicesOwnWritesReplanItAtOnce(kind: BackendKind) async throws {
    try await DeviceTruthContract.aDevicesOwnWritesReplanItAtOnce.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_27_aSyncSaysWhatThePartnerDidOncePerCard(kind: BackendKind) async throws {
    try await DeviceTruthContract.aSyncSaysWhatThePartnerDidOncePerCard.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_28_acknowledgingAllPendingIsOneWriteAtTheRevisionsThen(kind: BackendKind)
    async throws
  {
    try await DeviceTruthContract.acknowledgingAllPendingIsOneWriteAtTheRevisionsThen.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_29_theLastMemberLeavesOnlyByDeletingTheHousehold(kind: BackendKind) async throws
  {
    try await DeviceTruthContract.theLastMemberLeavesOnlyByDeletingTheHousehold.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_30_eitherMemberRestoresADeletedCard(kind: BackendKind) async throws {
    try await DeviceTruthContract.eitherMemberRestoresADeletedCard.run(on: kind)
  }
}
