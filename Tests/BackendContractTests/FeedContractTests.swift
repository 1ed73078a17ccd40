import TeammateConformance
import TeammateTestHarness
import Testing

/// `FeedContract` of the conformance product, on each of our backends.
@Suite struct FeedContractTests {
  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_04_feedIsOrderedPerHouseholdAndPagesByCursor(kind: BackendKind) async throws {
    try await FeedContract.feedIsOrderedPerHouseholdAndPagesByCursor.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_05_duplicateLateAndReversedPushesDoNoHarm(kind: BackendKind) async throws {
    try await FeedContract.duplicateLateAndReversedPushesDoNoHarm.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_14_refusedCallsChangeNothing(kind: BackendKind) async throws {
    try await FeedContract.refusedCallsChangeNothing.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_17_batchOfCardsIsAllOrNothing(kind: BackendKind) async throws {
    try await FeedContract.batchOfCardsIsAllOrNothing.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_18_acknowledgingSeveralIsAllOrNothing(kind: BackendKind) async throws {
    try await FeedContract.acknowledgingSeveralIsAllOrNothing.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_22_anUpdateThatChangesNothingAddsNothingToTheFeed(kind: BackendKind)
    async throws
  {
    try await FeedContract.anUpdateThatChangesNothingAddsNothingToTheFeed.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_23_acknowledgingCompletingAndDeletingAreNotActivity(kind: BackendKind)
    async throws
  {
    try await FeedContract.acknowledgingCompletingAndDeletingAreNotActivity.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_32_aDevicePullsEveryPageEvenAnExactMultiple(kind: BackendKind) async throws {
    try await FeedContract.aDevicePullsEveryPageEvenAnExactMultiple.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_35_pendingCardsAreExactlyTheRules(kind: BackendKind) async throws {
    try await FeedContract.pendingCardsAreExactlyTheRules.run(on: kind)
  }

  @Test(arguments: BackendKind.allCases)
  func test_AC_SYNC_36_textRoundTripsExactly(kind: BackendKind) async throws {
    try await FeedContract.textRoundTripsExactly.run(on: kind)
  }
}
