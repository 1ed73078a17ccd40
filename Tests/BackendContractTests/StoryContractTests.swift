import TeammateConformance
import TeammateTestHarness
import Testing

/// `StoryContract` of the conformance product, on each of our backends.
@Suite struct StoryContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_01_partnersCardIsPendingWithOneActivityNotification(kind: BackendKind)
    async throws
  {
    try await StoryContract.partnersCardIsPendingWithOneActivityNotification.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_02_acknowledgementReachesThePartner(kind: BackendKind) async throws {
    try await StoryContract.acknowledgementReachesThePartner.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_03_titleEditNeedsKnowingAgainNoteEditDoesNot(kind: BackendKind) async throws {
    try await StoryContract.titleEditNeedsKnowingAgainNoteEditDoesNot.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_06_syncingAgainWithNothingNewChangesNothing(kind: BackendKind) async throws {
    try await StoryContract.syncingAgainWithNothingNewChangesNothing.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_07_serverClockWinsOverASkewedDevice(kind: BackendKind) async throws {
    try await StoryContract.serverClockWinsOverASkewedDevice.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_13_leavingLetsGoOfTheHousehold(kind: BackendKind) async throws {
    try await StoryContract.leavingLetsGoOfTheHousehold.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_15_deletedCardLeavesPendingAndCancelsItsNotifications(kind: BackendKind)
    async throws
  {
    try await StoryContract.deletedCardLeavesPendingAndCancelsItsNotifications.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_16_linkingKeepsTheUid(kind: BackendKind) async throws {
    try await StoryContract.linkingKeepsTheUid.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_07_aDeviceClockHoursBehindChangesNoStoredTime(kind: BackendKind) async throws {
    try await StoryContract.aDeviceClockHoursBehindChangesNoStoredTime.run(on: kind)
  }
}
