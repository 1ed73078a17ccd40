import TeammateConformance
import TeammateTestHarness
import Testing

/// `OfflineContract` of the conformance product, on each of our backends.
@Suite struct OfflineContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_01_offlineWritesApplyAtOnceAndWaitInOrder(kind: BackendKind) async throws {
    try await OfflineContract.offlineWritesApplyAtOnceAndWaitInOrder.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_02_backOnlineTheOutboxLandsOnceInOrder(kind: BackendKind) async throws {
    try await OfflineContract.backOnlineTheOutboxLandsOnceInOrder.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_03_aWriteSentAgainIsAnsweredAsTheFirstTime(kind: BackendKind) async throws {
    try await OfflineContract.aWriteSentAgainIsAnsweredAsTheFirstTime.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_04_theBackendChecksAgainAndStampsItsOwnTime(kind: BackendKind) async throws {
    try await OfflineContract.theBackendChecksAgainAndStampsItsOwnTime.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_05_aRefusedWriteBecomesAConflictAndTheViewGoesBack(kind: BackendKind)
    async throws
  {
    try await OfflineContract.aRefusedWriteBecomesAConflictAndTheViewGoesBack.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_06_editsMergeByFieldAndTheLaterArrivalWins(kind: BackendKind) async throws {
    try await OfflineContract.editsMergeByFieldAndTheLaterArrivalWins.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_07_theOutboxAndConflictsSurviveARestart(kind: BackendKind) async throws {
    try await OfflineContract.theOutboxAndConflictsSurviveARestart.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_08_theBadgeAndPlanFollowTheViewWhileAWriteWaits(kind: BackendKind) async throws {
    try await OfflineContract.theBadgeAndPlanFollowTheViewWhileAWriteWaits.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_09_aLostReplyIsSentAgainAndAnOnlineRefusalIsThrown(kind: BackendKind)
    async throws
  {
    try await OfflineContract.aLostReplyIsSentAgainAndAnOnlineRefusalIsThrown.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_10_receiptsAreKeptOnlyWhileADeviceMayAskForThem(kind: BackendKind)
    async throws
  {
    try await OfflineContract.receiptsAreKeptOnlyWhileADeviceMayAskForThem.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_11_aWriteIDNoDeviceMakesIsRefused(kind: BackendKind) async throws {
    try await OfflineContract.aWriteIDNoDeviceMakesIsRefused.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_OFF_12_aHouseholdIsMadeThroughTheOutbox(kind: BackendKind) async throws {
    try await OfflineContract.aHouseholdIsMadeThroughTheOutbox.run(on: kind)
  }
}
